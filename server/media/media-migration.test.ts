/**
 * Moving an existing site's images into the library (issue 27, docs/decisions/0048): after the import every image the
 * demo content names is in the library, and every public page is the same HTML as before apart from image URLs (an
 * upload merged into an entry with the same bytes shows the entry's URL), each of which still answers.
 */
import { expect, it } from 'vitest';
import { EVERYTHING } from '../db/change-feed';
import { seedDemoContentIfEmpty } from '../db/demo-content';
import { media, mediaAliases } from '../db/schema';
import { webTestApp } from '../test/web-test-app';

const app = webTestApp();
const PAGES = ['/', '/about', '/client', '/gallery', '/project/exterior', '/interior', '/project/interior', '/contact'];
const UPLOAD_URL = /\/uploads\/[A-Za-z0-9_.-]+/g;

async function pages(): Promise<Map<string, string>> {
  const html = new Map<string, string>();
  for (const url of PAGES) {
    const reply = await app.web.inject({ method: 'GET', url });
    expect(reply.statusCode, url).toBe(200);
    html.set(url, reply.body);
  }
  return html;
}

/** A page with its image URLs (and the nonce every render makes anew) left out. */
const withoutImageUrls = (html: string) => html.replace(UPLOAD_URL, '/uploads/…').replace(/nonce="[^"]*"/g, 'nonce=""');

it('lists every image of an existing site and leaves its pages the same apart from image URLs, which all answer', async () => {
  const { services } = app.testApp;
  await seedDemoContentIfEmpty(services);
  // a site from before the library: no image has its entry
  await services.database.db.delete(mediaAliases);
  await services.database.db.delete(media);
  services.content.reads.afterWrite(EVERYTHING);
  const before = await pages();

  const imported = await services.media.importNamedImages();
  expect(imported.registered).toBeGreaterThan(20);
  const after = await pages();

  const shown = new Set<string>();
  for (const url of PAGES) {
    expect(withoutImageUrls(after.get(url)!), url).toBe(withoutImageUrls(before.get(url)!));
    for (const image of after.get(url)!.match(UPLOAD_URL) ?? []) shown.add(image);
  }
  expect(shown.size).toBeGreaterThan(20);
  // (this app makes no renditions in the background: one not made yet answers 307 to the stored image)
  for (const image of shown) {
    const reply = await app.web.inject({ method: 'GET', url: image });
    expect([200, 307], image).toContain(reply.statusCode);
  }
  // what the pages showed before answers too: an old URL of a merged image is redirected to its entry's file
  for (const url of PAGES) {
    for (const image of new Set(before.get(url)!.match(UPLOAD_URL) ?? [])) {
      const reply = await app.web.inject({ method: 'GET', url: image });
      expect([200, 301, 307], image).toContain(reply.statusCode);
    }
  }
  const entries = await services.database.db.select({ url: media.url }).from(media);
  for (const image of shown)
    expect(
      entries.some((entry) => image.startsWith(entry.url.replace(/\.webp$/, ''))),
      image,
    ).toBe(true);
});
