/** About (/about): its banners, team, community entry and About content; the page itself is web/pages/about.tsx. */
import { PublicPage } from '../../lib/public-page';
import { about } from '../../../shared/copy/public';
import { pageMeta } from '../../lib/page-meta';
import { loadResource, loadSection } from '../../lib/section-data.server';
import type { Route } from './+types/about';
import AboutPage from '../../pages/about';

export async function loader({ context }: Route.LoaderArgs) {
  const [banners, team, community, content] = await Promise.all([
    loadResource(context, 'bannerAbout'),
    loadResource(context, 'team-members'),
    loadResource(context, 'communityAbout'),
    loadSection(context, () => context.services.about.get()),
  ]);
  // the spec: community text uses the first entry and only its first three images
  const first = community.ok ? community.data[0] : undefined;
  const communityEntry = first ? { ...first, images: first.images.slice(0, 3) } : null;
  return { banners, team, community: communityEntry, content: content.ok ? content.data : null };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const image = data?.banners.ok ? data.banners.data[0]?.image : undefined;
  const crumbs = [{ name: about.title, path: '/about' }];
  return pageMeta({ title: about.title, description: about.metaDescription, path: '/about', image, crumbs, matches });
}

export default function AboutRoute({ loaderData }: Route.ComponentProps) {
  return <PublicPage name="about" Component={AboutPage} props={loaderData} />;
}
