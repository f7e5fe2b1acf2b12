/** Gallery (/gallery): its items; the page itself is web/pages/gallery.tsx. */
import { gallery } from '../../../shared/copy/public';
import { PublicPage } from '../../lib/public-page';
import { pageMeta } from '../../lib/page-meta';
import { loadResource } from '../../lib/section-data.server';
import GalleryPage, { type GalleryPageProps } from '../../pages/gallery';
import type { Route } from './+types/gallery';

export async function loader({ context }: Route.LoaderArgs): Promise<GalleryPageProps> {
  return { items: await loadResource(context, 'gallery') };
}

export function meta({ matches }: Route.MetaArgs) {
  const crumbs = [{ name: gallery.title, path: '/gallery' }];
  return pageMeta({ title: gallery.title, description: gallery.metaDescription, path: '/gallery', crumbs, matches });
}

export default function GalleryRoute({ loaderData }: Route.ComponentProps) {
  return <PublicPage name="gallery" Component={GalleryPage} props={loaderData} />;
}
