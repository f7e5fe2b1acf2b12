/**
 * The media library's files (docs/decisions/0048, step 3): replacing an entry's file (the old URL an alias, its files gone
 * unless a kept version names them, /uploads redirecting its renditions), identical files merged into one entry (uploads
 * and the import), the `where=` filter, aliases in backups, and the refusals.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { allRenditionUrls } from '../../shared/image-urls';
import { mediaMessages, type MediaEntry } from '../../shared/media';
import { resources } from '../../shared/resources';
import { sharedCacheControl } from '../../shared/shared-cache';
import { restoreFromFile } from '../backup/restore';
import { contentVersions, media, mediaAliases } from '../db/schema';
import { backupToFile } from '../test/backup-helpers';
import { sampleFields } from '../test/sample-records';
import { salesToken } from '../test/step-up';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart, type FilePart } from '../test/test-images';
import { mediaAliasMap } from './media-aliases';

let t: TestApp;
let token: string;
let work: string;
const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });
const clients = `/api/${resources.clients.path}`;
/** A photo of its own (other bytes than every other one made here). */
const nextPhoto = (width = 640, height = 480) => makeImage('jpeg', width, height);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'media-files-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const db = () => t.services.database.db;
const one = async (id: string) => {
  const reply = await t.app.inject({ method: 'GET', url: `/api/media/${id}`, headers: auth() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as MediaEntry & { uses: { kind: string; itemId?: string }[] };
};
const list = async (query: string) => {
  const reply = await t.app.inject({ method: 'GET', url: `/api/media${query}`, headers: auth() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { items: MediaEntry[]; total: number };
};
const replace = (id: string, files: FilePart[], bearer = token) => {
  const body = multipart({}, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/media/${id}/file`,
    headers: { ...auth(bearer), ...body.headers },
    payload: body.payload,
  });
};
const upload = async (data: Buffer, filename = 'photo.jpg') => {
  const body = multipart({}, [{ field: 'files', filename, data }]);
  const reply = await t.app.inject({ method: 'POST', url: '/api/media', headers: { ...auth(), ...body.headers }, payload: body.payload });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data.items as MediaEntry[];
};
const stored = async (url: string) => {
  const body = await t.services.storage.read(path.basename(url));
  body?.stream.destroy();
  return body !== null;
};
/** A client story with one photo; its record as the API gives it. */
async function createClient(title: string, data: Buffer) {
  const body = multipart(sampleFields(resources.clients, title), [{ field: 'image', filename: `${title}.jpg`, data }]);
  const reply = await t.app.inject({ method: 'POST', url: clients, headers: { ...auth(), ...body.headers }, payload: body.payload });
  expect(reply.statusCode, reply.body).toBe(201);
  await t.renditionsDone();
  return reply.json().data as { _id: string; image: string };
}
/** The entry whose current URL is `url`. */
async function entryOf(url: string): Promise<Awaited<ReturnType<typeof one>> & { sha256: string }> {
  const [row] = await db().select().from(media).where(eq(media.url, url));
  expect(row, url).toBeDefined();
  return { ...(await one(row.id)), sha256: row.sha256 };
}
const storedImage = async (id: string) => {
  const { table } = t.services.content.resources.get('clients');
  const [row] = await db().select().from(table).where(eq(table.id, id));
  return row.image as string;
};

describe('replacing a file', () => {
  it('gives the entry the new file under a new URL, keeps the records, logs it; the old files go though a version names them', async () => {
    const record = await createClient('Replaced with history', await nextPhoto());
    const before = await entryOf(record.image);
    const reply = await replace(before.id, [{ field: 'file', filename: 'Wider.jpg', data: await nextPhoto(1000, 750) }]);
    expect(reply.statusCode, reply.body).toBe(200);
    const { message, data } = reply.json() as { message: string; data: MediaEntry };
    expect(message).toBe(mediaMessages.replaced);
    expect(data).toMatchObject({ id: before.id, name: before.name, width: 1000, height: 750 });
    expect(data.url).not.toBe(before.url);
    expect(data.bytes).not.toBe(before.bytes);
    // the record and its version still name the old URL: its uses are the entry's
    expect(await storedImage(record._id)).toBe(record.image);
    expect(data.useCount).toBe(2);
    expect((await one(before.id)).uses.map((use) => use.kind)).toEqual(['item', 'version']);
    expect((await mediaAliasMap(db())).get(record.image)).toBe(data.url);
    // a replace gets rid of the old photo everywhere: the version shows the new file through the redirect
    await t.renditionsDone();
    for (const url of allRenditionUrls(record.image)) expect(await stored(url), url).toBe(false);
    const moved = await t.app.inject({ method: 'GET', url: record.image });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(data.url);

    const activity = (await t.app.inject({ method: 'GET', url: '/api/activity?limit=5', headers: auth() })).json().data.entries as {
      kind: string;
      target: { id: string } | null;
    }[];
    expect(activity[0]).toMatchObject({ kind: 'media.replaced', target: { id: before.id } });
  });

  it('removes the old files when no version names them; their renditions answer 301 to the new ones', async () => {
    const record = await createClient('Replaced', await nextPhoto());
    const before = await entryOf(record.image);
    // the versions were pruned (REVISIONS_KEEP): only the record names the old URL
    await db().delete(contentVersions).where(eq(contentVersions.itemId, record._id));
    const reply = await replace(before.id, [{ field: 'file', data: await nextPhoto(1000, 750) }]);
    expect(reply.statusCode, reply.body).toBe(200);
    const after = reply.json().data as MediaEntry;
    await t.renditionsDone();
    for (const url of allRenditionUrls(record.image)) expect(await stored(url), url).toBe(false);
    expect(await stored(after.url)).toBe(true);

    const [oldMain, old320avif, old320webp, old640avif] = allRenditionUrls(record.image);
    const fresh = allRenditionUrls(after.url);
    const redirects: [string, string][] = [
      [oldMain, after.url],
      [old320avif, fresh[1]],
      [old320webp, fresh[2]],
      [old640avif, fresh[3]],
    ];
    for (const [from, to] of redirects) {
      const moved = await t.app.inject({ method: 'GET', url: from });
      expect(moved.statusCode, from).toBe(301);
      expect(moved.headers.location).toBe(to);
      expect(moved.headers['cache-control']).toBe(sharedCacheControl(t.env));
    }
    expect(fresh[3]).toMatch(/-640\.avif$/);
    // the new file is shown to visitors: a shown record names its old URL
    expect((await t.app.inject({ method: 'GET', url: after.url })).statusCode).toBe(200);
    // a name the old image never had is still a 404
    expect((await t.app.inject({ method: 'GET', url: oldMain.replace('.webp', '-960.avif') })).statusCode).toBe(404);
    // the record keeps its URL, which counts for the entry; it cannot be deleted
    expect(await storedImage(record._id)).toBe(record.image);
    expect((await one(before.id)).useCount).toBe(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${before.id}`, headers: auth() })).statusCode).toBe(409);
    // a backup does not count the old files as missing: the redirect serves them
    const file = path.join(work, `replaced-${crypto.randomUUID()}.tar.gz`);
    expect((await backupToFile(t.services, file)).manifest.missingImages).not.toContain(path.basename(record.image));

    // hidden, the record's images are withheld from visitors again; staff still follow the redirect
    const { table } = t.services.content.resources.get('clients');
    await db().update(table).set({ hidden: true }).where(eq(table.id, record._id));
    t.services.content.reads.afterWrite('clients');
    expect((await t.app.inject({ method: 'GET', url: oldMain })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: after.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: oldMain, headers: auth() })).statusCode).toBe(301);
  });

  it('refuses a file that is not an image, no file, two files and a missing entry, changing nothing', async () => {
    const [entry] = await upload(await nextPhoto(), 'Unchanged.jpg');
    await t.renditionsDone();
    const files = (await t.services.storage.list()).length;
    const refusals: [FilePart[], number][] = [
      [[{ field: 'file', filename: 'notes.jpg', data: Buffer.from('not an image at all') }], 400],
      [[], 400],
      [
        [
          { field: 'file', data: await nextPhoto() },
          { field: 'file', data: await nextPhoto() },
        ],
        400,
      ],
      [[{ field: 'files', data: await nextPhoto() }], 400],
    ];
    for (const [parts, status] of refusals) {
      const reply = await replace(entry.id, parts);
      expect(reply.statusCode, JSON.stringify(parts.map((part) => part.field))).toBe(status);
      expect(reply.json().success).toBe(false);
    }
    expect((await replace('00000000-0000-4000-8000-000000000000', [{ field: 'file', data: await nextPhoto() }])).statusCode).toBe(404);
    expect((await replace('nonsense', [{ field: 'file', data: await nextPhoto() }])).statusCode).toBe(400);
    expect(await one(entry.id)).toMatchObject({ url: entry.url, bytes: entry.bytes, width: entry.width });
    expect((await t.services.storage.list()).length).toBe(files);
    expect(await db().select().from(mediaAliases).where(eq(mediaAliases.mediaId, entry.id))).toEqual([]);
  });

  it('refuses visitors (401) and accounts without the content area (403)', async () => {
    const [entry] = await upload(await nextPhoto());
    expect((await replace(entry.id, [{ field: 'file', data: await nextPhoto() }], 'nobody')).statusCode).toBe(401);
    const sales = await salesToken(t.app, token, 'sales-files@example.com');
    expect((await replace(entry.id, [{ field: 'file', data: await nextPhoto() }], sales)).statusCode).toBe(403);
    const where: InjectOptions = { method: 'GET', url: '/api/media?where=clients' };
    expect((await t.app.inject(where)).statusCode).toBe(401);
    expect((await t.app.inject({ ...where, headers: auth(sales) })).statusCode).toBe(403);
    expect((await one(entry.id)).url).toBe(entry.url);
  });
});

describe('identical files are one entry', () => {
  it('a second upload of the same bytes in a write is an alias of the first entry, its uses the entry’s', async () => {
    const same = await nextPhoto();
    const first = await createClient('Same one', same);
    const second = await createClient('Same two', same);
    expect(second.image).not.toBe(first.image);
    const entry = await entryOf(first.image);
    expect(await db().select().from(media).where(eq(media.url, second.image))).toEqual([]);
    expect((await mediaAliasMap(db())).get(second.image)).toBe(first.image);
    // each record and its version
    expect(entry.useCount).toBe(4);
    expect(entry.uses.filter((use) => use.kind === 'item').map((use) => use.itemId)).toEqual([first._id, second._id]);
    expect((await list('?used=used&pageSize=200')).items.map((item) => item.id)).toContain(entry.id);
    // the library's own upload of those bytes stores nothing and gives the entry
    const files = (await t.services.storage.list()).length;
    const [again] = await upload(same, 'Same again.jpg');
    expect(again).toMatchObject({ id: entry.id, url: first.image, useCount: 4 });
    expect((await t.services.storage.list()).length).toBe(files);
    // the first record deleted forever, the entry stays with its files, for the alias's uses; deleting it is refused
    expect((await t.app.inject({ method: 'DELETE', url: `${clients}/${first._id}`, headers: auth() })).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/trash/clients/${first._id}`, headers: auth() });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await stored(first.image)).toBe(true);
    expect((await one(entry.id)).url).toBe(first.image);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/media/${entry.id}`, headers: auth() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().uses).toContainEqual(expect.objectContaining({ kind: 'item', itemId: second._id }));
  });

  it('two identical files in one library upload are one entry', async () => {
    const same = await nextPhoto();
    const body = multipart({}, [
      { field: 'files', filename: 'Twin one.jpg', data: same },
      { field: 'files', filename: 'Twin two.jpg', data: same },
    ]);
    const reply = await t.app.inject({ method: 'POST', url: '/api/media', headers: { ...auth(), ...body.headers }, payload: body.payload });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.items.map((item: MediaEntry) => item.name)).toEqual(['Twin one']);
    expect((await list('?q=twin')).total).toBe(1);
  });

  it('the import merges entries with the same bytes into the oldest, and registers a named file with known bytes as an alias', async () => {
    const older = await createClient('Merge older', await nextPhoto());
    const newer = await createClient('Merge newer', await nextPhoto());
    const kept = await entryOf(older.image);
    const merged = await entryOf(newer.image);
    // as a site from before the merge: two entries of one file, the newer with its own tags and alt text
    await db()
      .update(media)
      .set({ sha256: kept.sha256, tags: ['porch'] })
      .where(eq(media.id, merged.id));
    await db()
      .update(media)
      .set({ tags: ['exterior'], alt: '' })
      .where(eq(media.id, kept.id));

    const result = await t.services.media.importNamedImages();
    expect(result.merged).toBe(1);
    expect(await db().select().from(media).where(eq(media.id, merged.id))).toEqual([]);
    expect((await mediaAliasMap(db())).get(newer.image)).toBe(older.image);
    const after = await one(kept.id);
    expect(after.tags).toEqual(['exterior', 'porch']);
    expect(after.alt).toBe(merged.alt);
    // the two records and their versions
    expect(after.useCount).toBe(4);
    // the merged entry's files stay (its record and version name them)
    expect(await stored(newer.image)).toBe(true);

    // a named image without an entry whose bytes an entry has becomes its alias, once however often it runs
    const same = await nextPhoto();
    const first = await createClient('Import first', same);
    const second = await createClient('Import second', same);
    await db().delete(mediaAliases).where(eq(mediaAliases.url, second.image));
    const again = await t.services.media.importNamedImages();
    expect(again).toMatchObject({ registered: 1, merged: 0 });
    expect((await mediaAliasMap(db())).get(second.image)).toBe(first.image);
    expect(await t.services.media.importNamedImages()).toEqual({ registered: 0, missing: 0, merged: 0 });
  });
});

describe('where used', () => {
  it('keeps the images a resource’s records or a document name, with the search and the other filters', async () => {
    const record = await createClient('Where client', await nextPhoto());
    const client = await entryOf(record.image);
    const aboutPhoto = await nextPhoto();
    const [about] = await upload(aboutPhoto, 'Where about.jpg');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/about-content',
      headers: auth(),
      payload: { ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, image: about.url } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ids = async (query: string) => (await list(`${query}&pageSize=200`)).items.map((item) => item.id);

    expect(await ids('?where=clients')).toContain(client.id);
    expect(await ids('?where=clients')).not.toContain(about.id);
    expect(await ids('?where=about')).toEqual([about.id]);
    expect(await ids('?where=gallery')).not.toContain(client.id);
    expect(await ids('?where=site-settings')).toEqual([]);
    expect(await ids('?where=clients&q=where%20client')).toEqual([client.id]);
    expect(await ids('?where=clients&used=unused')).toEqual([]);
    expect((await list('?where=clients&sort=name&pageSize=1')).total).toBe((await ids('?where=clients')).length);
    // an image named by its alias only is kept by where= too
    const aliased = await createClient('Where alias', aboutPhoto);
    expect(await ids('?where=clients')).toContain(about.id);
    expect((await mediaAliasMap(db())).get(aliased.image)).toBe(about.url);

    const bad = await t.app.inject({ method: 'GET', url: '/api/media?where=nowhere', headers: auth() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: mediaMessages.badQuery });
  });
});

describe('backups', () => {
  it('carry the aliases, and a restored site redirects the old URLs', async () => {
    const record = await createClient('Backed up', await nextPhoto());
    const entry = await entryOf(record.image);
    await db().delete(contentVersions).where(eq(contentVersions.itemId, record._id));
    const replaced = await replace(entry.id, [{ field: 'file', data: await nextPhoto(800, 600) }]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    await t.renditionsDone();
    const aliases = await db().select().from(mediaAliases).orderBy(mediaAliases.url);
    expect(aliases.map((alias) => alias.url)).toContain(record.image);

    const file = path.join(work, 'aliases.tar.gz');
    await backupToFile(t.services, file);
    const target = await createTestApp();
    try {
      await restoreFromFile({ db: target.services.database.db, storage: target.services.storage }, file, {
        force: false,
        workDir: path.join(work, 'restore'),
      });
      expect(await target.services.database.db.select().from(mediaAliases).orderBy(mediaAliases.url)).toEqual(aliases);
      const moved = await target.app.inject({ method: 'GET', url: record.image });
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(replaced.json().data.url);
      const restored = await target.services.database.db
        .select()
        .from(media)
        .where(inArray(media.id, [entry.id]));
      expect(restored[0].url).toBe(replaced.json().data.url);
    } finally {
      await target.close();
    }
  });
});
