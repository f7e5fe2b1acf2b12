/** Interior (/interior): its banner and the three sections that load together; the page itself is web/pages/interior.tsx. */
import { interior } from '../../../shared/copy/public';
import { PublicPage } from '../../lib/public-page';
import { pageMeta } from '../../lib/page-meta';
import { loadResource } from '../../lib/section-data.server';
import InteriorPage, { type InteriorPageProps } from '../../pages/interior';
import type { Route } from './+types/interior';

export async function loader({ context }: Route.LoaderArgs): Promise<InteriorPageProps> {
  const [banners, solutions, experience, portfolio] = await Promise.all([
    loadResource(context, 'Interiorbanner'),
    loadResource(context, 'solution'),
    loadResource(context, 'experience'),
    loadResource(context, 'interiorportfolio'),
  ]);
  const banner = banners.ok ? (banners.data[0] ?? null) : null;
  // the spec: these three load together, and their failure replaces the page with one message
  const content =
    solutions.ok && experience.ok && portfolio.ok
      ? { solutions: solutions.data, experience: experience.data, portfolio: portfolio.data }
      : null;
  return { banner, bannerFailed: !banners.ok, content };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta({
    title: interior.title,
    description: interior.metaDescription,
    path: '/interior',
    image: data?.banner?.image,
    crumbs: [{ name: interior.title, path: '/interior' }],
    matches,
  });
}

export default function InteriorRoute({ loaderData }: Route.ComponentProps) {
  return <PublicPage name="interior" Component={InteriorPage} props={loaderData} />;
}
