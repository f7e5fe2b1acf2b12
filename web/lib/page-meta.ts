/** Title, description, canonical URL, Open Graph tags and JSON-LD for one public page. */
import type { MetaDescriptor } from 'react-router';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings';
import { layoutDataOf } from './site-settings';
import { breadcrumbJsonLd, businessJsonLd, projectsJsonLd, type Crumb } from '../../shared/structured-data';
import type { PageMetaOf } from './public-page-definition';
import type { PublicCopy } from '../../shared/copy/public-copy';

export interface PageMetaInput extends PageMetaOf {
  path: string;
  /** The meta function's matches: the public layout's among them carries the settings and base URL. */
  matches: readonly unknown[];
  /** The page's fixed texts (its language's): the breadcrumb trail starts at their Home. */
  copy: PublicCopy;
}

export function pageMeta({ title, description, path, image, crumbs = [], projects, matches, copy }: PageMetaInput): MetaDescriptor[] {
  const layout = layoutDataOf(matches);
  const site = layout?.site ?? DEFAULT_SITE_SETTINGS;
  const baseUrl = layout?.baseUrl ?? '';
  const fullTitle = title === null ? site.defaultTitle : `${title} | ${site.companyName}`;
  const text = description ?? site.defaultDescription;
  const url = `${baseUrl}${path}`;
  const shared = site.shareImage || image;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: text },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.companyName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: text },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: shared ? 'summary_large_image' : 'summary' },
  ];
  if (shared) tags.push({ property: 'og:image', content: `${baseUrl}${shared}` });
  // JSON-LD: a data block (never run), so the CSP's script rules do not apply; React Router escapes "<" in it
  const trail: Crumb[] = [{ name: copy.nav.home, path: '/' }, ...crumbs];
  // a project list's projects as JSON-LD item lists, once they have loaded
  const listed = projects?.ok ? projectsJsonLd(baseUrl, path, title ?? site.defaultTitle, projects.data) : [];
  for (const data of [businessJsonLd(site, baseUrl), breadcrumbJsonLd(baseUrl, trail), ...listed]) tags.push({ 'script:ld+json': data });
  return tags;
}
