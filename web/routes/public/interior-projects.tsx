/** Interior projects (/project/interior): the Interior projects and their JSON-LD; the page itself is web/pages/interior-projects.tsx. */
import { interior, interiorProjects as copy } from '../../../shared/copy/public';
import { PublicPage } from '../../lib/public-page';
import { projectListMeta } from '../../lib/page-meta';
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
  return projectListMeta({
    title: copy.title,
    description: copy.metaDescription,
    path,
    crumbs: [
      { name: interior.title, path: '/interior' },
      { name: copy.title, path },
    ],
    projects: data?.projects,
    matches,
  });
}

export default function InteriorProjectsRoute({ loaderData }: Route.ComponentProps) {
  return <PublicPage name="interior-projects" Component={InteriorProjectsPage} props={loaderData} />;
}
