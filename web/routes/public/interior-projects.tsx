/** Interior projects (/project/interior): the Interior projects and their JSON-LD; the page itself is web/pages/interior-projects.tsx. */
import { interior, interiorProjects as copy } from '../../../shared/copy/public';
import { PublicPage } from '../../lib/public-page';
import { pageMeta } from '../../lib/page-meta';
import { layoutDataOf } from '../../lib/site-settings';
import { projectsJsonLd } from '../../../shared/structured-data';
import { loadResource } from '../../lib/section-data.server';
import InteriorProjectsPage, { type InteriorProjectsPageProps } from '../../pages/interior-projects';
import type { Route } from './+types/interior-projects';

export async function loader({ context }: Route.LoaderArgs): Promise<InteriorProjectsPageProps> {
  const projects = await loadResource(context, 'project');
  const interiorOnly = projects.ok ? { ok: true as const, data: projects.data.filter((p) => p.category === 'Interior') } : projects;
  return { projects: interiorOnly };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const path = '/project/interior';
  const baseUrl = layoutDataOf(matches)?.baseUrl ?? '';
  return pageMeta({
    title: copy.title,
    description: copy.metaDescription,
    path,
    crumbs: [
      { name: interior.title, path: '/interior' },
      { name: copy.title, path },
    ],
    jsonLd: data?.projects.ok ? projectsJsonLd(baseUrl, path, copy.title, data.projects.data) : [],
    matches,
  });
}

export default function InteriorProjectsRoute({ loaderData }: Route.ComponentProps) {
  return <PublicPage name="interior-projects" Component={InteriorProjectsPage} props={loaderData} />;
}
