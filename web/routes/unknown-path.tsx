import { redirect } from 'react-router';
import { localizedPath, splitLanguage } from '../../shared/languages';
import type { Route } from './+types/unknown-path';

/** Unknown paths go to the home page of their language (the spec's redirect to /, as a real HTTP redirect; /kn/… to /kn). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizedPath('/', splitLanguage(new URL(request.url).pathname).language), 302);
}

export default function UnknownPath() {
  return null;
}
