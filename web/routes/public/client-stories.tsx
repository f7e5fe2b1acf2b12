/** Client stories: the featured story and the 'Client Experiences' grid, or the spec's error view. */
import { useEffect } from 'react';
import { clientStories } from '../../../shared/copy/public';
import { ClientStoriesView } from '../../components/public/client-stories-view';
import { pageMeta } from '../../lib/page-meta';
import { loadResource } from '../../lib/section-data.server';
import type { Route } from './+types/client-stories';

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

export default function ClientStoriesPage({ loaderData }: Route.ComponentProps) {
  // the spec: client stories scroll to the top on load
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return <ClientStoriesView section={loaderData.clients} headingLevel={1} />;
}
