/** Page loaders receive the server's services in `context` (see server/web/web-app.ts). */
import type { WebLoadContext } from '../server/web/web-app';

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
