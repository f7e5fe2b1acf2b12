/** Home (/): the first banner, properties, top projects and client stories; the page itself is web/pages/home.tsx. */
import { PublicPage } from '../../lib/public-page';
import { pageMeta } from '../../lib/page-meta';
import { loadResource } from '../../lib/section-data.server';
import type { Route } from './+types/home';
import HomePage from '../../pages/home';

export async function loader({ context }: Route.LoaderArgs) {
  const [banners, properties, topProjects, clients] = await Promise.all([
    loadResource(context, 'banners'),
    loadResource(context, 'property'),
    loadResource(context, 'topprojects'),
    loadResource(context, 'clients'),
  ]);
  // only the first banner is shown; send no more than that
  const banner = banners.ok ? { ok: true as const, data: banners.data[0] ?? null } : banners;
  return { banner, properties, topProjects, clients };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const image = data?.banner.ok ? data.banner.data?.image : undefined;
  // the home page carries the settings' default title and description
  return pageMeta({ title: null, path: '/', image, matches });
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return <PublicPage name="home" Component={HomePage} props={loaderData} />;
}
