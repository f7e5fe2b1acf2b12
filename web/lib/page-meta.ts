/** Title, description, canonical URL, Open Graph tags and JSON-LD for one public page. */
import type { MetaDescriptor } from 'react-router';
import { nav } from '../../shared/copy/public';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings';
import { layoutDataOf } from './site-settings';
import type { Project } from '../../shared/resources';
import { breadcrumbJsonLd, businessJsonLd, projectsJsonLd, type Crumb } from '../../shared/structured-data';
import type { Section } from './section';

export interface PageMetaInput {
  /** The page's own title (suffixed with the company name); null: the home page, titled by the settings' default title. */
  title: string | null;
  /** The page's own description; absent: the settings' default description. */
  description?: string;
  path: string;
  /** stored image URL for og:image when the settings name no share image */
  image?: string;
  /** The trail below Home to this page (Home alone when absent). */
  crumbs?: readonly Crumb[];
  /** More JSON-LD for this page (e.g. its projects). */
  jsonLd?: readonly Record<string, unknown>[];
  /** The meta function's matches: the public layout's among them carries the settings and base URL. */
  matches: readonly unknown[];
}

export function pageMeta({ title, description, path, image, crumbs = [], jsonLd = [], matches }: PageMetaInput): MetaDescriptor[] {
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
  const trail: Crumb[] = [{ name: nav.home, path: '/' }, ...crumbs];
  for (const data of [businessJsonLd(site, baseUrl), breadcrumbJsonLd(baseUrl, trail), ...jsonLd]) tags.push({ 'script:ld+json': data });
  return tags;
}

/** A project list page's meta: its projects as JSON-LD item lists once they have loaded. */
export function projectListMeta({
  projects,
  ...page
}: Omit<PageMetaInput, 'jsonLd' | 'title'> & { title: string; projects?: Section<Project[]> }) {
  const baseUrl = layoutDataOf(page.matches)?.baseUrl ?? '';
  return pageMeta({ ...page, jsonLd: projects?.ok ? projectsJsonLd(baseUrl, page.path, page.title, projects.data) : [] });
}
