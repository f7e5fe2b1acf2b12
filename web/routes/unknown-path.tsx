import { redirect } from 'react-router';

/** Unknown paths go to the home page (the spec's redirect to /, as a real HTTP redirect). */
export function loader() {
  return redirect('/', 302);
}

export default function UnknownPath() {
  return null;
}
