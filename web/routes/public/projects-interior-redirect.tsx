import { redirect } from 'react-router';
import { localizedHref, splitLanguage } from '../../../shared/languages';
import type { Route } from './+types/projects-interior-redirect';

/** /projects/Interior, a link seen on the old site (and /kn/projects/Interior): the projects listing filtered to Interior, in the path's language. */
export function loader({ request }: Route.LoaderArgs) {
  const { language } = splitLanguage(new URL(request.url).pathname);
  return redirect(localizedHref('/project/exterior?category=interior', language), 301);
}

export default function ProjectsInteriorRedirect() {
  return null;
}
