/** Helpers of the backup tests: content made through the API, whole-database and whole-storage dumps to compare. */
import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { asc, getTableColumns } from 'drizzle-orm';
import tar from 'tar-stream';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { resources, type ResourceKey } from '../../shared/resources';
import { ARCHIVE_TABLES, LEFT_OUT_SETTINGS } from '../backup/archive-format';
import { prepareBackup, readSnapshot, type BackupResult } from '../backup/write-archive';
import type { Database } from '../db/client';
import type { Services } from '../services';
import type { Storage } from '../storage/storage';
import { sampleFields, sampleImageCount } from './sample-records';
import type { TestApp } from './test-app';
import { makeImage, multipart } from './test-images';

/** Creates a record with images through the API (`asDraft`: never published); returns its reply data. */
export async function createRecord(
  t: TestApp,
  token: string,
  key: ResourceKey,
  tag: string,
  asDraft = false,
): Promise<Record<string, unknown>> {
  const def = resources[key];
  // a photo of its own per record: the media library merges files of the same bytes (its own images stay one entry each)
  const image = await makeImage('jpeg', 700, 500);
  const files = Array.from({ length: sampleImageCount(def) }, () => ({ field: def.image.field, data: image }));
  const body = multipart(sampleFields(def, tag), files);
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/${def.path}${asDraft ? '/drafts' : ''}`,
    ...body,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  if (reply.statusCode !== 201) throw new Error(`create ${key} failed: ${reply.body}`);
  // settled: no background rendition changes storage or the job table while a test compares them
  await t.renditionsDone();
  return (reply.json() as { data: Record<string, unknown> }).data;
}

/** A few records of different shapes (a draft never published, a draft of a published one), a message and About content: every kind of row an archive holds. */
export async function addSampleContent(t: TestApp, token: string, tag = 'one'): Promise<void> {
  const property = await createRecord(t, token, 'property', tag);
  const translated = await t.app.inject({
    method: resources.property.updateMethod,
    url: `/api/${resources.property.path}/${String(property._id)}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { translations: { kn: { title: `ಮನೆ ${tag}` } } },
  });
  if (translated.statusCode !== 200) throw new Error(`translation failed: ${translated.body}`);
  await createRecord(t, token, 'gallery', tag);
  await createRecord(t, token, 'project', tag);
  await createRecord(t, token, 'clients', tag, true);
  const draft = await t.app.inject({
    method: 'PUT',
    url: `/api/${resources.property.path}/${String(property._id)}/draft`,
    headers: { authorization: `Bearer ${token}` },
    // its Kannada title too: drafts, versions and backups carry translations (docs/decisions/0049)
    payload: { title: `A draft of ${tag}`, translations: { kn: { title: `ಕರಡು ${tag}` } } },
  });
  if (draft.statusCode !== 200) throw new Error(`draft failed: ${draft.body}`);
  const message = await t.app.inject({
    method: 'POST',
    url: '/api/user',
    payload: { name: `Visitor ${tag}`, email: 'visitor@example.com', number: '+91 98450 00000', message: `Hello ${tag} — ünïcödé ✓` },
  });
  if (message.statusCode !== 201 && message.statusCode !== 200) throw new Error(`contact failed: ${message.body}`);
  await addPipelineState(t, token, tag);
  const about = await t.app.inject({
    method: 'PUT',
    url: '/api/about-content',
    headers: { authorization: `Bearer ${token}` },
    payload: { ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, title: `About ${tag}` } },
  });
  if (about.statusCode !== 200) throw new Error(`about failed: ${about.body}`);
}

/** The pipeline's state on the message just sent (docs/decisions/0040): an owner (an account the archive holds too), a stage with its reason, a follow-up and a note. */
async function addPipelineState(t: TestApp, token: string, tag: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const listed = await t.app.inject({ method: 'GET', url: `/api/user?q=${encodeURIComponent(`Visitor ${tag}`)}`, headers });
  const [{ _id: id }] = (listed.json() as { data: { _id: string }[] }).data;
  const owners = await t.app.inject({ method: 'GET', url: '/api/user/owners', headers });
  const [{ _id: ownerId }] = (owners.json() as { data: { _id: string }[] }).data;
  const changes = [
    { method: 'PUT' as const, url: `/api/user/${id}/owner`, payload: { ownerId } },
    { method: 'PUT' as const, url: `/api/user/${id}/stage`, payload: { stage: 'Lost', lostReason: `Lost ${tag}` } },
    { method: 'PUT' as const, url: `/api/user/${id}/follow-up`, payload: { followUpOn: '2026-12-24' } },
    { method: 'POST' as const, url: `/api/user/${id}/notes`, payload: { text: `Note ${tag}` } },
  ];
  for (const change of changes) {
    const reply = await t.app.inject({ ...change, headers });
    if (reply.statusCode >= 300) throw new Error(`pipeline ${change.url} failed: ${reply.body}`);
  }
}

/** Every archived row, as drizzle reads it (Dates, nested JSON), by table, in key order. */
export async function databaseDump(database: Database): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of ARCHIVE_TABLES) {
    const key = Object.values(getTableColumns(table.table)).find((column) => column.primary)!;
    const rows = (await database.db.select().from(table.table).orderBy(asc(key))) as Record<string, unknown>[];
    dump[table.name] = rows.filter((row) => table.group !== 'settings' || !LEFT_OUT_SETTINGS.includes(row.key as string));
  }
  return dump;
}

/** Every archived row as JSON text with microseconds, the precision drizzle's Dates drop. */
export async function exactDump(database: Database): Promise<Record<string, string[]>> {
  const { lines } = await readSnapshot(database.db);
  return Object.fromEntries([...lines.entries()]);
}

/** SHA-256 of every stored file, by name. */
export async function storageDigests(storage: Storage): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const { name } of (await storage.list()).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = await storage.read(name);
    if (!file) continue;
    const hash = crypto.createHash('sha256');
    for await (const chunk of file.stream) hash.update(chunk as Buffer);
    digests[name] = hash.digest('hex');
  }
  return digests;
}

/** Writes a backup of the services' site to `file`. */
export async function backupToFile(services: Services, file: string): Promise<BackupResult> {
  const prepared = await prepareBackup({ db: services.database.db, kind: services.database.kind, storage: services.storage });
  return prepared.writeTo(createWriteStream(file));
}

export interface ArchiveEntry {
  name: string;
  data: Buffer;
}

/** Every entry of a .tar.gz, in order (for tests that take an archive apart and put it together changed). */
export async function readEntries(file: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  const extract = tar.extract();
  createReadStream(file).pipe(zlib.createGunzip()).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  return entries;
}

/** Writes entries as a .tar.gz. */
export async function writeEntries(file: string, entries: ArchiveEntry[]): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(Readable.from(pack, { objectMode: false }), zlib.createGzip(), createWriteStream(file));
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.name, size: entry.data.length }, entry.data, (error) => (error ? reject(error) : resolve())),
    );
  }
  pack.finalize();
  await done;
}
