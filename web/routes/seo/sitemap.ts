/** sitemap.xml: every public page, with absolute URLs from PUBLIC_URL. */
import { PUBLIC_PAGES } from '../../lib/public-pages';
import type { Route } from './+types/sitemap';

export function loader({ context }: Route.LoaderArgs) {
  const base = context.services.env.publicUrl.replace(/\/+$/, '');
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${base}${path}</loc><changefreq>weekly</changefreq></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
