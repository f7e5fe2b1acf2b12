/** Client stories (/client); the page itself is web/pages/client-stories.tsx. */
import { PublicPage } from '../../lib/public-page';
import { clientStories } from '../../../shared/copy/public';
import { pageMeta } from '../../lib/page-meta';
import { loadResource } from '../../lib/section-data.server';
import type { Route } from './+types/client-stories';
import ClientStoriesPage from '../../pages/client-stories';

export async function loader({ context }: Route.LoaderArgs) {
  return { clients: await loadResource(context, 'clients') };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: clientStories.title,
    description: clientStories.metaDescription,
    path: '/client',
    crumbs: [{ name: clientStories.title, path: '/client' }],
    matches,
  });
}

export default function ClientStoriesRoute({ loaderData }: Route.ComponentProps) {
  return <PublicPage name="client-stories" Component={ClientStoriesPage} props={loaderData} />;
}
