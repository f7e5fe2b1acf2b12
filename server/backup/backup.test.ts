/**
 * GET /api/backup and /api/backup/summary through the real app: admin only, a valid archive of
 * everything, the last backup recorded, and consistent while records are written and deleted.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { getTableName, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import type { BackupSummary } from '../../shared/backup';
import { resources } from '../../shared/resources';
import { queryRows } from '../db/client';
import type { Storage } from '../storage/storage';
import { addSampleContent, createRecord, databaseDump, storageDigests } from '../test/backup-helpers';
import { stepUpHeaders } from '../test/step-up';
import { deleteFromLibrary } from '../test/media-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { ARCHIVE_FORMAT, ARCHIVE_TABLES, LEFT_OUT_TABLES } from './archive-format';
import { verifyArchive } from './read-archive';
import { prepareBackup } from './write-archive';

let t: TestApp;
let token: string;
/** The session and a step-up token: a download needs the password confirmed minutes before. */
let headers: Record<string, string>;
let work: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  headers = await stepUpHeaders(t.app, token);
  await addSampleContent(t, token);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const auth = () => headers;
let fileCount = 0;
const saveArchive = (bytes: Buffer) => {
  const file = path.join(work, `archive-${(fileCount += 1)}.tar.gz`);
  fs.writeFileSync(file, bytes);
  return file;
};
const summary = async () => {
  const reply = await t.app.inject({ method: 'GET', url: '/api/backup/summary', headers: auth() });
  expect(reply.statusCode).toBe(200);
  return (reply.json() as { data: BackupSummary }).data;
};

describe('what an archive holds', () => {
  it('every table of the schema is archived or deliberately left out', async () => {
    // the database's own list: db/schema.ts and every job kind's table (in its *.job.ts file) alike, without Drizzle's record of
    // migrations (beside the tables on PostgreSQL)
    const all = (
      await queryRows<{ name: string }>(
        t.services.database.db,
        sql`select tablename as name from pg_tables where schemaname = current_schema() and tablename <> '__drizzle_migrations'`,
      )
    ).map((row) => row.name);
    const covered = [...ARCHIVE_TABLES.map((table) => table.name), ...LEFT_OUT_TABLES.map((table) => getTableName(table))];
    expect(covered.sort()).toEqual(all.sort());
  });
});

describe('GET /api/backup', () => {
  it('refuses without a token and with a forged one (401), before doing any work', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/backup' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(apiMessages.unauthorized);
    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(crypto.randomUUID())
      .setIssuer('site-admin')
      .setAudience('site-admin-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not the site secret, but long enough to sign with'));
    const reply = await t.app.inject({ method: 'GET', url: '/api/backup', headers: { authorization: `Bearer ${forged}` } });
    expect(reply.statusCode).toBe(401);
    for (const url of ['/api/backup/summary']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
    }
  });

  it('streams a valid archive of every row and image, as an attachment named by its UTC time', async () => {
    const before = await summary();
    expect(before.lastBackup).toBeNull();
    const reply = await t.app.inject({ method: 'GET', url: '/api/backup', headers: auth() });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/gzip');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['content-disposition']).toMatch(
      /^attachment; filename="site-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz"$/,
    );

    const archive = await verifyArchive(saveArchive(reply.rawPayload), path.join(work, 'check-1'));
    expect(archive.manifest.format).toBe(ARCHIVE_FORMAT);
    expect(archive.manifest.source).toBe(t.services.database.kind);
    const dump = await databaseDump(t.services.database);
    for (const table of ARCHIVE_TABLES) expect(archive.tables.get(table.name)!.length, table.name).toBe(dump[table.name].length);
    expect(archive.manifest.counts).toMatchObject({
      records: 4,
      messages: 1,
      admins: 1,
      images: Object.keys(await storageDigests(t.services.storage)).length,
    });
    // the signing key stays with the installation; the key of the two-factor secrets travels with them
    expect(
      archive.tables
        .get('settings')!
        .map((row) => row.key)
        .sort(),
    ).toEqual(['about_content', 'totp_encryption_key']);
    for (const name of archive.imageNames) {
      expect(fs.readFileSync(path.join(archive.imageDir, name))).toEqual(fs.readFileSync(path.join(t.env.dataDir, 'uploads', name)));
    }

    const after = await summary();
    expect(after.lastBackup).toMatchObject({ via: 'download', counts: archive.manifest.counts, archiveBytes: reply.rawPayload.length });
    expect(after.lastBackup!.takenAt).toBe(archive.manifest.createdAt);
  });

  it('the summary says what an archive taken now holds', async () => {
    const { current } = await summary();
    const digests = await storageDigests(t.services.storage);
    const bytes = fs
      .readdirSync(path.join(t.env.dataDir, 'uploads'))
      .reduce((sum, name) => sum + fs.statSync(path.join(t.env.dataDir, 'uploads', name)).size, 0);
    expect(current).toEqual({
      records: 4,
      messages: 1,
      admins: 1,
      settings: 2,
      imageJobs: 0,
      images: Object.keys(digests).length,
      imageBytes: bytes,
      auditEvents: (await databaseDump(t.services.database)).audit_events.length,
    });
    expect(current.auditEvents).toBeGreaterThan(0);
  });

  it('a second download while one runs is refused (409); the first completes', async () => {
    const first = t.app.inject({ method: 'GET', url: '/api/backup', headers: auth() });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await t.app.inject({ method: 'GET', url: '/api/backup', headers: auth() });
    const firstReply = await first;
    expect(firstReply.statusCode).toBe(200);
    // the first may have finished before the second began; either way nothing breaks
    expect([200, 409]).toContain(second.statusCode);
    await verifyArchive(saveArchive(firstReply.rawPayload), path.join(work, 'check-2'));
  });
});

describe('a download the reader abandons', () => {
  it('stops reading images, frees the one-at-a-time slot, and records nothing', async () => {
    // the last test's downloads free the slot as their streams close, which can come after their replies ended
    let servedFrom = 0;
    await expect
      .poll(
        async () => {
          servedFrom = Date.now();
          return (await t.app.inject({ method: 'GET', url: '/api/backup', headers: auth() })).statusCode;
        },
        { timeout: 5000 },
      )
      .toBe(200);
    // that download records itself once its stream has closed, which can come after its reply: wait for its record
    await expect.poll(async () => Date.parse((await summary()).lastBackup?.takenAt ?? '') >= servedFrom, { timeout: 5000 }).toBe(true);
    const last = (await summary()).lastBackup;
    // the real storage, its first read held until the reader has gone
    const storage = t.services.storage;
    const read = storage.read.bind(storage);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    let opened = 0;
    storage.read = async (name) => {
      asked += 1;
      await held;
      const file = await read(name);
      if (file) opened += 1;
      return file;
    };
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const request = http.get({ port, host: '127.0.0.1', path: '/api/backup', headers: auth() });
      request.on('error', () => {});
      // the backup is under way, waiting for its first image (polled: a busy machine takes longer to get there)
      await expect.poll(() => asked, { timeout: 15_000 }).toBe(1);
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // at most the file it was waiting for was opened (and closed); nothing was recorded
      expect(opened).toBeLessThanOrEqual(1);
      expect((await summary()).lastBackup?.takenAt).toBe(last?.takenAt);
    } finally {
      storage.read = read;
      release();
    }
    // the slot is free again: a new backup is served, not refused as busy
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/backup', headers: auth() })).statusCode, { timeout: 5000 })
      .toBe(200);
  });
});

describe('a backup while the site keeps changing', () => {
  /** An output that holds everything after its first chunk until released, so writes can happen mid-backup. */
  function gatedOutput() {
    const chunks: Buffer[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const output = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        if (first) {
          first = false;
          void gate.then(() => done());
        } else done();
      },
    });
    return { output, release, bytes: () => Buffer.concat(chunks) };
  }

  it('records written meanwhile do not break it: the archive holds the rows of one moment', async () => {
    const rowsBefore = await databaseDump(t.services.database);
    const prepared = await prepareBackup({ db: t.services.database.db, kind: t.services.database.kind, storage: t.services.storage });
    const { output, release, bytes } = gatedOutput();
    const writing = prepared.writeTo(output);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const created = await createRecord(t, token, 'property', 'during');
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { name: 'During', email: 'during@example.com', number: '98450 12345', message: 'Sent during a backup' },
    });
    expect(contact.statusCode).toBe(201);
    release();
    await writing;

    const archive = await verifyArchive(saveArchive(bytes()), path.join(work, 'check-3'));
    expect(archive.tables.get('property')!.map((row) => row.id)).not.toContain(created._id);
    expect(archive.tables.get('contact_messages')!.length).toBe(rowsBefore.contact_messages.length);
  });

  it('a record deleted before its images are read: the rows are read again, and the archive has no record without its images', async () => {
    const doomed = await createRecord(t, token, 'gallery', 'doomed');
    const doomedImage = path.posix.basename((doomed.images as { url: string }[])[0].url);
    // the real storage, except that reading the doomed record's image waits until the record is gone
    let reached: () => void = () => {};
    const atDoomedImage = new Promise<void>((resolve) => (reached = resolve));
    let proceed: () => void = () => {};
    const deleted = new Promise<void>((resolve) => (proceed = resolve));
    const storage: Storage = {
      ...t.services.storage,
      list: () => t.services.storage.list(),
      async read(name) {
        if (name === doomedImage) {
          reached();
          await deleted;
        }
        return t.services.storage.read(name);
      },
    };
    const prepared = await prepareBackup({ db: t.services.database.db, kind: t.services.database.kind, storage });
    const chunks: Buffer[] = [];
    const writing = prepared.writeTo(new Writable({ write: (chunk: Buffer, _encoding, done) => (chunks.push(chunk), done()) }));
    await atDoomedImage;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/${resources.gallery.path}/${doomed._id}`, headers: auth() })).statusCode,
    ).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/trash/gallery/${doomed._id}`, headers: auth() });
    expect(removed.statusCode).toBe(200);
    // the library keeps an image nothing uses until it is deleted there too: then its files go
    await deleteFromLibrary(t, token, (doomed.images as { url: string }[])[0].url);
    const created = await createRecord(t, token, 'property', 'after-delete');
    proceed();
    await writing;

    const archive = await verifyArchive(saveArchive(Buffer.concat(chunks)), path.join(work, 'check-4'));
    expect(archive.manifest.missingImages).toEqual([]);
    expect(archive.tables.get('gallery')!.map((row) => row.id)).not.toContain(doomed._id);
    // the second reading of the rows includes what was created meanwhile, with its images
    expect(archive.tables.get('property')!.map((row) => row.id)).toContain(created._id);
    expect(archive.imageNames).toContain(path.posix.basename(created.image as string));
  });
});
