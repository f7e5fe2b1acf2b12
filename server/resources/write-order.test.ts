/**
 * Files first, then the row: when the database refuses the row after the images were stored
 * (a real constraint, added here), the stored files go again and nothing else changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { allRenditionUrls } from '../../shared/image-urls';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';

let t: TestApp;
let token: string;

const REFUSED_TITLE = 'Refused by the database';

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  // the database, not our code, refuses this title: after validation, after the images are stored
  await t.services.database.db.execute(sql.raw(`alter table property add constraint refuse_title check (title <> '${REFUSED_TITLE}')`));
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.env.dataDir, 'uploads');
const stored = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);
const tmpEntries = () => (fs.existsSync(path.join(t.env.dataDir, 'tmp')) ? fs.readdirSync(path.join(t.env.dataDir, 'tmp')) : []);
const properties = async () => (await t.app.inject('/api/property')).json() as { _id: string; title: string; image: string }[];

async function write(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, withImage: boolean) {
  const body = multipart(fields, withImage ? [{ field: 'image', data: await makeImage('jpeg', 800, 600) }] : []);
  return t.app.inject({ method, url, ...body, headers: { ...body.headers, authorization: `Bearer ${token}` } });
}

describe('write order', () => {
  it('a create whose row the database refuses leaves no stored file and no row', async () => {
    const before = { files: stored(), records: await properties() };
    // the files were in storage when the row was refused (files first), and went again after
    fs.mkdirSync(uploadsDir(), { recursive: true });
    const seen = new Set<string>();
    const watcher = fs.watch(uploadsDir(), (_event, name) => name && seen.add(name));
    const reply = await write('POST', '/api/property', { title: REFUSED_TITLE }, true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    watcher.close();
    expect([...seen].filter((name) => /_800x600\.webp$/.test(name))).toHaveLength(1);
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ success: false, message: expect.any(String) });
    expect(reply.body).not.toContain('refuse_title');
    expect(stored()).toEqual(before.files);
    expect(await properties()).toEqual(before.records);
    expect(tmpEntries()).toEqual([]);
  });

  it('an update whose row the database refuses removes the new files and keeps the old record and its images', async () => {
    const created = await write('POST', '/api/property', { title: 'Lakeview' }, true);
    expect(created.statusCode).toBe(201);
    const record = created.json().data;
    await t.renditionsDone(); // its background renditions are stored before the files are counted
    const before = stored();
    const reply = await write('PUT', `/api/property/${record._id}`, { title: REFUSED_TITLE }, true);
    expect(reply.statusCode).toBe(500);
    expect(stored()).toEqual(before);
    const [after] = await properties();
    expect(after).toMatchObject({ _id: record._id, title: 'Lakeview', image: record.image });
    for (const url of allRenditionUrls(record.image)) expect(fs.existsSync(path.join(uploadsDir(), path.basename(url))), url).toBe(true);
    expect(tmpEntries()).toEqual([]);
  });

  it('an update of a record deleted meanwhile is a 404 and leaves no new file', async () => {
    const created = (await write('POST', '/api/property', { title: 'Soon gone' }, true)).json().data;
    await t.app.inject({ method: 'DELETE', url: `/api/property/${created._id}`, headers: { authorization: `Bearer ${token}` } });
    await t.renditionsDone();
    const before = stored();
    const reply = await write('PUT', `/api/property/${created._id}`, { title: 'Too late' }, true);
    expect(reply.statusCode).toBe(404);
    expect(stored()).toEqual(before);
  });

  it('an update that keeps an image a concurrent update removed is refused (409) and leaves no new file', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const fields = { title: 'Two editors', category: 'Villas' };
    const create = multipart(fields, [
      { field: 'images', data: await makeImage('jpeg', 800, 600) },
      { field: 'images', data: await makeImage('png', 640, 480) },
    ]);
    const record = (await t.app.inject({ method: 'POST', url: '/api/gallery', ...create, headers: { ...create.headers, ...auth } })).json()
      .data;
    const [first, second] = record.images as { url: string; description: string }[];
    await t.renditionsDone();

    // editor B keeps both images and adds a large photo: it reads the record, then waits on image work
    const slow = multipart({ ...fields, existingImages: JSON.stringify([first, second]) }, [
      { field: 'images', data: await makeImage('jpeg', 4000, 3000) },
    ]);
    // B is held after its read, before its image work, until A has written: the race made certain on a loaded machine too
    const images = (
      t.services.content.writes as unknown as { images: { prepare: (files: unknown[], ...rest: unknown[]) => Promise<unknown> } }
    ).images;
    const prepare = images.prepare.bind(images);
    let bRead!: () => void;
    const bHasRead = new Promise<void>((resolve) => (bRead = resolve));
    let aWrote!: () => void;
    const aHasWritten = new Promise<void>((resolve) => (aWrote = resolve));
    images.prepare = async (files, ...rest) => {
      if (files.length > 0) {
        bRead();
        await aHasWritten;
      }
      return prepare(files, ...rest);
    };
    try {
      const editorB = t.app.inject({ method: 'PUT', url: `/api/gallery/${record._id}`, ...slow, headers: { ...slow.headers, ...auth } });
      await bHasRead;
      const filesBeforeB = stored();
      // meanwhile editor A removes the first image, and its files go
      const editorA = await t.app.inject({
        method: 'PUT',
        url: `/api/gallery/${record._id}`,
        headers: auth,
        payload: { ...fields, existingImages: JSON.stringify([second]) },
      });
      aWrote();
      expect(editorA.statusCode).toBe(200);
      const replyB = await editorB;
      expect(replyB.statusCode, replyB.body).toBe(409);
      expect(replyB.json().message).toBe(apiMessages.editConflict('Gallery item'));
      const [after] = (await t.app.inject('/api/gallery')).json().data as { _id: string; images: { url: string }[] }[];
      expect(after.images.map((image) => image.url)).toEqual([second.url]);
      for (const url of allRenditionUrls(second.url)) expect(fs.existsSync(path.join(uploadsDir(), path.basename(url))), url).toBe(true);
      // B's new renditions went again; A's removal stands
      expect(stored().filter((name) => !filesBeforeB.includes(name))).toEqual([]);
      expect(tmpEntries()).toEqual([]);
    } finally {
      aWrote();
      images.prepare = prepare;
    }
  });
});
