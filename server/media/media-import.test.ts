/**
 * The media library's import (docs/decisions/0048): every image the demo content names (records, their versions, the
 * documents) gets its entry, with its size and hash read from storage and its alt text from its first use (an image of
 * the same bytes as another is that entry's alias); a second run adds nothing; a URL whose file is gone is left out with a warning.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { imageEntries } from '../../shared/image-details';
import { seedDemoContentIfEmpty } from '../db/demo-content';
import { media, mediaAliases } from '../db/schema';
import { toRecord } from '../resources/content-records';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { renditionWorker: false });
  await seedDemoContentIfEmpty(t.services);
});
afterAll(() => t.close());

const entries = () => t.services.database.db.select().from(media);
/** Every image URL the content names, with the alt text and title of its first record. */
async function namedByRecords(): Promise<Map<string, { alt: string; title: string }>> {
  const named = new Map<string, { alt: string; title: string }>();
  for (const [, { def, table }] of t.services.content.resources.entries()) {
    for (const row of await t.services.database.db.select().from(table)) {
      const record = toRecord(def, row);
      const title = String(record[def.titleField]);
      for (const { url, alt } of imageEntries(record)) if (!named.has(url)) named.set(url, { alt, title });
    }
  }
  return named;
}

it('registers every image the content names, with its stored size, hash and alt text, once however often it runs', async () => {
  const named = await namedByRecords();
  expect(named.size).toBeGreaterThan(20);
  // a site from before the library: the About content names one of the images, and no image has its entry
  const [aboutImage] = named.keys();
  await t.services.about.save({ ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, image: aboutImage } });
  await t.services.database.db.delete(media);

  const first = await t.services.media.importNamedImages();
  expect(first).toEqual({ registered: named.size, missing: 0, merged: 0 });
  const registered = await entries();
  // the demo has a few images of the same bytes: each is an alias of the first entry with them
  const aliases = await t.services.database.db.select().from(mediaAliases);
  expect(aliases.length).toBeGreaterThan(0);
  expect(new Set([...registered, ...aliases].map((entry) => entry.url))).toEqual(new Set(named.keys()));
  expect(registered).toHaveLength(new Set(registered.map((entry) => entry.sha256)).size);
  const sample = registered[0];
  const body = await t.services.storage.read(path.basename(sample.url));
  const bytes = Buffer.concat(await body!.stream.toArray());
  expect(sample).toMatchObject({
    bytes: bytes.length,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    alt: named.get(sample.url)?.alt,
    uploadedBy: null,
    // named after the first item showing it, not its stored key
    name: named.get(sample.url)?.title,
  });
  expect(registered.some((entry) => entry.alt !== '')).toBe(true);

  expect(await t.services.media.importNamedImages()).toEqual({ registered: 0, missing: 0, merged: 0 });
  expect(await entries()).toHaveLength(registered.length);
});

it('leaves out an image whose file is missing, with a warning', async () => {
  const [entry] = await entries();
  await t.services.database.db.delete(media);
  await t.services.storage.remove(path.basename(entry.url));
  const warnings: unknown[] = [];
  const result = await t.services.media.importNamedImages({ warn: (details: unknown) => warnings.push(details) });
  expect(result.missing).toBe(1);
  expect(warnings).toEqual([{ url: entry.url }]);
  expect((await entries()).map((row) => row.url)).not.toContain(entry.url);
});
