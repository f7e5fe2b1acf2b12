/**
 * sitemap.xml: every public page (web/pages/, in their order) in every language, with absolute URLs from PUBLIC_URL,
 * the time its content last changed, and its address in each language as xhtml:link alternates (docs/decisions/0049).
 */
import { sharedCacheControl } from '../../../shared/shared-cache';
import { LANGUAGES, languageAlternates, localizedPath } from '../../../shared/languages';
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
    .flatMap(({ path, sitemap: source }) => {
      const lastmod = latest([settingsAt, source.about ? aboutAt : null, ...source.resources.map((key) => changes.get(key) ?? null)]);
      const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
      const alternates = languageAlternates(base, path)
        .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`)
        .join('');
      // the same content in every language: one lastmod
      return LANGUAGES.map(
        ({ code }) => `  <url><loc>${base}${localizedPath(path, code)}</loc>${modified}<changefreq>weekly</changefreq>${alternates}</url>`,
      );
    })
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  // its lastmod changes with every publish: a shared cache keeps it no longer than the pages it lists
  const headers = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': sharedCacheControl(services.env) };
  return new Response(body, { headers });
}
