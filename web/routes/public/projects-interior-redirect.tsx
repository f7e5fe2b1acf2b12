import { redirect } from 'react-router';

/** /projects/Interior, a link seen on the old site: the projects listing filtered to Interior. */
export function loader() {
  return redirect('/project/exterior?category=interior', 301);
}

export default function ProjectsInteriorRedirect() {
  return null;
}
