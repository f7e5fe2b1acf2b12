/**
 * Moving house: the embedded database with demo content (images on local disk) → archive → restore
 * into PostgreSQL with images in a bucket (s3rver) → every row equal (to the microsecond) and every
 * image byte-identical; and back, PostgreSQL + bucket (with a record and a message written there) →
 * archive downloaded from GET /api/backup → a new embedded database on local disk. The source also holds one item's
 * 500 versions and a scheduled publish (issue 25), and its background renditions are still to be made: the jobs
 * travel with the site (no worker runs anywhere here, so every table compares as the archive has it). Needs
 * PostgreSQL, so it runs in the PostgreSQL pass (CI sets TEST_DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../../shared/backup';
import { resources } from '../../shared/resources';
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

/** Versions of one item beyond the demo's own: the history the issue asks to carry across engines. */
const VERSIONS = 500;
/** The item the extra versions and the schedule are on. */
let item: string;

beforeAll(async () => {
  // no rendition worker: the demo's other renditions stay pending jobs, which the archive carries (waiting for the
  // 448 to be made took three minutes of a busy CI run and proved nothing more)
  embedded = await createTestApp({ revisionsKeep: 1000 }, undefined, { databaseKind: 'pglite', renditionWorker: false });
  opened.push(embedded);
  const seeded = await seedDemoContentIfEmpty(embedded.services);
  expect(seeded).toBeGreaterThan(30);
  const pending = (await embedded.services.renditionJobs.counts()).pending;
  expect(pending).toBeGreaterThan(30);
  const token = await embedded.login();
  const clients = (await embedded.services.content.reads.list('clients')).records as Record<string, unknown>[];
  const record = clients[0]!;
  item = String(record._id);
  // versions 2..500 of one testimonial, an hour apart, as the history volume test makes them
  await embedded.services.database.db.execute(sql`
    insert into content_versions (id, resource, item_id, number, status, event, author_name, at, snapshot, changed_fields, images)
    select gen_random_uuid(), 'clients', ${item}::text, i, 'published', 'updated', 'editor' || (i % 5) || '@example.com',
      now() - ((${VERSIONS}::int - i) * interval '1 hour'),
      ${JSON.stringify({ ...record, _id: undefined, createdAt: undefined, updatedAt: undefined })}::jsonb ||
        jsonb_build_object('description', 'edit ' || i || ' — ünïcödé'),
      '["description"]'::jsonb, jsonb_build_array(${String(record.image)}::text)
    from generate_series(2, ${VERSIONS}::int) as i`);
  // an unpublish set for tomorrow: its job travels with the site
  const due = new Date(Date.now() + 86_400_000).toISOString();
  const scheduled = await embedded.app.inject({
    method: 'PUT',
    url: `/api/${resources.clients.path}/${item}/schedule`,
    headers: { authorization: `Bearer ${token}` },
    payload: { publishAt: null, unpublishAt: due },
  });
  expect(scheduled.statusCode, scheduled.body).toBe(200);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cross-engine-'));
  bucket = await startS3Server();
}, 120_000);
afterAll(async () => {
  for (const app of opened) await app.close().catch(() => undefined);
  await bucket?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function expectSameSite(target: TestApp, from: TestApp) {
  const dump = await databaseDump(from.services.database);
  // the history travels too: a version per demo record and per save (docs/decisions/0038), and one item's 500
  expect(dump.content_versions.length).toBeGreaterThan(30 + VERSIONS);
  expect((dump.content_versions as { itemId: string }[]).filter((version) => version.itemId === item).length).toBeGreaterThanOrEqual(
    VERSIONS,
  );
  // the media library travels: an entry per stored demo image (docs/decisions/0048)
  expect(dump.media.length).toBeGreaterThan(30);
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

    postgres = await createTestApp(bucket.env, undefined, { databaseKind: 'postgres', renditionWorker: false });
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
    // the schedule reads back as it was set, and the item's history lists every version
    const token = await postgres.login();
    const headers = { authorization: `Bearer ${token}` };
    const manage = (await postgres.app.inject({ method: 'GET', url: `/api/${resources.clients.path}/manage`, headers })).json();
    const moved = (manage as { _id: string; state: string; schedule: { unpublishAt: string | null } | null }[]).find(
      (row) => row._id === item,
    );
    expect(moved?.state).toBe('scheduled');
    expect(moved?.schedule?.unpublishAt).not.toBeNull();
    const versions = await postgres.app.inject({ method: 'GET', url: `/api/${resources.clients.path}/${item}/versions`, headers });
    expect(versions.statusCode, versions.body).toBe(200);
    expect(versions.json().data.total).toBeGreaterThanOrEqual(VERSIONS);
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
