/**
 * A save answers once the stored URL's rendition and the source are stored; the job written with
 * the record makes the other renditions in the background. Meanwhile a missing rendition redirects
 * to the stored image; a failure is retried, then reported; a dead claim passes on after its lease;
 * a stopping worker gives its job back. Real database (PGlite, or PostgreSQL with TEST_DB=postgres),
 * real sharp, real files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRenditionUrls, IMAGE_FORMATS, parseImageUrl, renditionUrl, renditionWidths } from '../../shared/image-urls';
import { makePhoto } from '../../scripts/realistic-photo';
import { imageJobs } from '../db/schema';
import { deleteFromLibrary } from '../test/media-helpers';
import { createTestApp, usingPostgres, type TestApp } from '../test/test-app';
import { multipart } from '../test/test-images';
import { decodeSource, encodeRendition, remainingRenditions } from './image-pipeline';
import { MAX_CRASHES } from '../jobs/job-queue';
import { ABANDONED_ERROR, MAX_ATTEMPTS } from './rendition-jobs';
import { createRenditionWorker, DEFAULT_RENDITION_WORKER, RenditionWorker } from './rendition-worker';

const METRICS_TOKEN = 'metrics-token-for-tests';
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let token: string;

beforeAll(async () => {
  // the worker starts only when a test says so: until then every save's renditions stay pending
  // one version kept (REVISIONS_KEEP=1): an image an update replaces is then named by nothing, and its job and files go at once
  t = await createTestApp({ metricsToken: METRICS_TOKEN, logLevel: 'info', revisionsKeep: 1 }, undefined, {
    logStream,
    renditionWorker: false,
  });
  token = await t.login();
});

/** A camera-like photo with its owner's name and position in its metadata, of its own bytes (the library merges identical ones). */
async function cameraPhoto(): Promise<Buffer> {
  const gps =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="12,58.3N" exif:GPSLongitude="77,35.4E"/></rdf:RDF></x:xmpmeta>';
  return sharp(await makePhoto(1400, 1000))
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Someone' } })
    .withXmp(gps)
    .jpeg({ quality: 88 })
    .toBuffer();
}
afterAll(() => t.close());

const uploadsDir = () => path.join(t.env.dataDir, 'uploads');
const isStored = (url: string) => fs.existsSync(path.join(uploadsDir(), path.basename(url)));
const sourceOf = (url: string) => path.basename(url).replace('.webp', '.source');
const auth = () => ({ authorization: `Bearer ${token}` });
/** Removes an item's versions but the newest: the images only older ones named are used nowhere then. */
async function purgeHistory(id: string) {
  const reply = await t.app.inject({ method: 'DELETE', url: `/api/property/${id}/versions`, headers: auth() });
  expect(reply.statusCode, reply.body).toBe(200);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jobOf = async (url: string) => (await t.services.database.db.select().from(imageJobs).where(eq(imageJobs.imageUrl, url)))[0];

async function createProperty(title: string, image?: Buffer): Promise<{ _id: string; image: string }> {
  const body = multipart({ title }, [{ field: 'image', data: image ?? (await cameraPhoto()) }]);
  const reply = await t.app.inject({ method: 'POST', url: '/api/property', ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data;
}

/** Runs the app's worker until the first rendition of `imageUrl` is stored, then stops it (the rest stays pending). */
async function stopAfterFirstRendition(imageUrl: string) {
  const first = renditionUrl(parseImageUrl(imageUrl)!, 320, 'avif');
  t.worker.start();
  try {
    while (!isStored(first)) await sleep(10);
  } finally {
    await t.worker.stop();
  }
}

/** Runs the app's worker until no job is pending, then stops it again. */
async function runWorker() {
  t.worker.start();
  try {
    await t.renditionsDone();
  } finally {
    await t.worker.stop();
  }
}

describe('background renditions', () => {
  it('the save answers with the stored URL only; the job then makes every width in both formats, without metadata', async () => {
    const record = await createProperty('Answered early');
    const all = allRenditionUrls(record.image);
    expect(all.length).toBe(2 * renditionWidths(1400).length);
    // with the reply: the stored URL, the source and the job; no other rendition yet
    expect(all.filter(isStored)).toEqual([record.image]);
    const source = fs.readFileSync(path.join(uploadsDir(), sourceOf(record.image)));
    for (const secret of ['secret-owner', 'GPSLatitude'])
      expect(source.includes(Buffer.from(secret)), `the upload carries ${secret}`).toBe(true);
    expect(await jobOf(record.image)).toMatchObject({ source: sourceOf(record.image), attempts: 0, failedAt: null });

    await runWorker();

    const image = parseImageUrl(record.image)!;
    for (const width of renditionWidths(image.width)) {
      for (const format of IMAGE_FORMATS) {
        const url = renditionUrl(image, width, format);
        const bytes = fs.readFileSync(path.join(uploadsDir(), path.basename(url)));
        const meta = await sharp(bytes).metadata();
        expect(meta.format, url).toBe(format === 'avif' ? 'heif' : 'webp');
        expect(meta.width, url).toBe(width);
        expect(meta.exif, url).toBeUndefined();
        expect(meta.xmp, url).toBeUndefined();
        for (const secret of ['secret-owner', 'GPSLatitude']) expect(bytes.includes(Buffer.from(secret)), `${url}: ${secret}`).toBe(false);
      }
    }
    expect(isStored(sourceOf(record.image)), 'the source goes with the job').toBe(false);
    expect(await jobOf(record.image)).toBeUndefined();
  });

  it('while pending, a missing rendition redirects (307, no-store) to the stored image; nothing else does', async () => {
    const record = await createProperty('Pending renditions');
    const small = record.image.replace('.webp', '-320.avif');
    const redirect = await t.app.inject(small);
    expect(redirect.statusCode).toBe(307);
    expect(redirect.headers.location).toBe(record.image);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const target = await t.app.inject(redirect.headers.location as string);
    expect(target.statusCode).toBe(200);
    expect(target.headers['content-type']).toBe('image/webp');
    // the source is never served, and names the image does not have are not redirected
    for (const url of [
      `/uploads/${sourceOf(record.image)}`,
      record.image.replace('.webp', '-777.avif'),
      '/uploads/abcdef_100x100-320.avif',
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
    await runWorker();
    const made = await t.app.inject(small);
    expect(made.statusCode).toBe(200);
    expect(made.headers['content-type']).toBe('image/avif');
    expect(made.headers['cache-control']).toBe('public, max-age=31536000, immutable, s-maxage=10, stale-while-revalidate=30');
  });

  it('an image replaced while its renditions are pending keeps its job (the library keeps it); deleting it there drops its job and its source', async () => {
    const replaced = await createProperty('Replaced while pending');
    const body = multipart({ title: 'Replaced while pending' }, [{ field: 'image', data: await makePhoto(700, 500) }]);
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/property/${replaced._id}`,
      ...body,
      headers: { ...body.headers, ...auth() },
    });
    expect(update.statusCode, update.body).toBe(200);
    const replacement = update.json().data.image as string;
    // the media library keeps the replaced image, unused: its job goes on
    expect(await jobOf(replaced.image)).toBeDefined();
    expect(isStored(sourceOf(replaced.image))).toBe(true);
    await purgeHistory(replaced._id);
    await deleteFromLibrary(t, token, replaced.image);
    expect(await jobOf(replaced.image)).toBeUndefined();
    expect(isStored(sourceOf(replaced.image))).toBe(false);
    expect(allRenditionUrls(replaced.image).filter(isStored)).toEqual([]);
    expect(await jobOf(replacement)).toBeDefined();

    expect((await t.app.inject({ method: 'DELETE', url: `/api/property/${replaced._id}`, headers: auth() })).statusCode).toBe(200);
    // in the trash the job goes on (a restore brings the item back whole); deleted forever, it goes
    const reply = await t.app.inject({ method: 'DELETE', url: `/api/trash/property/${replaced._id}`, headers: auth() });
    expect(reply.statusCode).toBe(200);
    // the library keeps it, job and all, until it is deleted there
    expect(await jobOf(replacement)).toBeDefined();
    await deleteFromLibrary(t, token, replacement);
    expect(await jobOf(replacement)).toBeUndefined();
    expect(isStored(sourceOf(replacement))).toBe(false);
    expect(allRenditionUrls(replacement).filter(isStored)).toEqual([]);
  });

  it('a failing job is retried with backoff, then reported once (log, /metrics); what it made stays whole', async () => {
    await runWorker(); // earlier tests' jobs out of the way
    const record = await createProperty('Fails to render', await makePhoto(900, 600));
    const image = parseImageUrl(record.image)!;
    // a directory where the 640 AVIF goes: every attempt fails to store it, as a broken disk or bucket would
    const blocked = renditionUrl(image, 640, 'avif');
    fs.mkdirSync(path.join(uploadsDir(), path.basename(blocked)));
    const firstLog = logLines.length;
    const worker = createRenditionWorker(t.services, t.app.log, { ...DEFAULT_RENDITION_WORKER, pollMs: 50, retryDelayMs: 20 });
    worker.start();
    try {
      const deadline = Date.now() + 30_000;
      while (!(await jobOf(record.image))?.failedAt) {
        if (Date.now() > deadline) throw new Error('the job was not reported as failed in time');
        await sleep(50);
      }
    } finally {
      await worker.stop();
    }
    const job = await jobOf(record.image);
    expect(job.attempts).toBe(MAX_ATTEMPTS);
    expect(job.lastError).toMatch(/EISDIR|directory/i);
    const lines = logLines.slice(firstLog).filter((line) => line.imageUrl === record.image);
    expect(lines.filter((line) => line.level === 50).map((line) => line.msg)).toEqual(['image renditions failed for good']);
    expect(lines.filter((line) => line.level === 40)).toHaveLength(MAX_ATTEMPTS - 1);

    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toMatch(/^image_jobs\{state="failed"\} 1$/m);
    expect(metrics.body).toMatch(/^image_jobs\{state="pending"\} 0$/m);
    // the same counts in the gauge of every kind of job
    expect(metrics.body).toMatch(/^jobs\{kind="renditions",state="failed"\} 1$/m);

    // the renditions before the blocked one were made, whole; nothing half-written; the source stays for a retry
    const ordered = allRenditionUrls(record.image).filter((url) => url !== record.image);
    for (const url of ordered.slice(0, ordered.indexOf(blocked))) {
      expect((await sharp(fs.readFileSync(path.join(uploadsDir(), path.basename(url)))).metadata()).width, url).toBeGreaterThan(0);
    }
    expect(fs.readdirSync(uploadsDir()).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(fs.readdirSync(path.join(t.env.dataDir, 'tmp')).filter((name) => name.startsWith('renditions-'))).toEqual([]);
    expect(isStored(sourceOf(record.image))).toBe(true);
    // pages keep working: what is missing redirects to the stored image
    const missing = renditionUrl(image, 900, 'avif');
    expect(isStored(missing)).toBe(false);
    expect((await t.app.inject(missing)).headers.location).toBe(record.image);
    fs.rmdirSync(path.join(uploadsDir(), path.basename(blocked)));
  });

  it('a job claimed by a worker that died passes to another once its lease is over, and the dead claim cannot finish it', async () => {
    const record = await createProperty('Claimed by a dead worker', await makePhoto(700, 500));
    const dead = await t.services.renditionJobs.claim(1500);
    expect(dead?.imageUrl).toBe(record.image);
    // a worker as on a shared PostgreSQL database (the embedded database's own releases every lease at start: see below)
    const { services } = t;
    const other = new RenditionWorker(
      {
        jobs: services.renditionJobs,
        storage: services.storage,
        queue: services.content.images.queue,
        tmpDir: path.join(t.env.dataDir, 'tmp'),
        limits: { maxPixels: t.env.maxImagePixels },
        singleProcess: false,
        log: t.app.log,
      },
      { ...DEFAULT_RENDITION_WORKER, pollMs: 100 },
    );
    other.start();
    try {
      await sleep(700);
      expect(allRenditionUrls(record.image).filter(isStored), 'taken before the lease was over').toEqual([record.image]);
      const deadline = Date.now() + 15_000;
      while (await jobOf(record.image)) {
        if (Date.now() > deadline) throw new Error('the job was not taken over after its lease');
        await sleep(50);
      }
    } finally {
      await other.stop();
    }
    expect(other.jobsDone).toBe(1);
    expect(allRenditionUrls(record.image).every(isStored)).toBe(true);
    expect(await t.services.renditionJobs.complete(dead!)).toBe(false);
  });

  it('a claim taken over from a dead worker counts as a crash, not as an attempt', async () => {
    await runWorker(); // earlier tests' jobs out of the way
    const record = await createProperty('Taken over', await makePhoto(700, 500));
    const jobs = t.services.renditionJobs;
    const dead = await jobs.claim(300);
    expect(dead).toMatchObject({ imageUrl: record.image, attempts: 1, crashes: 0 });
    await sleep(400);
    const taken = await jobs.claim(60_000);
    expect(taken).toMatchObject({ imageUrl: record.image, attempts: 1, crashes: 1 });
    expect(await jobs.complete(dead!)).toBe(false);
    await jobs.release(taken!);
    expect(await jobOf(record.image)).toMatchObject({ attempts: 0, crashes: 1, lockedUntil: null });
    await runWorker();
    expect(allRenditionUrls(record.image).every(isStored)).toBe(true);
  });

  it(
    usingPostgres()
      ? 'on PostgreSQL, a lease found at start is left to its holder: another process may be alive'
      : 'on the embedded database, a lease found at start is a dead claim of this one process: released at once',
    async () => {
      const record = await createProperty('Claimed before a start', await makePhoto(700, 500));
      const claim = await t.services.renditionJobs.claim(60_000);
      t.worker.start();
      try {
        if (usingPostgres()) {
          await sleep(1000);
          expect((await jobOf(record.image)).lockedUntil).toEqual(claim!.lockedUntil);
          expect(allRenditionUrls(record.image).filter(isStored)).toEqual([record.image]);
          // the holder gives it back (as a stopping server does)
          await t.services.renditionJobs.release(claim!);
        }
        await t.renditionsDone(20_000);
      } finally {
        await t.worker.stop();
      }
      expect(allRenditionUrls(record.image).every(isStored)).toBe(true);
    },
  );

  it('a job whose every claim a crash ended is reported as failed after MAX_CRASHES of them, not left pending for ever', async () => {
    await runWorker(); // earlier tests' jobs out of the way
    const record = await createProperty('Crashed on every claim', await makePhoto(700, 500));
    const jobs = t.services.renditionJobs;
    const failedBefore = (await jobs.counts()).failed;
    // each claim's process died (SIGKILL) before it stored anything; the embedded database's next start releases the lease
    for (let i = 0; i < MAX_CRASHES; i++) {
      expect((await jobs.failAbandoned()).length, `given up after ${i} crashes`).toBe(0);
      expect((await jobs.claim(60_000))?.imageUrl).toBe(record.image);
      await jobs.releaseAllLeases();
    }
    expect(await jobs.claim(60_000)).toBeNull();
    const [failed] = await jobs.failAbandoned();
    expect(failed).toMatchObject({ imageUrl: record.image, attempts: 0, crashes: MAX_CRASHES, lastError: ABANDONED_ERROR });
    expect(await jobs.counts()).toEqual({ pending: 0, failed: failedBefore + 1 });
    await jobs.drop(t.services.database.db, [record.image]);
  });

  it('crashes before anything is stored are no failed attempts: after more of them than MAX_ATTEMPTS the job is still done', async () => {
    const record = await createProperty('Crashed more than its attempts', await makePhoto(700, 500));
    const jobs = t.services.renditionJobs;
    // a server killed again and again while uploads kept its image work waiting (npm run drill's crash scenario)
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      expect((await jobs.claim(60_000))?.imageUrl).toBe(record.image);
      await jobs.releaseAllLeases();
    }
    expect(await jobOf(record.image)).toMatchObject({ attempts: 0, crashes: MAX_ATTEMPTS + 2, failedAt: null });
    await runWorker();
    expect(await jobOf(record.image)).toBeUndefined();
    expect(allRenditionUrls(record.image).every(isStored)).toBe(true);
  });

  it('a job a crash interrupted keeps what it stored: the next claim makes only the rest, with its count started again', async () => {
    const record = await createProperty('Interrupted midway', await makePhoto(2000, 1500));
    await stopAfterFirstRendition(record.image);
    const madeBefore = allRenditionUrls(record.image).filter((url) => url !== record.image && isStored(url));
    const mtimes = madeBefore.map((url) => fs.statSync(path.join(uploadsDir(), path.basename(url))).mtimeMs);
    // then more claims ended by crashes without storing anything than a job has attempts
    const jobs = t.services.renditionJobs;
    for (let i = 0; i < MAX_ATTEMPTS + 1; i++) {
      await jobs.claim(60_000);
      await jobs.releaseAllLeases();
    }
    await runWorker();
    expect(await jobOf(record.image)).toBeUndefined();
    expect(allRenditionUrls(record.image).every(isStored)).toBe(true);
    expect(isStored(sourceOf(record.image))).toBe(false);
    expect(
      madeBefore.map((url) => fs.statSync(path.join(uploadsDir(), path.basename(url))).mtimeMs),
      'made again',
    ).toEqual(mtimes);
  });

  it('a job whose renditions are all stored but whose source is gone (a crash between the two last steps) just ends', async () => {
    const record = await createProperty('Crashed before its job ended', await makePhoto(700, 500));
    const job = await jobOf(record.image);
    // what the crashed claim had done: every rendition stored, then the source removed
    const source = fs.readFileSync(path.join(uploadsDir(), job.source));
    const decoded = await decodeSource(source, record.image, { maxPixels: t.env.maxImagePixels });
    for (const rendition of remainingRenditions(record.image)) {
      const target = path.join(t.env.dataDir, 'tmp', rendition.name);
      await encodeRendition(decoded, rendition, target);
      await t.services.storage.put(rendition.name, target);
    }
    await t.services.storage.remove(job.source);
    const firstLog = logLines.length;
    await runWorker();
    expect(await jobOf(record.image)).toBeUndefined();
    expect(logLines.slice(firstLog).filter((line) => line.imageUrl === record.image)).toEqual([]);
  });

  it('a stopping worker finishes the rendition in hand and gives its job back, counted as no attempt', async () => {
    const record = await createProperty('Stopped midway', await makePhoto(2000, 1500));
    await stopAfterFirstRendition(record.image);
    const job = await jobOf(record.image);
    expect(job).toMatchObject({ attempts: 0, lockedUntil: null, failedAt: null });
    expect(allRenditionUrls(record.image).filter((url) => !isStored(url)).length).toBeGreaterThan(0);
    await runWorker();
    expect(allRenditionUrls(record.image).every(isStored)).toBe(true);
  });
});
