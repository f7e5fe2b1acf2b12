/**
 * The media library's API (docs/decisions/0048): uploads registered by every write that stores one and by the
 * library's own upload; list, search, filters and sort; one entry with its uses; changes; delete refused while used,
 * else to the Trash, restored, deleted forever with its files; and the refusals (401, 403, 400, 404).
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../shared/resources';
import { mediaMessages, type MediaEntry } from '../../shared/media';
import { media } from '../db/schema';
import { sampleFields } from '../test/sample-records';
import { SHARED_DATABASE_GRACE_MS, sweepStorage } from '../storage/sweep-storage';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart, type FilePart } from '../test/test-images';

let t: TestApp;
let token: string;
const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });
const clients = `/api/${resources.clients.path}`;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { renditionWorker: false });
  token = await t.login();
});
afterAll(() => t.close());

const upload = (files: FilePart[], bearer = token) => {
  const body = multipart({}, files);
  return t.app.inject({ method: 'POST', url: '/api/media', headers: { ...auth(bearer), ...body.headers }, payload: body.payload });
};
const list = async (query = '') => {
  const reply = await t.app.inject({ method: 'GET', url: `/api/media${query}`, headers: auth() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { items: MediaEntry[]; total: number; page: number; pageSize: number };
};
const one = (id: string) => t.app.inject({ method: 'GET', url: `/api/media/${id}`, headers: auth() });
const patch = (id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/media/${id}`, headers: auth(), payload });
const remove = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: auth() });
const stored = async (url: string) => {
  const body = await t.services.storage.read(path.basename(url));
  body?.stream.destroy();
  return body !== null;
};
/** A client story with one photo uploaded as `filename`, its alt text given; its record. */
async function createClient(title: string, filename: string, alt: string) {
  const body = multipart({ ...sampleFields(resources.clients, title), imageAlt: alt, imageFocusX: '20' }, [
    { field: 'image', filename, data: await makeImage() },
  ]);
  const reply = await t.app.inject({ method: 'POST', url: clients, headers: { ...auth(), ...body.headers }, payload: body.payload });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data as { _id: string; image: string };
}
const byUrl = async (url: string) => (await list('?pageSize=200')).items.find((entry) => entry.url === url);

describe('uploads become entries', () => {
  it('POST /api/media stores several files, each named by its file name, with its size, sides and uploader', async () => {
    const reply = await upload([
      { field: 'files', filename: 'Living room.jpg', data: await makeImage() },
      { field: 'files', filename: 'kitchen.final.png', contentType: 'image/png', data: await makeImage('png', 320, 200) },
      { field: 'files', filename: 'Carving.jpg', data: await makeImage() },
    ]);
    expect(reply.statusCode, reply.body).toBe(201);
    const { message, data } = reply.json();
    expect(message).toBe(mediaMessages.uploaded(3));
    expect(data.items.map((entry: MediaEntry) => entry.name)).toEqual(['Living room', 'kitchen.final', 'Carving']);
    const [living, kitchen] = data.items as MediaEntry[];
    expect(living).toMatchObject({ width: 640, height: 480, alt: '', focusX: 50, tags: [], useCount: 0 });
    expect(living.uploadedBy?.name).toBe('admin@example.com');
    expect(living.bytes).toBeGreaterThan(0);
    expect(kitchen).toMatchObject({ width: 320, height: 200 });
    expect(await stored(living.url)).toBe(true);
    // used nowhere yet: staff see it, visitors do not
    expect((await t.app.inject({ method: 'GET', url: living.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: living.url, headers: auth() })).statusCode).toBe(200);
    // the start sweep keeps what the library names, used or not
    await sweepStorage(t.services, new Date(Date.now() + 2 * SHARED_DATABASE_GRACE_MS));
    expect(await stored(living.url)).toBe(true);
  });

  it('a content write registers its upload in the same save: its file name, alt text and focal point, used by the record', async () => {
    const record = await createClient('Registered', 'Terrace at dusk.jpg', 'A family on their terrace');
    const entry = await byUrl(record.image);
    expect(entry).toMatchObject({ name: 'Terrace at dusk', alt: 'A family on their terrace', focusX: 20, focusY: 50 });
    // the record and its first version
    expect(entry!.useCount).toBe(2);
  });

  it('a draft that uploads a photo registers it too, used by the draft', async () => {
    const record = await createClient('Drafted', 'before.jpg', '');
    const body = multipart({ imageAlt: 'The new photo' }, [{ field: 'image', filename: 'Draft photo.jpg', data: await makeImage() }]);
    const reply = await t.app.inject({
      method: 'PUT',
      url: `${clients}/${record._id}/draft`,
      headers: { ...auth(), ...body.headers },
      payload: body.payload,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const entry = (await list('?q=Draft%20photo')).items[0];
    expect(entry).toMatchObject({ name: 'Draft photo', alt: 'The new photo' });
    const uses = (await one(entry.id)).json().data.uses;
    expect(uses).toEqual([expect.objectContaining({ kind: 'draft', resource: 'clients', itemId: record._id })]);
  });
});

describe('the list', () => {
  it('searches name, alt text and tags in any case, filters by use, sorts and pages', async () => {
    const { items } = await list('?q=living');
    expect(items.map((entry) => entry.name)).toEqual(['Living room']);
    await patch(items[0].id, { tags: ['Interiors', 'Whitefield'] });
    expect((await list('?q=whitefield')).items.map((entry) => entry.name)).toEqual(['Living room']);
    expect((await list('?q=FAMILY')).items.map((entry) => entry.name)).toEqual(['Terrace at dusk']);
    // % and _ are matched as themselves
    expect((await list('?q=%25')).total).toBe(0);

    const all = await list();
    const used = await list('?used=used');
    const unused = await list('?used=unused');
    expect(used.total + unused.total).toBe(all.total);
    expect(used.items.every((entry) => entry.useCount > 0)).toBe(true);
    expect(unused.items.map((entry) => entry.name).sort()).toEqual(['Carving', 'Living room', 'kitchen.final']);

    expect((await list('?sort=name')).items.map((entry) => entry.name)[0]).toBe('before');
    const bySize = (await list('?sort=size')).items.map((entry) => entry.bytes);
    expect(bySize).toEqual([...bySize].sort((a, b) => b - a));
    // the first upload's three files share its moment
    const firstUpload = ['Living room', 'kitchen.final', 'Carving'];
    expect(firstUpload).toContain((await list('?sort=oldest')).items[0].name);
    expect(firstUpload).toContain((await list()).items.at(-1)!.name);

    const page = await list('?pageSize=2&page=2');
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(page.items).toHaveLength(2);
    expect((await list('?page=99')).items).toEqual([]);
  });

  it('refuses a bad query with what it takes', async () => {
    for (const query of ['?pageSize=0', '?pageSize=201', '?page=0', '?sort=random', '?used=maybe', `?q=${'x'.repeat(201)}`]) {
      const reply = await t.app.inject({ method: 'GET', url: `/api/media${query}`, headers: auth() });
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, message: mediaMessages.badQuery });
    }
  });
});

describe('an entry', () => {
  it('lists its uses and takes changes to its name, alt text, tags and focal point', async () => {
    const record = await createClient('Changed', 'Changed.jpg', '');
    const entry = (await byUrl(record.image))!;
    const reply = await one(entry.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.uses).toEqual([
      { kind: 'item', resource: 'clients', itemId: record._id, title: expect.stringContaining('Changed'), href: '/admin/client' },
      expect.objectContaining({ kind: 'version', resource: 'clients', itemId: record._id, href: `/admin/history/clients/${record._id}` }),
    ]);
    const changed = await patch(entry.id, { name: ' Porch ', alt: 'The porch at noon', tags: ['exterior'], focusX: 10, focusY: 90 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Porch', alt: 'The porch at noon', tags: ['exterior'], focusX: 10, focusY: 90 });
    expect((await one(entry.id)).json().data).toMatchObject({ name: 'Porch', useCount: 2 });
  });

  it('refuses bad changes, ids and missing entries with a message', async () => {
    const [entry] = (await list()).items;
    for (const body of [{ alt: 'x'.repeat(251) }, { name: '' }, { tags: 'one' }, { focusX: 101 }, { url: '/uploads/x.webp' }, []]) {
      const reply = await patch(entry.id, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, message: mediaMessages.invalidChange });
    }
    expect((await one('not-a-uuid')).statusCode).toBe(400);
    expect((await one('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await patch('00000000-0000-4000-8000-000000000000', { alt: 'x' })).statusCode).toBe(404);
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('delete, the Trash and delete forever', () => {
  it('moves an image only kept versions name to the Trash, keeping its files for History until it is deleted forever and no version names it', async () => {
    const record = await createClient('Replaced photo', 'Replaced photo.jpg', '');
    const first = (await byUrl(record.image))!;
    const body = multipart({}, [{ field: 'image', filename: 'Newer.jpg', data: await makeImage() }]);
    const update = await t.app.inject({
      method: 'PUT',
      url: `${clients}/${record._id}`,
      headers: { ...auth(), ...body.headers },
      payload: body.payload,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await one(first.id)).json().data.uses).toEqual([expect.objectContaining({ kind: 'version', itemId: record._id })]);
    expect((await remove(first.id)).statusCode).toBe(200);
    const forever = await t.app.inject({ method: 'DELETE', url: `/api/trash/media/${first.id}`, headers: auth() });
    expect(forever.statusCode, forever.body).toBe(200);
    // the item's first version still shows it in History, and a restore of it would bring it back
    expect(await stored(record.image)).toBe(true);
  });

  it('refuses to delete an image in use, with where; an unused one goes to the Trash, comes back, and is deleted with its files', async () => {
    const record = await createClient('Kept', 'Kept.jpg', '');
    const used = (await byUrl(record.image))!;
    const refused = await remove(used.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      message: mediaMessages.inUse,
      // the version is a use too, but it does not hold the image: only what shows or will show it does
      uses: [expect.objectContaining({ kind: 'item' })],
    });

    const [unused] = (await list('?used=unused&q=carving')).items;
    expect((await remove(unused.id)).json()).toEqual({ success: true, message: mediaMessages.deleted });
    expect((await one(unused.id)).statusCode).toBe(404);
    expect((await list('?q=carving')).total).toBe(0);
    const trash = (await t.app.inject({ method: 'GET', url: '/api/trash', headers: auth() })).json().data;
    expect(trash).toContainEqual(expect.objectContaining({ resource: 'media', id: unused.id, label: 'Carving', thumbnail: unused.url }));

    expect((await t.app.inject({ method: 'POST', url: `/api/trash/media/${unused.id}/restore`, headers: auth() })).statusCode).toBe(200);
    expect((await one(unused.id)).statusCode).toBe(200);

    await remove(unused.id);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/trash/media/${unused.id}`, headers: auth() });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await stored(unused.url)).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/trash/media/${unused.id}`, headers: auth() })).statusCode).toBe(404);
    // each step is in the activity log, by whom and of which image
    const activity = (await t.app.inject({ method: 'GET', url: '/api/activity?limit=20', headers: auth() })).json().data.entries as {
      kind: string;
      actor: { email: string } | null;
      target: { id: string } | null;
    }[];
    const steps = activity.filter((entry) => entry.target?.id === unused.id).map((entry) => entry.kind);
    expect(steps).toEqual(['media.deleted-forever', 'media.trashed', 'media.restored', 'media.trashed', 'media.uploaded']);
    expect(activity.find((entry) => entry.target?.id === unused.id)?.actor?.email).toBe('admin@example.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/trash/media/nonsense/restore', headers: auth() })).statusCode).toBe(400);
  });

  it('keeps the files of an entry deleted forever while a record names its URL again', async () => {
    const record = await createClient('Named', 'Named.jpg', '');
    const entry = (await byUrl(record.image))!;
    // in the Trash while still named: as when a use is added after the entry was trashed
    await t.services.database.db.update(media).set({ deletedAt: new Date() }).where(eq(media.id, entry.id));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/trash/media/${entry.id}`, headers: auth() })).statusCode).toBe(200);
    expect(await stored(record.image)).toBe(true);
  });

  it('the TRASH_DAYS purge deletes entries trashed long ago', async () => {
    const [entry] = (await upload([{ field: 'files', filename: 'Old.jpg', data: await makeImage() }])).json().data.items as MediaEntry[];
    await remove(entry.id);
    const later = new Date(Date.now() + (t.env.trashDays + 1) * 86_400_000);
    expect(await t.services.trash.purge(later)).toBeGreaterThanOrEqual(1);
    expect(await stored(entry.url)).toBe(false);
  });
});

describe('refusals', () => {
  it('visitors get 401, an account without content 403', async () => {
    const [entry] = (await list()).items;
    const routes: InjectOptions[] = [
      { method: 'GET', url: '/api/media' },
      { method: 'GET', url: `/api/media/${entry.id}` },
      { method: 'PATCH', url: `/api/media/${entry.id}`, payload: { alt: 'x' } },
      { method: 'DELETE', url: `/api/media/${entry.id}` },
    ];
    for (const route of routes) expect((await t.app.inject(route)).statusCode, route.method).toBe(401);
    expect((await upload([{ field: 'files', data: await makeImage() }], 'nobody')).statusCode).toBe(401);

    const sales = { email: 'sales-media@example.com', password: 'a sales team long password' };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: await stepUpHeaders(t.app, token),
      payload: { ...sales, role: 'sales' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const salesToken = (await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: sales })).json().token as string;
    for (const route of routes) expect((await t.app.inject({ ...route, headers: auth(salesToken) })).statusCode, route.method).toBe(403);
    expect((await upload([{ field: 'files', data: await makeImage() }], salesToken)).statusCode).toBe(403);
  });

  it('an upload of no file, of a file that is not an image, or of another field is refused and stores nothing', async () => {
    const before = (await list()).total;
    expect((await upload([])).json()).toMatchObject({ success: false, message: mediaMessages.noFiles });
    const json = await t.app.inject({ method: 'POST', url: '/api/media', headers: auth(), payload: { files: [] } });
    expect(json.statusCode).toBe(400);
    const text = await upload([{ field: 'files', filename: 'notes.jpg', data: Buffer.from('not an image at all') }]);
    expect(text.statusCode).toBe(400);
    const other = await upload([{ field: 'image', data: await makeImage() }]);
    expect(other.statusCode).toBe(400);
    expect((await list()).total).toBe(before);
  });
});
