/** sitemap.xml: every public page (web/pages/, in their order), with absolute URLs from PUBLIC_URL and the time its content last changed. */
import { sharedCacheControl } from '../../../shared/shared-cache';
import { publicPages } from '../../pages';
import type { Route } from './+types/sitemap';

const latest = (times: (Date | null)[]): Date | null =>
  times.reduce<Date | null>((last, time) => (time && (!last || time > last) ? time : last), null);

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const base = services.env.publicUrl.replace(/\/+$/, '');
  const keys = [...new Set(publicPages.flatMap((page) => page.sitemap.resources))];
  const changes = new Map(await Promise.all(keys.map(async (key) => [key, await services.content.reads.lastChange(key)] as const)));
  // every page shows the Site settings (header, footer, JSON-LD)
  const [settingsAt, aboutAt] = await Promise.all([services.siteSettings.updatedAt(), services.about.updatedAt()]);
  const urls = publicPages
    .filter((page) => !page.unlisted)
    .map(({ path, sitemap: source }) => {
      const lastmod = latest([settingsAt, source.about ? aboutAt : null, ...source.resources.map((key) => changes.get(key) ?? null)]);
      const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
      return `  <url><loc>${base}${path}</loc>${modified}<changefreq>weekly</changefreq></url>`;
    })
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  // its lastmod changes with every publish: a shared cache keeps it no longer than the pages it lists
  const headers = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': sharedCacheControl(services.env) };
  return new Response(body, { headers });
}
