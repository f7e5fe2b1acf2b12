/** Title, description, canonical URL, language alternates, Open Graph tags and JSON-LD for one public page. */
import type { MetaDescriptor } from 'react-router';
import { LANGUAGES, languageAlternates, languageDef, localizedHref, localizedPath, type Language } from '../../shared/languages';
import type { PublicCopy } from '../../shared/copy/public-copy';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings';
import { layoutDataOf } from './site-settings';
import { breadcrumbJsonLd, businessJsonLd, projectsJsonLd, webPageJsonLd, type Crumb } from '../../shared/structured-data';
import type { PageMetaOf, PublicPageDefinition } from './public-page-definition';
import { publicCopyOf } from './public-copies';

export interface PageMetaInput extends PageMetaOf {
  /** The page's own path (English: the definition's); the page's address is it in `language`. */
  path: string;
  language: Language;
  /** The page language's fixed texts (the breadcrumb's Home). */
  copy: PublicCopy;
  /** The meta function's matches: the public layout's among them carries the settings and base URL. */
  matches: readonly unknown[];
}

export function pageMeta({
  title,
  description,
  path,
  language,
  copy,
  image,
  crumbs = [],
  projects,
  matches,
}: PageMetaInput): MetaDescriptor[] {
  const layout = layoutDataOf(matches);
  const site = layout?.site ?? DEFAULT_SITE_SETTINGS;
  const baseUrl = layout?.baseUrl ?? '';
  const fullTitle = title === null ? site.defaultTitle : `${title} | ${site.companyName}`;
  const text = description ?? site.defaultDescription;
  const ownPath = localizedPath(path, language);
  const url = `${baseUrl}${ownPath}`;
  const shared = site.shareImage || image;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: text },
    // canonical: the page in its own language (each language's page is a page of its own)
    { tagName: 'link', rel: 'canonical', href: url },
    ...languageAlternates(baseUrl, path).map(({ hreflang, href }) => ({ tagName: 'link', rel: 'alternate', hrefLang: hreflang, href })),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.companyName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: text },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: languageDef(language).ogLocale },
    ...LANGUAGES.filter(({ code }) => code !== language).map(({ ogLocale }) => ({ property: 'og:locale:alternate', content: ogLocale })),
    { name: 'twitter:card', content: shared ? 'summary_large_image' : 'summary' },
  ];
  if (shared) tags.push({ property: 'og:image', content: `${baseUrl}${shared}` });
  // JSON-LD: a data block (never run), so the CSP's script rules do not apply; React Router escapes "<" in it
  const trail: Crumb[] = [{ name: copy.nav.home, path: '/' }, ...crumbs].map((crumb) => ({
    ...crumb,
    path: localizedHref(crumb.path, language),
  }));
  // a project list's projects as JSON-LD item lists, once they have loaded
  const listed = projects?.ok ? projectsJsonLd(baseUrl, ownPath, title ?? site.defaultTitle, projects.data) : [];
  const page = webPageJsonLd(baseUrl, url, fullTitle, language);
  for (const data of [businessJsonLd(site, baseUrl), page, breadcrumbJsonLd(baseUrl, trail), ...listed])
    tags.push({ 'script:ld+json': data });
  return tags;
}

/**
 * A page's meta from its definition, in `language`. Meta runs on the server (React Router's client build has it
 * for the development server's hydration, where every language's copy may load; visitors' public entry never does).
 */
export function publicPageMeta(
  page: Pick<PublicPageDefinition<unknown>, 'path' | 'meta'>,
  language: Language,
  data: unknown,
  matches: readonly unknown[],
): MetaDescriptor[] {
  const copy = publicCopyOf(language);
  const own = page.meta({ data, site: layoutDataOf(matches)?.site ?? null, language, copy });
  const crumbs = own.crumbs ?? (own.title === null ? [] : [{ name: own.title, path: page.path }]);
  return pageMeta({ ...own, path: page.path, language, copy, crumbs, matches });
}
