/** Projects (/project/exterior): the projects and their JSON-LD; the page itself is web/pages/projects.tsx. */
import { projects as copy } from '../../../shared/copy/public';
import { PublicPage } from '../../lib/public-page';
import { projectListMeta } from '../../lib/page-meta';
import { loadResource } from '../../lib/section-data.server';
import ProjectsPage, { type ProjectsPageProps } from '../../pages/projects';
import type { Route } from './+types/projects';

export async function loader({ context }: Route.LoaderArgs): Promise<ProjectsPageProps> {
  return { projects: await loadResource(context, 'project') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const path = '/project/exterior';
  return projectListMeta({
    title: copy.title,
    description: copy.metaDescription,
    path,
    crumbs: [{ name: copy.title, path }],
    projects: data?.projects,
    matches,
  });
}

export default function ProjectsRoute({ loaderData }: Route.ComponentProps) {
  return <PublicPage name="projects" Component={ProjectsPage} props={loaderData} />;
}
