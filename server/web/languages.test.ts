/**
 * The Kannada pages through the web app (docs/decisions/0049): every page under /kn with its language in the
 * document, its hreflang pairs and its font; redirects keep the language; the sitemap lists both languages;
 * /kn pages are cached and follow content changes like the English ones. Needs the built front end (`npm run build`).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SITE_SETTINGS } from '../../shared/site-settings';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';
import { PageCache } from './page-cache';
import { resources } from '../../shared/resources';
import { sampleFields } from '../test/sample-records';
import { makeImage, multipart } from '../test/test-images';

const LISTED = ['/', '/client', '/about', '/gallery', '/project/exterior', '/interior', '/project/interior', '/contact'];

/** The hreflang alternates of a page as [hreflang, href] pairs. */
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/gi)].map((m) => [m[1], m[2]] as const);
/** The Kannada font on a page: its @font-face rules in the page, and no preload of it (web/root.tsx says why). */
const FONT_PRELOAD = /<link rel="preload" as="font"/;
const FONT_FACES = /<style>@font-face\{font-family:Noto Sans Kannada;[^<]*\/assets\/noto-sans-kannada-kannada-700-normal-[\w-]+\.woff2/;
/** Each weight names the device's own Noto Sans Kannada first (full and PostScript name), the download after it. */
const FONT_SOURCES = [
  /font-weight:400;src:local\("Noto Sans Kannada Regular"\),local\("Noto Sans Kannada"\),local\("NotoSansKannada-Regular"\),url\(\/assets\/noto-sans-kannada-kannada-400-normal-[\w-]+\.woff2\)/,
  /font-weight:700;src:local\("Noto Sans Kannada Bold"\),local\("NotoSansKannada-Bold"\),url\(\/assets\/noto-sans-kannada-kannada-700-normal-[\w-]+\.woff2\)/,
];

describe('Kannada pages', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    web = await buildApp({ services: t.services, web: 'production' });
    base = t.services.env.publicUrl.replace(/\/+$/, '');
    await t.services.siteSettings.save(DEMO_SITE_SETTINGS);
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });

  it('GET /kn/gallery: 200, lang="kn", canonical and hreflang pairs, og:locale, the Kannada font', async () => {
    const reply = await web.inject('/kn/gallery');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toMatch(/<html lang="kn"/);
    expect(reply.body).toContain(`<link rel="canonical" href="${base}/kn/gallery"/>`);
    expect(alternates(reply.body)).toEqual([
      ['en', `${base}/gallery`],
      ['kn', `${base}/kn/gallery`],
      ['x-default', `${base}/gallery`],
    ]);
    expect(reply.body).toContain('<meta property="og:locale" content="kn_IN"/>');
    expect(reply.body).not.toMatch(FONT_PRELOAD);
    expect(reply.body).toMatch(FONT_FACES);
    for (const sources of FONT_SOURCES) expect(reply.body).toMatch(sources);
    // the switcher: the same page in English
    expect(reply.body).toMatch(/<a href="\/gallery" hrefLang="en"[^>]*><span lang="en">English<\/span><\/a>/);
    // the browser entry is told the language
    expect(reply.body).toContain('"language":"kn","pathname":"/kn/gallery"');
  });

  it('every listed page answers under /kn, and its English page keeps lang="en", no Kannada font, the same alternates', async () => {
    for (const path of LISTED) {
      const kannada = await web.inject(path === '/' ? '/kn' : `/kn${path}`);
      expect(kannada.statusCode, path).toBe(200);
      expect(kannada.body).toMatch(/<html lang="kn"/);
      const english = await web.inject(path);
      expect(english.statusCode, path).toBe(200);
      expect(english.body).toMatch(/<html lang="en"/);
      expect(english.body).not.toContain('Noto Sans Kannada');
      expect(english.body).not.toContain('noto-sans-kannada');
      expect(alternates(english.body)).toEqual(alternates(kannada.body));
    }
    expect((await web.inject('/kn/')).statusCode).toBe(200);
  });

  it('an unknown /kn path goes to /kn, an unknown English one to /; /kna is not Kannada', async () => {
    for (const [path, home] of [
      ['/kn/xyz', '/kn'],
      ['/kn/gallery/nothing/here', '/kn'],
      ['/xyz', '/'],
      ['/kna', '/'],
    ] as const) {
      const reply = await web.inject(path);
      expect(reply.statusCode, path).toBe(302);
      expect(reply.headers.location, path).toBe(home);
    }
  });

  it('/kn/projects/Interior goes to the Kannada projects listing filtered to Interior', async () => {
    const reply = await web.inject('/kn/projects/Interior');
    expect(reply.statusCode).toBe(301);
    expect(reply.headers.location).toBe('/kn/project/exterior?category=interior');
    expect((await web.inject('/projects/Interior')).headers.location).toBe('/project/exterior?category=interior');
  });

  it('a redirect from a page’s load stays in its language (the project form without a project)', async () => {
    const reply = await web.inject('/kn/enquire');
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe('/kn/project/exterior');
  });

  it('the no-JavaScript contact form’s confirmation stays in Kannada', async () => {
    const reply = await web.inject({
      method: 'POST',
      url: '/kn/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Asha',
        email: 'asha@example.org',
        number: '+91 98450 12345',
        message: 'A carved door.',
      }).toString(),
    });
    expect(reply.statusCode, reply.body.slice(0, 300)).toBe(303);
    expect(reply.headers.location).toBe('/kn/contact?sent=1');
  });

  it('sitemap.xml: every listed page in both languages, each with its xhtml:link alternates', async () => {
    const xml = (await web.inject('/sitemap.xml')).body;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    expect(urls).toHaveLength(16);
    const locs = urls.map((url) => /<loc>([^<]+)<\/loc>/.exec(url)?.[1]);
    for (const path of LISTED) {
      expect(locs).toContain(`${base}${path}`);
      expect(locs).toContain(`${base}${path === '/' ? '/kn' : `/kn${path}`}`);
    }
    const gallery = urls.find((url) => url.includes(`<loc>${base}/kn/gallery</loc>`))!;
    expect([...gallery.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['en', `${base}/gallery`],
      ['kn', `${base}/kn/gallery`],
      ['x-default', `${base}/gallery`],
    ]);
  });

  it('/kn/gallery: an image’s Kannada alt text and description; without them the English ones, marked lang="en"', async () => {
    const token = await t.login();
    const create = async (fields: Record<string, string>, width: number) => {
      const body = multipart({ ...sampleFields(resources.gallery), ...fields }, [
        { field: 'images', data: await makeImage('jpeg', width, 300) },
        { field: 'images', data: await makeImage('jpeg', width + 10, 300) },
      ]);
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/gallery',
        ...body,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
      expect(reply.statusCode, reply.body).toBe(201);
    };
    await create(
      {
        title: 'Translated cover',
        description: JSON.stringify(['Veranda', 'Porch']),
        newImageDetails: JSON.stringify([{ alt: 'A shaded veranda', translations: { kn: { alt: 'ನೆರಳಿನ ಜಗುಲಿ', description: 'ಜಗುಲಿ' } } }, {}]),
      },
      500,
    );
    await create({ title: 'English cover', newImageDetails: JSON.stringify([{ alt: 'A carved teak door' }, {}]) }, 520);
    const kannada = (await web.inject('/kn/gallery')).body;
    // the cover's alt text in Kannada, in the page's language (no lang of its own)
    expect(kannada).toMatch(/<img[^>]* alt="ನೆರಳಿನ ಜಗುಲಿ"(?![^>]* lang=)[^>]*>/);
    // none in Kannada (the image's nor the library's): the English one, marked
    expect(kannada).toMatch(/<img[^>]* alt="A carved teak door" lang="en"[^>]*>/);
    // the descriptions the lightbox shows, in the page's data: Kannada where there is one, else English, named as such
    expect(kannada).toContain('"description":"ಜಗುಲಿ"');
    expect(kannada).toContain('"description":"Porch"');
    expect(kannada).toMatch(/"fallbackFields":\[[^\]]*"images\.1\.description"/);
    // the page carries one language: no image's translations
    expect(kannada).not.toContain('"translations"');
    const english = (await web.inject('/gallery')).body;
    expect(english).toMatch(/<img[^>]* alt="A shaded veranda"(?![^>]* lang=)[^>]*>/);
    expect(english).not.toContain('ಜಗುಲಿ');
  });

  it('/kn/client: a single image’s Kannada alt text (the record’s translations.kn.imageAlt); without one the English, marked', async () => {
    const token = await t.login();
    const create = async (fields: Record<string, string>, width: number) => {
      const body = multipart({ ...sampleFields(resources.clients), ...fields }, [
        { field: 'image', data: await makeImage('jpeg', width, 300) },
      ]);
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/clients',
        ...body,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
      expect(reply.statusCode, reply.body).toBe(201);
    };
    await create({ imageAlt: 'A family on their terrace', translations: JSON.stringify({ kn: { imageAlt: 'ತಾರಸಿಯಲ್ಲಿ ಕುಟುಂಬ' } }) }, 540);
    await create({ imageAlt: 'A couple at their new door' }, 550);
    const kannada = (await web.inject('/kn/client')).body;
    expect(kannada).toMatch(/<img[^>]* alt="ತಾರಸಿಯಲ್ಲಿ ಕುಟುಂಬ"(?![^>]* lang=)[^>]*>/);
    expect(kannada).toMatch(/<img[^>]* alt="A couple at their new door" lang="en"[^>]*>/);
  });

  it('/kn pages are kept in the page cache and show a content change on the next request', async () => {
    const cache = web.pageCache!;
    const first = await web.inject('/kn/about');
    const renders = cache.renders;
    expect((await web.inject('/kn/about')).body).toBe(first.body);
    expect(cache.renders).toBe(renders);
    // a parameter no page reads shares the plain page; the gallery's own count under /kn as under /gallery
    await web.inject('/kn/about?utm_source=x');
    expect(cache.renders).toBe(renders);
    expect(PageCache.key('/kn/gallery', '?utm_source=x&page=2&category=Interior')).toBe('/kn/gallery?category=Interior&page=2');
    expect(PageCache.key('/kn/contact', '?sent=1&fbclid=y')).toBe('/kn/contact?sent=1');
    await t.services.siteSettings.save({ ...DEMO_SITE_SETTINGS, companyName: 'Kannada Cache Check' });
    expect((await web.inject('/kn/about')).body).toContain('Kannada Cache Check');
  });
});
