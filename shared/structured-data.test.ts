// engine-independent: shared code; no database
/**
 * The public pages' JSON-LD against the rules Google Search Central documents for its rich results:
 * Local business (LocalBusiness), Breadcrumb (BreadcrumbList) and Carousel (ItemList). The rules
 * are data here, as the documentation lists them: required properties, recommended properties (each
 * either present or set aside with the reason), and the nested types' own required properties.
 */
import { describe, expect, it } from 'vitest';
import type { Project } from './resources';
import { DEFAULT_SITE_SETTINGS, DEMO_SITE_SETTINGS, type SiteSettings } from './site-settings';
import { breadcrumbJsonLd, businessJsonLd, projectsJsonLd, projectType } from './structured-data';

type Json = Record<string, unknown>;

/** https://developers.google.com/search/docs/appearance/structured-data/local-business */
const LOCAL_BUSINESS = {
  /** LocalBusiness or one of its subtypes (schema.org: HomeAndConstructionBusiness is one). */
  types: ['LocalBusiness', 'HomeAndConstructionBusiness'],
  required: ['name', 'address'],
  recommended: [
    'aggregateRating',
    'department',
    'geo',
    'menu',
    'openingHoursSpecification',
    'priceRange',
    'review',
    'servesCuisine',
    'telephone',
    'url',
  ],
  /** Recommended properties we do not send, and why. */
  setAside: {
    aggregateRating: 'the site collects no reviews; Google forbids self-serving ratings',
    review: 'the site collects no reviews',
    department: 'one office, no departments',
    geo: 'the settings hold an address and a map link, not coordinates',
    menu: 'restaurants only',
    servesCuisine: 'restaurants only',
    priceRange: 'construction and interiors are priced per project',
  } as Record<string, string>,
  /** What the issue asks on top of Google's list: logo, image, sameAs (the filled social links). */
  ours: ['logo', 'image', 'sameAs', '@id'],
  address: { type: 'PostalAddress', recommended: ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'] },
  openingHoursSpecification: {
    type: 'OpeningHoursSpecification',
    required: ['dayOfWeek', 'opens', 'closes'],
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    time: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/,
  },
};

/** https://developers.google.com/search/docs/appearance/structured-data/breadcrumb */
const BREADCRUMB = {
  type: 'BreadcrumbList',
  required: ['itemListElement'],
  listItem: { type: 'ListItem', required: ['position', 'name'], itemRequiredExceptLast: 'item' },
};

/** https://developers.google.com/search/docs/appearance/structured-data/carousel ("all in one page" list) */
const CAROUSEL = {
  type: 'ItemList',
  required: ['itemListElement'],
  listItem: { type: 'ListItem', required: ['position', 'item'] },
  /** Every item of one list is of the same type, and each has a name and a URL on this page. */
  itemRequired: ['@type', 'name', 'url'],
};

const BASE = 'https://homes.example.com';

function expectUrl(value: unknown, label: string) {
  expect(typeof value, label).toBe('string');
  const url = new URL(String(value));
  expect(['https:', 'http:'], label).toContain(url.protocol);
}

function expectPositions(items: Json[], label: string) {
  items.forEach((item, i) => expect(item.position, `${label} position`).toBe(i + 1));
}

function checkLocalBusiness(data: Json, site: SiteSettings) {
  expect(data['@context']).toBe('https://schema.org');
  expect(LOCAL_BUSINESS.types).toContain(data['@type']);
  for (const property of LOCAL_BUSINESS.required) expect(data, `required ${property}`).toHaveProperty(property);
  for (const property of LOCAL_BUSINESS.recommended) {
    if (LOCAL_BUSINESS.setAside[property]) expect(data, `${property}: ${LOCAL_BUSINESS.setAside[property]}`).not.toHaveProperty(property);
    else expect(data, `recommended ${property}`).toHaveProperty(property);
  }
  for (const property of LOCAL_BUSINESS.ours) expect(data, property).toHaveProperty(property);
  expect(data.name).toBe(site.companyName);
  expectUrl(data.url, 'url');
  expectUrl(data.logo, 'logo');
  for (const image of data.image as unknown[]) expectUrl(image, 'image');
  expect(data.telephone).toBe(site.phone);

  const address = data.address as Json;
  expect(address['@type']).toBe(LOCAL_BUSINESS.address.type);
  for (const property of LOCAL_BUSINESS.address.recommended) expect(address[property], `address.${property}`).toBeTruthy();
  expect(address.addressCountry).toMatch(/^[A-Z]{2}$/);

  const hours = data.openingHoursSpecification as Json[];
  expect(hours.length).toBeGreaterThan(0);
  for (const spec of hours) {
    expect(spec['@type']).toBe(LOCAL_BUSINESS.openingHoursSpecification.type);
    for (const property of LOCAL_BUSINESS.openingHoursSpecification.required) expect(spec, property).toHaveProperty(property);
    for (const day of [spec.dayOfWeek].flat()) expect(LOCAL_BUSINESS.openingHoursSpecification.days).toContain(day);
    expect(spec.opens).toMatch(LOCAL_BUSINESS.openingHoursSpecification.time);
    expect(spec.closes).toMatch(LOCAL_BUSINESS.openingHoursSpecification.time);
  }
  for (const link of data.sameAs as unknown[]) expectUrl(link, 'sameAs');
}

function checkBreadcrumb(data: Json) {
  expect(data['@type']).toBe(BREADCRUMB.type);
  for (const property of BREADCRUMB.required) expect(data, property).toHaveProperty(property);
  const items = data.itemListElement as Json[];
  expect(items.length).toBeGreaterThan(0);
  expectPositions(items, 'breadcrumb');
  items.forEach((item, i) => {
    expect(item['@type']).toBe(BREADCRUMB.listItem.type);
    for (const property of BREADCRUMB.listItem.required) expect(item, property).toHaveProperty(property);
    if (i < items.length - 1) expectUrl(item[BREADCRUMB.listItem.itemRequiredExceptLast], 'breadcrumb item');
    if (item.item !== undefined) expectUrl(item.item, 'breadcrumb item');
  });
}

function checkCarousel(data: Json) {
  expect(data['@type']).toBe(CAROUSEL.type);
  for (const property of CAROUSEL.required) expect(data, property).toHaveProperty(property);
  const items = data.itemListElement as Json[];
  expectPositions(items, 'carousel');
  const types = new Set(items.map((entry) => (entry.item as Json)['@type']));
  expect(types.size, 'one type per list').toBe(1);
  for (const entry of items) {
    expect(entry['@type']).toBe(CAROUSEL.listItem.type);
    for (const property of CAROUSEL.listItem.required) expect(entry, property).toHaveProperty(property);
    const item = entry.item as Json;
    for (const property of CAROUSEL.itemRequired) expect(item, `item ${property}`).toHaveProperty(property);
    expectUrl(item.url, 'item url');
    expect(String(item.url).startsWith(`${BASE}/`)).toBe(true);
  }
}

const project = (fields: Partial<Project>): Project =>
  ({
    _id: 'p1',
    category: 'Construction',
    title: 'Lakeview Residences',
    location: 'Whitefield, Bangalore',
    developer: 'Our team',
    units: 120,
    description: 'Apartments by the lake.',
    status: 'Ongoing',
    images: ['/uploads/3f2a9c1e_1600x900.webp'],
    ...fields,
  }) as Project;

describe('JSON-LD against Google’s structured-data rules', () => {
  it('the business (demo settings): a LocalBusiness with every required and applicable recommended property', () => {
    const data = businessJsonLd(DEMO_SITE_SETTINGS, BASE);
    checkLocalBusiness(data, DEMO_SITE_SETTINGS);
    expect(data.sameAs).toEqual(Object.values(DEMO_SITE_SETTINGS.social));
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: '09:00',
        closes: '20:00',
      },
    ]);
  });

  it('sends no empty property: unset social links, share image and hours are left out', () => {
    const data = businessJsonLd(
      { ...DEMO_SITE_SETTINGS, social: { ...DEFAULT_SITE_SETTINGS.social, instagram: 'https://instagram.com/us' } },
      BASE,
    );
    expect(data.sameAs).toEqual(['https://instagram.com/us']);
    const bare = businessJsonLd(DEFAULT_SITE_SETTINGS, BASE);
    // no address, which Google requires of a local business: an Organization
    expect(bare['@type']).toBe('Organization');
    for (const property of ['sameAs', 'telephone', 'email', 'openingHoursSpecification', 'hasMap', 'address'])
      expect(bare).not.toHaveProperty(property);
    for (const value of Object.values(bare)) expect(value).not.toBe('');
    // the share image, when set, is the business's image
    const shared = businessJsonLd({ ...DEMO_SITE_SETTINGS, shareImage: '/uploads/abc_1200x630.webp' }, BASE);
    expect(shared.image).toEqual([`${BASE}/uploads/abc_1200x630.webp`]);
  });

  it('breadcrumbs: Home first, positions from 1, absolute URLs', () => {
    const data = breadcrumbJsonLd(BASE, [
      { name: 'Home', path: '/' },
      { name: 'Interior Design', path: '/interior' },
      { name: 'Interior Projects', path: '/project/interior' },
    ]);
    checkBreadcrumb(data);
    expect((data.itemListElement as Json[]).map((item) => item.item)).toEqual([`${BASE}/`, `${BASE}/interior`, `${BASE}/project/interior`]);
  });

  it('projects: one ItemList per type, each item a whole project of the right type', () => {
    const projects = [
      project({ _id: 'a', units: 120 }),
      project({ _id: 'b', title: 'Villa Verde', units: 1 }),
      project({ _id: 'c', title: 'Teak Kitchen', category: 'Interior', units: 0 }),
      project({ _id: 'd', title: 'Skyline Towers', units: 300 }),
    ];
    const lists = projectsJsonLd(BASE, '/project/exterior', 'Project Details', projects);
    expect(lists).toHaveLength(3);
    for (const list of lists) checkCarousel(list);
    const typesOf = (list: Json) => (list.itemListElement as Json[]).map((entry) => (entry.item as Json)['@type']);
    expect(lists.map(typesOf)).toEqual([['ApartmentComplex', 'ApartmentComplex'], ['SingleFamilyResidence'], ['CreativeWork']]);
    const apartments = (lists[0]!.itemListElement as Json[]).map((entry) => entry.item as Json);
    expect(apartments[1]).toMatchObject({ name: 'Skyline Towers', numberOfAccommodationUnits: 300, address: 'Whitefield, Bangalore' });
    expect(apartments[0]!.image).toEqual([`${BASE}/uploads/3f2a9c1e_1600x900.webp`]);
    expect(projectType({ category: 'Interior', units: 5 })).toBe('CreativeWork');
    expect(projectsJsonLd(BASE, '/project/interior', 'Interior Projects', [])).toEqual([]);
  });
});
