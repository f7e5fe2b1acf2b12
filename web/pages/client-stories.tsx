/** Client stories: the featured story and the 'Client Experiences' grid, or the spec's error view. */
import { useEffect } from 'react';
import { ClientStoriesView } from '../components/public/client-stories-view';
import { definePublicPage, type PagePropsOf } from '../lib/public-page-definition';

export const page = definePublicPage({
  path: '/client',
  order: 30,
  label: ['nav', 'clientStories'],
  menus: ['footer'],
  loadingText: ['states', 'clientStoriesLoading'],
  sitemap: { resources: ['clients'] },
  load: async ({ load }) => ({ clients: await load('clients') }),
  meta: ({ copy }) => ({ title: copy.clientStories.title, description: copy.clientStories.metaDescription }),
});

export default function ClientStoriesPage(loaderData: PagePropsOf<typeof page>) {
  // the spec: client stories scroll to the top on load
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return <ClientStoriesView section={loaderData.clients} headingLevel={1} />;
}
