/**
 * Moving house: the embedded database with demo content (images on local disk) → archive → restore
 * into PostgreSQL with images in a bucket (s3rver) → every row equal (to the microsecond) and every
 * image byte-identical; and back, PostgreSQL + bucket (with a record and a message written there) →
 * archive downloaded from GET /api/backup → a new embedded database on local disk. Needs PostgreSQL, so it runs in the PostgreSQL pass (CI sets TEST_DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../../shared/backup';
import { seedDemoContentIfEmpty } from '../db/demo-content';
import { addSampleContent, backupToFile, databaseDump, exactDump, storageDigests } from '../test/backup-helpers';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, type TestApp } from '../test/test-app';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { restoreFromFile } from './restore';

let embedded: TestApp;
let work: string;
let bucket: S3TestServer;
const opened: TestApp[] = [];

beforeAll(async () => {
  embedded = await createTestApp({}, undefined, { databaseKind: 'pglite' });
  opened.push(embedded);
  const seeded = await seedDemoContentIfEmpty(embedded.services);
  expect(seeded).toBeGreaterThan(30);
  await embedded.renditionsDone(240_000); // every rendition made (448 images), so the archive holds finished images
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cross-engine-'));
  bucket = await startS3Server();
}, 300_000); // demo content goes through the image pipeline: about a minute on two busy cores
afterAll(async () => {
  for (const app of opened) await app.close().catch(() => undefined);
  await bucket?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function expectSameSite(target: TestApp, from: TestApp) {
  const dump = await databaseDump(from.services.database);
  // the history travels too: a version per demo record and per save (docs/decisions/0038)
  expect(dump.content_versions.length).toBeGreaterThan(30);
  expect(await databaseDump(target.services.database)).toEqual(dump);
  expect(await exactDump(target.services.database)).toEqual(await exactDump(from.services.database));
  const images = await storageDigests(from.services.storage);
  expect(Object.keys(images).length).toBeGreaterThan(100);
  expect(await storageDigests(target.services.storage)).toEqual(images);
}

describe('across engines', () => {
  let postgres: TestApp;

  it('embedded with demo content → archive → PostgreSQL and a bucket: every record equal, every image byte-identical', async () => {
    const file = path.join(work, 'embedded.tar.gz');
    let started = performance.now();
    const backup = await backupToFile(embedded.services, file);
    const backupTime = seconds(started);
    expect(backup.manifest.source).toBe('pglite');

    postgres = await createTestApp(bucket.env, undefined, { databaseKind: 'postgres' });
    opened.push(postgres);
    expect(postgres.services.database.kind).toBe('postgres');
    expect(postgres.services.storage.root).toBeNull(); // images go to the bucket
    started = performance.now();
    await restoreFromFile({ db: postgres.services.database.db, storage: postgres.services.storage }, file, {
      force: false,
      workDir: path.join(work, 'to-postgres'),
    });
    const restoreTime = seconds(started);
    await expectSameSite(postgres, embedded);
    expect((await bucket.objectNames()).length).toBe(Object.keys(await storageDigests(embedded.services.storage)).length);
    console.log(
      `demo content: ${backup.manifest.counts.records} records, ${backup.manifest.counts.images} images (${formatBytes(backup.manifest.counts.imageBytes)}); ` +
        `archive ${formatBytes(backup.archiveBytes)} written in ${backupTime}; restored into PostgreSQL in ${restoreTime}`,
    );
  });

  it('PostgreSQL and a bucket (with writes of its own) → GET /api/backup → a new embedded database', async () => {
    const token = await postgres.login();
    await addSampleContent(postgres, token, 'pg');
    const reply = await postgres.app.inject({ method: 'GET', url: '/api/backup', headers: await stepUpHeaders(postgres.app, token) });
    expect(reply.statusCode).toBe(200);
    const file = path.join(work, 'postgres.tar.gz');
    fs.writeFileSync(file, reply.rawPayload);

    // no worker on the restored sites: restored jobs stay as the archive has them, to compare
    const embeddedAgain = await createTestApp({}, undefined, { databaseKind: 'pglite', renditionWorker: false });
    opened.push(embeddedAgain);
    expect(embeddedAgain.services.database.kind).toBe('pglite');
    const result = await restoreFromFile({ db: embeddedAgain.services.database.db, storage: embeddedAgain.services.storage }, file, {
      force: false,
      workDir: path.join(work, 'to-embedded'),
    });
    expect(result.archive.manifest.source).toBe('postgres');
    await expectSameSite(embeddedAgain, postgres);
  });
});
