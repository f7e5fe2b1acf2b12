/**
 * JSON-LD (schema.org) for the public pages, built from the Site settings and the content: the
 * business on every page, a breadcrumb trail per page, and the projects of the project pages.
 */
import type { Project } from './resources';
import { WEEKDAYS, WEEKDAY_LABELS, mapHref, socialLinks, type SiteSettings } from './site-settings';

type JsonLd = Record<string, unknown>;

/** The logo every page links to (an SVG Google Images reads; drawn like the header's). */
const LOGO_PATH = '/favicon.svg';

const businessId = (baseUrl: string) => `${baseUrl}/#business`;
const absolute = (baseUrl: string, url: string) => (url.startsWith('/') ? `${baseUrl}${url}` : url);

/** Days open at the same hours, as one OpeningHoursSpecification each. */
function openingHours(site: SiteSettings): JsonLd[] {
  const groups = new Map<string, string[]>();
  for (const day of WEEKDAYS) {
    const { opens, closes } = site.hours[day];
    if (!opens) continue;
    const key = `${opens}-${closes}`;
    groups.set(key, [...(groups.get(key) ?? []), WEEKDAY_LABELS[day]]);
  }
  return [...groups].map(([key, days]) => {
    const [opens, closes] = key.split('-');
    return { '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens, closes };
  });
}

/** Drops empty strings, empty arrays and empty objects, so no property is sent without a value. */
function compact(value: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, entry]) =>
        entry !== '' &&
        entry !== undefined &&
        !(Array.isArray(entry) && entry.length === 0) &&
        !(entry && typeof entry === 'object' && !Array.isArray(entry) && Object.keys(entry).length <= 1 && '@type' in entry),
    ),
  );
}

/**
 * The company as a HomeAndConstructionBusiness (a LocalBusiness); without an address (which Google
 * requires of a local business) as an Organization.
 */
export function businessJsonLd(site: SiteSettings, baseUrl: string): JsonLd {
  const logo = `${baseUrl}${LOGO_PATH}`;
  const { street, locality } = site.address;
  return compact({
    '@context': 'https://schema.org',
    '@type': street || locality ? 'HomeAndConstructionBusiness' : 'Organization',
    '@id': businessId(baseUrl),
    name: site.companyName,
    url: `${baseUrl}/`,
    logo,
    image: site.shareImage ? [absolute(baseUrl, site.shareImage)] : [logo],
    description: site.defaultDescription,
    telephone: site.phone,
    email: site.email,
    address: compact({
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    }),
    openingHoursSpecification: openingHours(site),
    sameAs: socialLinks(site).map((link) => link.href),
    hasMap: mapHref(site),
  });
}

/** One step of a breadcrumb trail: its name and path ("/" for home). */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * The page itself, in its language (`inLanguage`: the code its hreflang gives, docs/decisions/0049), part of the
 * site and published by the business. BreadcrumbList and ItemList take no `inLanguage` (schema.org), a WebPage does.
 */
export function webPageJsonLd(baseUrl: string, url: string, name: string, inLanguage: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    '@id': url,
    url,
    name,
    inLanguage,
    isPartOf: { '@type': 'WebSite', '@id': `${baseUrl}/#website`, url: `${baseUrl}/` },
    publisher: { '@id': businessId(baseUrl) },
  };
}

export function breadcrumbJsonLd(baseUrl: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: `${baseUrl}${crumb.path}`,
    })),
  };
}

/**
 * The schema.org type of a project: a construction project is a building (an apartment complex when
 * it has several units, else a house); an interior project is a piece of design work.
 */
export function projectType(project: Pick<Project, 'category' | 'units'>): string {
  if (project.category === 'Interior') return 'CreativeWork';
  return Number(project.units) > 1 ? 'ApartmentComplex' : 'SingleFamilyResidence';
}

/**
 * The projects a page shows, as ItemLists of ListItems each carrying the whole project (Google's
 * "all in one page" list). Google wants the items of one list to share a type: one list per type.
 */
export function projectsJsonLd(baseUrl: string, path: string, name: string, projects: readonly Project[]): JsonLd[] {
  const pageUrl = `${baseUrl}${path}`;
  const byType = new Map<string, Project[]>();
  for (const project of projects) byType.set(projectType(project), [...(byType.get(projectType(project)) ?? []), project]);
  return [...byType].map(([type, group]) => ({
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${name}: ${TYPE_NAMES[type] ?? type}`,
    url: pageUrl,
    numberOfItems: group.length,
    itemListElement: group.map((project, i) => {
      const where = project.location.trim();
      const item = compact({
        '@type': type,
        '@id': `${pageUrl}#project-${project._id}`,
        name: project.title,
        description: project.description,
        url: `${pageUrl}#project-${project._id}`,
        image: project.images.map((image) => absolute(baseUrl, image)),
        ...(type === 'CreativeWork'
          ? { creator: { '@id': businessId(baseUrl) }, locationCreated: where ? { '@type': 'Place', name: where } : '' }
          : { address: where, numberOfAccommodationUnits: type === 'ApartmentComplex' ? Number(project.units) : '' }),
      });
      return { '@type': 'ListItem', position: i + 1, item };
    }),
  }));
}

const TYPE_NAMES: Record<string, string> = {
  ApartmentComplex: 'apartment complexes',
  SingleFamilyResidence: 'houses',
  CreativeWork: 'interior design work',
};
