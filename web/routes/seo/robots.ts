/** robots.txt: everything public may be crawled, the admin area not; points to the sitemap. */
import type { Route } from './+types/robots';

export function loader({ context }: Route.LoaderArgs) {
  const base = context.services.env.publicUrl.replace(/\/+$/, '');
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
