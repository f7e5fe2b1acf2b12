// engine-independent: no database
/** A page's head in its language: canonical, hreflang alternates, og:locale and JSON-LD (docs/decisions/0049). */
import { describe, expect, it } from 'vitest';
import type { MetaDescriptor } from 'react-router';
import { DEMO_SITE_SETTINGS } from '../../shared/site-settings';
import { englishCopy } from '../../shared/copy/public-en';
import { pageMeta } from './page-meta';
import { publicCopyOf } from './public-copies';
import { PUBLIC_LAYOUT_ID } from './site-settings';

const BASE = 'https://example.in';
const matches = [{ id: PUBLIC_LAYOUT_ID, data: { site: DEMO_SITE_SETTINGS, baseUrl: BASE, entry: null } }];

const links = (tags: MetaDescriptor[], rel: string) =>
  tags.filter((tag) => 'tagName' in tag && tag.tagName === 'link' && tag.rel === rel) as { href: string; hrefLang?: string }[];
const property = (tags: MetaDescriptor[], name: string) =>
  tags.filter((tag) => 'property' in tag && tag.property === name).map((tag) => (tag as { content: string }).content);
const jsonLd = (tags: MetaDescriptor[]) =>
  tags.flatMap((tag) => ('script:ld+json' in tag ? [tag['script:ld+json'] as Record<string, unknown>] : []));

describe('pageMeta in a language', () => {
  const kannadaCopy = { ...englishCopy, nav: { ...englishCopy.nav, home: 'ಮುಖಪುಟ' } };
  const gallery = (language: 'en' | 'kn') =>
    pageMeta({
      title: 'Gallery',
      path: '/gallery',
      crumbs: [{ name: 'Gallery', path: '/gallery' }],
      language,
      copy: language === 'kn' ? kannadaCopy : englishCopy,
      matches,
    });

  it('canonical is the page in its own language; alternates name every language and x-default (English)', () => {
    for (const language of ['en', 'kn'] as const) {
      const tags = gallery(language);
      expect(links(tags, 'canonical').map(({ href }) => href)).toEqual([language === 'kn' ? `${BASE}/kn/gallery` : `${BASE}/gallery`]);
      expect(links(tags, 'alternate').map(({ hrefLang, href }) => [hrefLang, href])).toEqual([
        ['en', `${BASE}/gallery`],
        ['kn', `${BASE}/kn/gallery`],
        ['x-default', `${BASE}/gallery`],
      ]);
    }
    expect(property(gallery('kn'), 'og:url')).toEqual([`${BASE}/kn/gallery`]);
  });

  it('the home page’s Kannada address is /kn', () => {
    const tags = pageMeta({ title: null, path: '/', language: 'kn', copy: englishCopy, matches });
    expect(links(tags, 'canonical')[0]?.href).toBe(`${BASE}/kn`);
    expect(links(tags, 'alternate').map(({ href }) => href)).toEqual([`${BASE}/`, `${BASE}/kn`, `${BASE}/`]);
  });

  it('og:locale is the page’s, the other language an og:locale:alternate', () => {
    expect(property(gallery('en'), 'og:locale')).toEqual(['en_IN']);
    expect(property(gallery('en'), 'og:locale:alternate')).toEqual(['kn_IN']);
    expect(property(gallery('kn'), 'og:locale')).toEqual(['kn_IN']);
    expect(property(gallery('kn'), 'og:locale:alternate')).toEqual(['en_IN']);
  });

  it('JSON-LD: a WebPage inLanguage, the breadcrumb’s Home in the page’s language at its address; the title keeps the company name', () => {
    const tags = gallery('kn');
    expect(tags[0]).toEqual({ title: `Gallery | ${DEMO_SITE_SETTINGS.companyName}` });
    const blocks = jsonLd(tags);
    const page = blocks.find((block) => block['@type'] === 'WebPage');
    expect(page).toMatchObject({ inLanguage: 'kn', url: `${BASE}/kn/gallery` });
    const trail = blocks.find((block) => block['@type'] === 'BreadcrumbList')?.itemListElement as { name: string; item: string }[];
    expect(trail.map(({ name, item }) => [name, item])).toEqual([
      ['ಮುಖಪುಟ', `${BASE}/kn`],
      ['Gallery', `${BASE}/kn/gallery`],
    ]);
    expect(jsonLd(gallery('en')).find((block) => block['@type'] === 'WebPage')).toMatchObject({ inLanguage: 'en', url: `${BASE}/gallery` });
  });

  it('the server has every language’s copy', () => {
    expect(publicCopyOf('en')).toBe(englishCopy);
    expect(publicCopyOf('kn').nav).toBeDefined();
  });
});
