/**
 * The start sweep: crash leftovers in tmp, stored files and rendition jobs no record names go; every
 * referenced rendition stays, and so does the source of a job still pending. The sweep runs at start,
 * before the rendition worker: here the worker runs only when a test starts it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRenditionUrls } from '../../shared/image-urls';
import { contentVersions, imageJobs, media, property as propertyTable, settings } from '../db/schema';
import { createTestApp, usingPostgres, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';
import { SHARED_DATABASE_GRACE_MS, sweepStorage } from './sweep-storage';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { renditionWorker: false });
  token = await t.login();
});

/** Makes the renditions pending so far, then stops again, as a server does between starts. */
async function makePendingRenditions() {
  t.worker.start();
  await t.renditionsDone();
  await t.worker.stop();
}
afterAll(() => t.close());

const uploadsDir = () => path.join(t.env.dataDir, 'uploads');
const tmpDir = () => path.join(t.env.dataDir, 'tmp');
const stored = () => new Set(fs.readdirSync(uploadsDir()));
const renditionNames = (url: string) => allRenditionUrls(url).map((rendition) => path.basename(rendition));

async function create(resource: string, fields: Record<string, string>, field: string, count = 1) {
  const files = await Promise.all(Array.from({ length: count }, () => makeImage('jpeg', 700, 500)));
  const body = multipart(
    fields,
    files.map((data) => ({ field, data })),
  );
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/${resource}`,
    ...body,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data;
}

/** A complete set of renditions no record names, as a crash between storing and the row leaves. */
function orphanImage(key: string, ageMs = 0): string[] {
  const url = `/uploads/${key}_700x500.webp`;
  const names = renditionNames(url);
  const when = new Date(Date.now() - ageMs);
  for (const name of names) {
    const file = path.join(uploadsDir(), name);
    fs.writeFileSync(file, 'left by a crash');
    fs.utimesSync(file, when, when);
  }
  return names;
}

function tmpLeftovers(ageMs = 0): string[] {
  fs.mkdirSync(path.join(tmpDir(), 'staging-crashed'), { recursive: true });
  fs.writeFileSync(path.join(tmpDir(), 'staging-crashed', 'x_700x500.webp'), 'half');
  fs.writeFileSync(path.join(tmpDir(), 'upload-crashed'), 'half an upload');
  const when = new Date(Date.now() - ageMs);
  for (const name of ['staging-crashed', 'upload-crashed']) fs.utimesSync(path.join(tmpDir(), name), when, when);
  return ['staging-crashed', 'upload-crashed'];
}

describe('sweepStorage at start', () => {
  it('removes tmp leftovers and unreferenced files; keeps every rendition of every referenced image', async () => {
    const property = await create('property', { title: 'Kept' }, 'image');
    const gallery = await create('gallery', { title: 'Kept gallery', category: 'Bedroom' }, 'images', 2);
    await makePendingRenditions();
    // the About hero names a stored image no record does
    const heroNames = orphanImage('abouthero');
    await t.services.database.db
      .insert(settings)
      .values({ key: 'about_content', value: { hero: { image: '/uploads/abouthero_700x500.webp' } } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { hero: { image: '/uploads/abouthero_700x500.webp' } } } });
    const referenced = [property.image, ...gallery.images.map((image: { url: string }) => image.url)].flatMap(renditionNames);
    const orphans = orphanImage('crashed', 2 * SHARED_DATABASE_GRACE_MS);
    fs.writeFileSync(path.join(uploadsDir(), 'crashed_700x500.webp.partial'), 'half a copy');
    const past = new Date(Date.now() - 2 * SHARED_DATABASE_GRACE_MS);
    fs.utimesSync(path.join(uploadsDir(), 'crashed_700x500.webp.partial'), past, past);
    tmpLeftovers(2 * SHARED_DATABASE_GRACE_MS);

    const result = await sweepStorage(t.services);

    expect(result).toEqual({ tmpEntries: 2, storedFiles: orphans.length + 1, imageJobs: 0 });
    expect(fs.readdirSync(tmpDir())).toEqual([]);
    const left = stored();
    for (const name of [...referenced, ...heroNames]) expect(left.has(name), name).toBe(true);
    for (const name of orphans) expect(left.has(name), name).toBe(false);
    expect(left.has('crashed_700x500.webp.partial')).toBe(false);
    // the records still show every image
    for (const name of referenced) expect((await t.app.inject(`/uploads/${name}`)).statusCode).toBe(200);
  });

  it(
    usingPostgres()
      ? 'on PostgreSQL spares recent files: another process may be about to commit their row'
      : 'on the embedded database removes even recent leftovers (only this process can write)',
    async () => {
      const recent = orphanImage('recent');
      const recentTmp = tmpLeftovers();
      await sweepStorage(t.services);
      const left = stored();
      for (const name of recent) expect(left.has(name), name).toBe(usingPostgres());
      expect(fs.readdirSync(tmpDir()).sort()).toEqual(usingPostgres() ? recentTmp : []);
      // past the grace period they go on PostgreSQL too
      await sweepStorage(t.services, new Date(Date.now() + SHARED_DATABASE_GRACE_MS + 1000));
      for (const name of recent) expect(stored().has(name), name).toBe(false);
      expect(fs.readdirSync(tmpDir())).toEqual([]);
    },
  );

  it('keeps every file of an image only a kept version names (docs/decisions/0038)', async () => {
    const item = await create('property', { title: 'Photo replaced' }, 'image');
    await makePendingRenditions();
    const body = multipart({}, [{ field: 'image', data: await makeImage('jpeg', 700, 500) }]);
    const reply = await t.app.inject({
      method: 'PUT',
      url: `/api/property/${item._id}`,
      ...body,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    await makePendingRenditions();
    await sweepStorage(t.services, new Date(Date.now() + 2 * SHARED_DATABASE_GRACE_MS));
    for (const name of renditionNames(item.image)) expect(stored().has(name), name).toBe(true);
  });

  it("keeps a pending job's source and first rendition; drops a job, and its source, that no record names", async () => {
    const pending = await create('property', { title: 'Renditions pending' }, 'image');
    const forgotten = await create('property', { title: 'Row gone, job left' }, 'image');
    const source = (url: string) => path.basename(url).replace('.webp', '.source');
    // a job whose record is gone without it (nothing in the app does this: it stands for any such leftover)
    await t.services.database.db.delete(propertyTable).where(eq(propertyTable.id, forgotten._id));
    await t.services.database.db.delete(contentVersions).where(eq(contentVersions.itemId, forgotten._id));
    await t.services.database.db.delete(media).where(eq(media.url, forgotten.image));
    for (const file of [path.basename(forgotten.image), source(forgotten.image)]) {
      fs.utimesSync(
        path.join(uploadsDir(), file),
        new Date(Date.now() - 2 * SHARED_DATABASE_GRACE_MS),
        new Date(Date.now() - 2 * SHARED_DATABASE_GRACE_MS),
      );
    }
    const sweepAt = new Date(Date.now() + 2 * SHARED_DATABASE_GRACE_MS);

    const result = await sweepStorage(t.services, sweepAt);

    expect(result.imageJobs).toBe(1);
    const jobs = await t.services.database.db.select().from(imageJobs);
    expect(jobs.map((job) => job.imageUrl)).toEqual([pending.image]);
    const left = stored();
    expect(left.has(path.basename(pending.image))).toBe(true);
    expect(left.has(source(pending.image))).toBe(true);
    expect(left.has(path.basename(forgotten.image))).toBe(false);
    expect(left.has(source(forgotten.image))).toBe(false);
    // the kept job still finishes from its source
    await makePendingRenditions();
    for (const name of renditionNames(pending.image)) expect(stored().has(name), name).toBe(true);
    expect(stored().has(source(pending.image))).toBe(false);
  });

  it('removes nothing when the references cannot be read', async () => {
    const orphans = orphanImage('unreadable', 2 * SHARED_DATABASE_GRACE_MS);
    const db = t.services.database.db;
    await db.execute(sql`alter table top_projects rename to top_projects_away`);
    try {
      await expect(sweepStorage(t.services)).rejects.toThrow();
    } finally {
      await db.execute(sql`alter table top_projects_away rename to top_projects`);
    }
    for (const name of orphans) expect(stored().has(name), name).toBe(true);
  });
});
