/** Client stories: the featured story and the 'Client Experiences' grid, or the spec's error view. */
import { useEffect } from 'react';
import { ClientStoriesView } from '../components/public/client-stories-view';
import type { Route } from '../routes/public/+types/client-stories';

export default function ClientStoriesPage(loaderData: Route.ComponentProps['loaderData']) {
  // the spec: client stories scroll to the top on load
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return <ClientStoriesView section={loaderData.clients} headingLevel={1} />;
}
