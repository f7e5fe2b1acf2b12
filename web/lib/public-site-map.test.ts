// engine-independent: the public pages' definitions against the spec; no database
/**
 * The public pages' definitions (web/pages/, docs/decisions/0029) against the spec: the pages and their
 * order (the sitemap's), the header's and the footer's links, and each resource's "View on site" page.
 */
import { describe, expect, it } from 'vitest';
import { resources } from '../../shared/resources';
import { PUBLIC_SITE_MAP } from './public-site-map';
import { publicPages } from '../pages';
import { copyText } from '../../shared/copy/public-copy';
import { englishCopy } from '../../shared/copy/public-en';

const linksOf = (menu: 'header' | 'footer') =>
  PUBLIC_SITE_MAP.filter((page) => page.menus.includes(menu)).map(({ path, label }) => `${copyText(englishCopy, label)} ${path}`);

describe('public page definitions', () => {
  it('hold the spec’s eight pages, in the sitemap’s order, each with its own name, path and place', () => {
    const specPages = ['/', '/about', '/client', '/gallery', '/project/exterior', '/interior', '/project/interior', '/contact'];
    // a page the spec does not name may join them (a new page is a new file in web/pages/)
    expect(publicPages.map((page) => page.path).filter((path) => specPages.includes(path))).toEqual(specPages);
    for (const key of ['name', 'path', 'order'] as const)
      expect(new Set(publicPages.map((page) => page[key])).size).toBe(publicPages.length);
  });

  it('give the header the spec’s five links and the footer its six quick links', () => {
    expect(linksOf('header')).toEqual([
      'Home /',
      'About Us /about',
      'Gallery /gallery',
      'Project Details /project/exterior',
      'Contact Us /contact',
    ]);
    expect(linksOf('footer')).toEqual([
      'Home /',
      'About Us /about',
      'Client Story /client',
      'Gallery /gallery',
      'Project Details /project/exterior',
      'Contact Us /contact',
    ]);
  });

  it('list, for its sitemap date, every resource whose "View on site" leads to them', () => {
    for (const [key, def] of Object.entries(resources)) {
      const page = publicPages.find((candidate) => candidate.path === def.publicPage);
      expect(page?.sitemap.resources, `${key} on ${def.publicPage}`).toContain(key);
    }
  });
});
