/**
 * Images in an S3 bucket, through the API: uploads land in the bucket (nothing on local disk),
 * /uploads serves them with the same headers as from disk, every cleanup reaches the bucket, and
 * the bucket's outage is a 503 that passes, for writes and for /uploads alike.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { allRenditionUrls } from '../../shared/image-urls';
import { deleteFromLibrary, libraryEntry } from '../test/media-helpers';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';
import { SHARED_DATABASE_GRACE_MS, sweepStorage } from './sweep-storage';

let s3: S3TestServer;
let t: TestApp;
let token: string;
let logLines: string[] = [];

const REFUSED_TITLE = 'Refused by the database';

beforeAll(async () => {
  s3 = await startS3Server();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await createTestApp(s3.env, undefined, { logStream });
  token = await t.login();
  // the database, not our code, refuses this title: after the images are stored
  await t.services.database.db.execute(sql.raw(`alter table gallery add constraint refuse_title check (title <> '${REFUSED_TITLE}')`));
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const renditionNames = (url: string) => allRenditionUrls(url).map((rendition) => path.basename(rendition));
const localUploads = () => {
  const dir = path.join(t.env.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

async function objectBytes(name: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function writeGallery(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, imageCount: number) {
  const images = await Promise.all(Array.from({ length: imageCount }, (_, i) => makeImage('jpeg', 700 + i * 10, 500)));
  const body = multipart(
    { category: 'Bedroom', ...fields },
    images.map((data) => ({ field: 'images', data })),
  );
  return t.app.inject({ method, url, ...body, headers: { ...body.headers, ...auth() } });
}

type GalleryRecord = { _id: string; images: { url: string; description: string }[] };

describe('images in an S3 bucket', () => {
  let record: GalleryRecord;

  it('stores every rendition of a new image as an object in the bucket, nothing under DATA_DIR/uploads', async () => {
    const reply = await writeGallery('POST', '/api/gallery', { title: 'In the bucket' }, 2);
    expect(reply.statusCode, reply.body).toBe(201);
    record = reply.json().data;
    await t.renditionsDone(); // the reply comes after the stored WebP; the other renditions follow in the background
    const objects = await s3.objectNames();
    for (const image of record.images) for (const name of renditionNames(image.url)) expect(objects, name).toContain(name);
    expect(localUploads()).toEqual([]);
  });

  it('serves /uploads/<name> from the bucket with the bytes and headers of a local file', async () => {
    const webpName = path.basename(record.images[0].url);
    const avifName = renditionNames(record.images[0].url).find((name) => name.endsWith('.avif'))!;
    for (const [name, type] of [
      [webpName, 'image/webp'],
      [avifName, 'image/avif'],
    ]) {
      const reply = await t.app.inject({ url: `/uploads/${name}`, headers: { 'accept-encoding': 'br, gzip' } });
      expect(reply.statusCode).toBe(200);
      expect(reply.rawPayload).toEqual(await objectBytes(name));
      expect(reply.headers['content-type']).toBe(type);
      expect(reply.headers['content-length']).toBe(String(reply.rawPayload.length));
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable, s-maxage=10, stale-while-revalidate=30');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
      expect(reply.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(reply.headers['last-modified']).toBeDefined();
      expect(reply.headers['content-encoding']).toBeUndefined();
    }
  });

  it('answers HEAD with the headers alone, and 304 to a current If-None-Match or If-Modified-Since', async () => {
    const url = record.images[0].url;
    const full = await t.app.inject(url);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers.etag).toBe(full.headers.etag);

    const etag = full.headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const notModified = await t.app.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
      expect(notModified.statusCode, ifNoneMatch).toBe(304);
      expect(notModified.body).toBe('');
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers['cache-control']).toBe('public, max-age=31536000, immutable, s-maxage=10, stale-while-revalidate=30');
    }
    expect((await t.app.inject({ url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    const lastModified = full.headers['last-modified'] as string;
    expect((await t.app.inject({ url, headers: { 'if-modified-since': lastModified } })).statusCode).toBe(304);
    expect((await t.app.inject({ url, headers: { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' } })).statusCode).toBe(200);
  });

  it('answers a missing or unsafe name with the same 404 as from disk', async () => {
    for (const url of [
      '/uploads/missing_700x500.webp',
      '/uploads/../package.json',
      '/uploads/%2e%2e/package.json',
      '/uploads/x.html',
      '/uploads/',
      '/uploads/a/b.webp',
      '/uploads/UPPER.webp',
    ]) {
      const reply = await t.app.inject(url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json(), url).toEqual({ success: false, message: apiMessages.notFound });
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/uploads/missing_700x500.webp' })).statusCode).toBe(404);
  });

  // the replaced image's objects stay while a kept version names it (docs/decisions/0038); delete forever removes them below
  let replacedUrl = '';
  it('keeps the objects of a replaced image for its version, keeps the kept one, stores the new one', async () => {
    const [kept, replaced] = record.images;
    replacedUrl = replaced.url;
    const body = multipart({ title: 'In the bucket', category: 'Bedroom', existingImages: JSON.stringify([kept]) }, [
      { field: 'images', data: await makeImage('png', 640, 480) },
    ]);
    const reply = await t.app.inject({
      method: 'PUT',
      url: `/api/gallery/${record._id}`,
      ...body,
      headers: { ...body.headers, ...auth() },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const updated: GalleryRecord = reply.json().data;
    await t.renditionsDone();
    const objects = await s3.objectNames();
    for (const name of renditionNames(replaced.url)) expect(objects, name).toContain(name);
    for (const image of updated.images) for (const name of renditionNames(image.url)) expect(objects, name).toContain(name);
    record = updated;
  });

  it('removes every object of a record deleted forever, and of its versions, once the library deletes them too', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/gallery/${record._id}`, headers: auth() })).statusCode).toBe(200);
    const reply = await t.app.inject({ method: 'DELETE', url: `/api/trash/gallery/${record._id}`, headers: auth() });
    expect(reply.statusCode).toBe(200);
    const urls = [...record.images.map((image) => image.url), replacedUrl];
    // the media library keeps them, unused, until they are deleted there
    const kept = await s3.objectNames();
    for (const url of urls) expect(kept).toContain(path.basename(url));
    for (const url of urls) await deleteFromLibrary(t, token, url);
    const objects = await s3.objectNames();
    for (const image of record.images) for (const name of renditionNames(image.url)) expect(objects, name).not.toContain(name);
    for (const name of renditionNames(replacedUrl)) expect(objects, name).not.toContain(name);
  });

  it('a write the database refuses removes the objects it had stored', async () => {
    const before = await s3.objectNames();
    // count what reached the bucket on the way (files first, then the row)
    const storage = t.services.storage;
    const put = storage.put.bind(storage);
    const stored: string[] = [];
    storage.put = async (name, fromPath) => {
      await put(name, fromPath);
      stored.push(name);
    };
    try {
      const reply = await writeGallery('POST', '/api/gallery', { title: REFUSED_TITLE }, 1);
      expect(reply.statusCode).toBe(500);
      expect(reply.json()).toEqual({ success: false, message: apiMessages.serverError });
    } finally {
      storage.put = put;
    }
    expect(stored.length).toBeGreaterThan(0);
    expect(await s3.objectNames()).toEqual(before);
  });

  it('the start sweep removes orphan objects and keeps every referenced one', async () => {
    const kept: GalleryRecord = (await writeGallery('POST', '/api/gallery', { title: 'Referenced' }, 1)).json().data;
    await t.renditionsDone();
    const orphans = renditionNames('/uploads/crashleftover_700x500.webp');
    for (const name of orphans) await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: name, Body: 'left by a crash' }));
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'backups/site.tar.gz', Body: "not the site's to sweep" }));

    // on PostgreSQL recent files are spared (another process may be about to commit their row): sweep as if later
    const result = await sweepStorage(t.services, new Date(Date.now() + SHARED_DATABASE_GRACE_MS + 60_000));
    expect(result.storedFiles).toBe(orphans.length);
    const objects = await s3.objectNames();
    for (const name of orphans) expect(objects, name).not.toContain(name);
    for (const name of renditionNames(kept.images[0].url)) expect(objects, name).toContain(name);
    expect(objects).toContain('backups/site.tar.gz');
    expect((await t.app.inject(kept.images[0].url)).statusCode).toBe(200);
  });
});

describe('the bucket unreachable', () => {
  it('answers uploads and /uploads with 503 and Retry-After, and serves again once it is back', { timeout: 60_000 }, async () => {
    const existing: GalleryRecord = (await writeGallery('POST', '/api/gallery', { title: 'Before the outage' }, 1)).json().data;
    const countBefore = (await t.app.inject('/api/gallery')).json().data.length;
    await s3.halt();
    logLines = [];
    try {
      const started = Date.now();
      const write = await writeGallery('POST', '/api/gallery', { title: 'During the outage' }, 1);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(write.statusCode).toBe(503);
      expect(write.headers['retry-after']).toBe('5');
      expect(write.json()).toEqual({ success: false, message: apiMessages.storageUnavailable });
      expect(write.body).not.toMatch(/ECONNREFUSED|at |stack/);
      // nothing was written: the row never came
      expect((await t.app.inject('/api/gallery')).json().data).toHaveLength(countBefore);

      const read = await t.app.inject(existing.images[0].url);
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toBe('5');
      expect(read.json()).toEqual({ success: false, message: apiMessages.storageUnavailable });
      // the site itself still answers
      expect((await t.app.inject('/api/gallery')).statusCode).toBe(200);
      // logged as a failure that passes (warn), naming the bucket rather than looking like the database's outage
      const failures = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request failed: 503');
      expect(failures).toHaveLength(2);
      for (const entry of failures) {
        expect(entry.level).toBe(40);
        expect(entry.err.message).toMatch(
          /^Object storage unavailable: (store|read) \S+ in S3 bucket "site-media" at http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/,
        );
      }
    } finally {
      await s3.restart();
    }

    const after = await writeGallery('POST', '/api/gallery', { title: 'After the outage' }, 1);
    expect(after.statusCode, after.body).toBe(201);
    const served = await t.app.inject(existing.images[0].url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(await objectBytes(path.basename(existing.images[0].url)));
  });

  it('a delete while the bucket is down still deletes the entry; its objects wait for the start sweep', async () => {
    const doomed: GalleryRecord = (await writeGallery('POST', '/api/gallery', { title: 'Deleted in the outage' }, 1)).json().data;
    await t.renditionsDone();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/gallery/${doomed._id}`, headers: auth() })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/trash/gallery/${doomed._id}`, headers: auth() })).statusCode).toBe(200);
    // its image's files go with the library's entry: deleted forever there while the bucket is down
    const entry = await libraryEntry(t, doomed.images[0].url);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${entry!.id}`, headers: auth() })).statusCode).toBe(200);
    await s3.halt();
    try {
      const reply = await t.app.inject({ method: 'DELETE', url: `/api/trash/media/${entry!.id}`, headers: auth() });
      expect(reply.statusCode).toBe(200);
    } finally {
      await s3.restart();
    }
    const names = renditionNames(doomed.images[0].url);
    expect(await s3.objectNames()).toEqual(expect.arrayContaining(names));
    await sweepStorage(t.services, new Date(Date.now() + SHARED_DATABASE_GRACE_MS + 60_000));
    const objects = await s3.objectNames();
    for (const name of names) expect(objects, name).not.toContain(name);
  });
});
