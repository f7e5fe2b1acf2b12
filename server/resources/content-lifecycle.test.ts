/**
 * The content lifecycle of every resource, through the real app: trash (gone from the public and
 * admin lists, images kept, restored exactly, deleted forever and purged after TRASH_DAYS, its images staying in the
 * media library until they are deleted there), enquiries in the trash for Admins only, hide and the staff preview, and the order.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, accountSecurityMessages, areaLabels } from '../../shared/api-messages';
import { resources, type ResourceDef } from '../../shared/resources';
import { buildApp } from '../app';
import { deleteFromLibrary as deleteFromLibraryOf, libraryEntry as libraryEntryOf } from '../test/media-helpers';
import { sampleFields } from '../test/sample-records';
import { editorToken } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { makeImage, multipart, type FilePart } from '../test/test-images';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ trashDays: 30 }, undefined, { renditionWorker: false });
  token = await t.login();
});
afterAll(() => t?.close());

const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });
type Rec = Record<string, unknown> & { _id: string };

async function create(key: keyof typeof resources, tag: string, images = 1): Promise<Rec> {
  const def: ResourceDef = resources[key];
  // photos of their own bytes: the media library would merge the same bytes into one image, whose files then stay
  const files: FilePart[] = await Promise.all(
    Array.from({ length: images }, async () => ({ field: def.image.field, data: await makeImage('jpeg', 320, 240) })),
  );
  const fields = sampleFields(def, tag);
  const body = multipart(fields, files);
  const reply = await t.app.inject({ method: 'POST', url: `/api/${def.path}`, ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data as Rec;
}

/** The records of a list reply, whatever its envelope. */
function recordsOf(body: unknown): Rec[] {
  if (Array.isArray(body)) return body as Rec[];
  const envelope = body as { data?: Rec[]; banners?: Rec[] };
  return envelope.data ?? envelope.banners ?? [];
}

async function publicList(def: ResourceDef): Promise<Rec[]> {
  const reply = await t.app.inject({ method: 'GET', url: `/api/${def.path}` });
  expect(reply.statusCode).toBe(200);
  return recordsOf(reply.json());
}

async function manageList(def: ResourceDef): Promise<Rec[]> {
  const reply = await t.app.inject({ method: 'GET', url: `/api/${def.path}/manage`, headers: auth() });
  expect(reply.statusCode, reply.body).toBe(200);
  return recordsOf(reply.json());
}

async function trashList(bearer = token) {
  const reply = await t.app.inject({ method: 'GET', url: '/api/trash', headers: auth(bearer) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { resource: string; noun: string; id: string; label: string; deletedAt: string; thumbnail: string | null }[];
}

const stored = (url: string) => fs.existsSync(path.join(t.env.dataDir, 'uploads', path.basename(url)));
const galleryUrls = (record: Rec) => (record.images as { url: string }[]).map((image) => image.url);
const libraryEntry = (url: string) => libraryEntryOf(t, url);
const deleteFromLibrary = (url: string) => deleteFromLibraryOf(t, token, url);

describe('trash and restore', () => {
  it('takes an item out of every list at once, keeps its images, restores it exactly, and deletes it forever, its images left in the library', async () => {
    const def = resources.gallery;
    const item = await create('gallery', 'trashed', 2);
    const urls = galleryUrls(item);
    expect(urls).toHaveLength(2);
    const before = (await publicList(def)).find((record) => record._id === item._id);
    expect(before).toBeDefined();

    const trashed = await t.app.inject({ method: 'DELETE', url: `/api/gallery/${item._id}`, headers: auth() });
    expect(trashed.statusCode).toBe(200);
    expect(trashed.json()).toEqual({ success: true, message: apiMessages.deleted(def.noun) });
    expect((await publicList(def)).map((record) => record._id)).not.toContain(item._id);
    expect((await manageList(def)).map((record) => record._id)).not.toContain(item._id);
    // gone from the public page too
    expect((await t.services.content.reads.list('gallery')).records.map((record) => record._id)).not.toContain(item._id);

    const [listed] = (await trashList()).filter((entry) => entry.id === item._id);
    expect(listed).toMatchObject({ resource: 'gallery', noun: def.noun, label: item.title, thumbnail: urls[0] });
    expect(Date.parse(listed.deletedAt)).toBeGreaterThan(Date.now() - 60_000);
    // its images stay in storage, and the start sweep counts them as in use
    for (const url of urls) expect(stored(url)).toBe(true);
    const inUse = await t.services.content.images.storedNamesInUse();
    for (const url of urls) expect(inUse.has(path.basename(url))).toBe(true);
    // an item in the trash cannot be edited, nor trashed twice
    expect((await t.app.inject({ method: 'DELETE', url: `/api/gallery/${item._id}`, headers: auth() })).statusCode).toBe(404);

    const restored = await t.app.inject({ method: 'POST', url: `/api/trash/gallery/${item._id}/restore`, headers: auth() });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ success: true, message: apiMessages.restored(def.noun) });
    expect((await publicList(def)).find((record) => record._id === item._id)).toEqual(before);
    expect((await trashList()).map((entry) => entry.id)).not.toContain(item._id);
    expect((await t.app.inject({ method: 'POST', url: `/api/trash/gallery/${item._id}/restore`, headers: auth() })).statusCode).toBe(404);

    // delete forever only from the trash
    expect((await t.app.inject({ method: 'DELETE', url: `/api/trash/gallery/${item._id}`, headers: auth() })).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `/api/gallery/${item._id}`, headers: auth() });
    const forever = await t.app.inject({ method: 'DELETE', url: `/api/trash/gallery/${item._id}`, headers: auth() });
    expect(forever.statusCode).toBe(200);
    expect(forever.json()).toEqual({ success: true, message: apiMessages.deletedForever(def.noun) });
    // the library keeps them, unused: their files go when they are deleted there
    for (const url of urls) {
      expect(stored(url)).toBe(true);
      expect(await libraryEntry(url)).toBeDefined();
    }
    expect((await trashList()).map((entry) => entry.id)).not.toContain(item._id);
    for (const url of urls) await deleteFromLibrary(url);
    for (const url of urls) expect(stored(url)).toBe(false);

    const kinds = (await t.services.audit.list({ limit: 20 })).entries
      .filter((entry) => entry.target?.id === item._id)
      .map((entry) => entry.kind);
    // entries of one millisecond may come in either order: the kinds, counted
    expect([...kinds].sort()).toEqual([
      'content.created',
      'content.deleted-forever',
      'content.restored',
      'content.trashed',
      'content.trashed',
    ]);
  });

  it('refuses unknown resources and malformed ids, changing nothing', async () => {
    const item = await create('banners', 'kept');
    const cases = [
      { url: `/api/trash/nothing/${item._id}/restore`, method: 'POST' as const, status: 404 },
      { url: `/api/trash/banners/not-an-id/restore`, method: 'POST' as const, status: 400 },
      { url: `/api/trash/banners/not-an-id`, method: 'DELETE' as const, status: 400 },
      { url: `/api/trash/nothing/${item._id}`, method: 'DELETE' as const, status: 404 },
    ];
    for (const { url, method, status } of cases) {
      const reply = await t.app.inject({ method, url, headers: auth() });
      expect(reply.statusCode, url).toBe(status);
      expect(reply.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect((await publicList(resources.banners)).map((record) => record._id)).toContain(item._id);
  });

  it('purges items trashed more than TRASH_DAYS ago, their images left in the library', async () => {
    const item = await create('banners', 'purged');
    const url = String(item.image);
    await t.app.inject({ method: 'DELETE', url: `/api/banners/${item._id}`, headers: auth() });
    // a day short of TRASH_DAYS: kept
    expect(await t.services.trash.purge(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect((await trashList()).map((entry) => entry.id)).toContain(item._id);
    expect(stored(url)).toBe(true);
    expect(await t.services.trash.purge(new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await trashList()).map((entry) => entry.id)).not.toContain(item._id);
    expect(stored(url)).toBe(true);
    expect(await libraryEntry(url)).toBeDefined();
    const [entry] = (await t.services.audit.list({ kind: 'content.deleted-forever', limit: 5 })).entries;
    expect(entry).toMatchObject({ actor: null, target: { id: item._id }, details: { reason: 'purge' } });
    await deleteFromLibrary(url);
    expect(stored(url)).toBe(false);
  });
});

describe('enquiries in the trash', () => {
  it('go to the trash on delete, are listed and restored for Admins only', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { name: 'Asha Rao', email: 'asha@example.com', number: '+91 98450 00000', message: 'Hello' },
    });
    expect(sent.statusCode).toBe(201);
    const inbox = await t.app.inject({ method: 'GET', url: '/api/user', headers: auth() });
    const id = (inbox.json().data as { _id: string; name: string }[]).find((message) => message.name === 'Asha Rao')!._id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: auth() })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: auth() })).statusCode).toBe(404);
    const inboxAfter = await t.app.inject({ method: 'GET', url: '/api/user', headers: auth() });
    expect((inboxAfter.json().data as { _id: string }[]).map((message) => message._id)).not.toContain(id);
    expect((await trashList()).find((entry) => entry.id === id)).toMatchObject({
      resource: 'enquiries',
      label: 'Asha Rao',
      thumbnail: null,
    });

    const editor = await editorToken(t.app, token);
    expect((await trashList(editor)).map((entry) => entry.id)).not.toContain(id);
    for (const [method, url] of [
      ['POST', `/api/trash/enquiries/${id}/restore`],
      ['DELETE', `/api/trash/enquiries/${id}`],
    ] as const) {
      const refused = await t.app.inject({ method, url, headers: auth(editor) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(accountSecurityMessages.areaRequired(areaLabels.enquiries));
    }
    // an Editor may restore content, though
    const banner = await create('banners', 'editor');
    await t.app.inject({ method: 'DELETE', url: `/api/banners/${banner._id}`, headers: auth() });
    expect((await trashList(editor)).map((entry) => entry.id)).toContain(banner._id);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/trash/banners/${banner._id}/restore`, headers: auth(editor) })).statusCode,
    ).toBe(200);

    const restored = await t.app.inject({ method: 'POST', url: `/api/trash/enquiries/${id}/restore`, headers: auth() });
    expect(restored.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: auth() })).json().data).toMatchObject({
      name: 'Asha Rao',
    });
    await t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: auth() });
    expect(await t.services.trash.purge(new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await trashList()).map((entry) => entry.id)).not.toContain(id);
  });
});

describe('visitors', () => {
  it('cannot call any lifecycle route (401)', async () => {
    const item = await create('clients', 'visitor');
    const routes = [
      { method: 'GET' as const, url: '/api/trash' },
      { method: 'POST' as const, url: `/api/trash/clients/${item._id}/restore` },
      { method: 'DELETE' as const, url: `/api/trash/clients/${item._id}` },
      { method: 'GET' as const, url: '/api/clients/manage' },
      { method: 'PATCH' as const, url: `/api/clients/${item._id}/visibility`, payload: { hidden: true } },
      { method: 'PUT' as const, url: '/api/clients/order', payload: { ids: [item._id] } },
    ];
    for (const route of routes) expect((await t.app.inject(route)).statusCode, `${route.method} ${route.url}`).toBe(401);
    expect((await publicList(resources.clients)).find((record) => record._id === item._id)).toBeDefined();
  });
});

describe('hide and preview', () => {
  let web: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    web = await buildApp({ services: t.services, web: 'production' });
    const login = await web.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
    cookie = String(login.headers['set-cookie']).split(';')[0];
  });
  afterAll(() => web?.close());

  it('leaves a hidden item out of the public list and page, keeps it in /manage, and previews it to staff only', async () => {
    const def = resources.clients;
    const shown = await create('clients', 'always shown');
    const hidden = await create('clients', 'now hidden');
    const name = String(hidden.name);
    expect((await web.inject({ method: 'GET', url: '/client' })).body).toContain(name);

    const reply = await t.app.inject({
      method: 'PATCH',
      url: `/api/clients/${hidden._id}/visibility`,
      headers: auth(),
      payload: { hidden: true },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, data: { _id: hidden._id, hidden: true } });

    const visible = await publicList(def);
    expect(visible.map((record) => record._id)).toContain(shown._id);
    expect(visible.map((record) => record._id)).not.toContain(hidden._id);
    // visitors' records keep their exact shape
    for (const record of visible) {
      expect(record).not.toHaveProperty('hidden');
      expect(record).not.toHaveProperty('position');
    }
    const managed = await manageList(def);
    expect(managed.find((record) => record._id === hidden._id)).toMatchObject({ hidden: true, position: expect.any(Number) });
    expect(managed.find((record) => record._id === shown._id)).toMatchObject({ hidden: false });

    const page = await web.inject({ method: 'GET', url: '/client' });
    expect(page.body).toContain(String(shown.name));
    expect(page.body).not.toContain(name);
    // a visitor's ?preview= changes nothing
    const visitor = await web.inject({ method: 'GET', url: `/client?preview=${hidden._id}` });
    expect(visitor.body).not.toContain(name);
    const forged = await web.inject({ method: 'GET', url: `/client?preview=${hidden._id}`, headers: { cookie: 'admin_session=forged' } });
    expect(forged.body).not.toContain(name);
    const preview = await web.inject({ method: 'GET', url: `/client?preview=${hidden._id}`, headers: { cookie } });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain(name);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    // the preview did not reach the shared page
    expect((await web.inject({ method: 'GET', url: '/client' })).body).not.toContain(name);

    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/clients/${hidden._id}/visibility`,
      headers: auth(),
      payload: { hidden: false },
    });
    expect(back.statusCode).toBe(200);
    expect((await publicList(def)).map((record) => record._id)).toContain(hidden._id);
  });

  it('refuses a bad visibility body or id, changing nothing', async () => {
    const item = await create('clients', 'bad body');
    for (const payload of [{}, { hidden: 'yes' }, { hidden: true, extra: 1 }, []]) {
      const reply = await t.app.inject({ method: 'PATCH', url: `/api/clients/${item._id}/visibility`, headers: auth(), payload });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toBe(apiMessages.visibilityBodyInvalid);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/clients/${missing}/visibility`, headers: auth(), payload: { hidden: true } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/clients/nope/visibility`, headers: auth(), payload: { hidden: true } })).statusCode,
    ).toBe(400);
    expect((await publicList(resources.clients)).map((record) => record._id)).toContain(item._id);
  });
});

describe('order', () => {
  it('saves the whole order, which the public list follows; new items go first', async () => {
    const def = resources.solution;
    const a = await create('solution', 'a');
    const b = await create('solution', 'b');
    const c = await create('solution', 'c');
    // newest first by default
    expect((await publicList(def)).map((record) => record._id)).toEqual([c._id, b._id, a._id]);
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/solution/order',
      headers: auth(),
      payload: { ids: [a._id, c._id, b._id] },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: apiMessages.orderSaved });
    expect((await publicList(def)).map((record) => record._id)).toEqual([a._id, c._id, b._id]);
    expect((await manageList(def)).map((record) => record._id)).toEqual([a._id, c._id, b._id]);
    const d = await create('solution', 'd');
    expect((await publicList(def)).map((record) => record._id)).toEqual([d._id, a._id, c._id, b._id]);

    // the order must name exactly the current items: anything else changes nothing
    const bad: [unknown, number][] = [
      [{ ids: [a._id, c._id, b._id] }, 409],
      [{ ids: [a._id, c._id, b._id, d._id, '00000000-0000-4000-8000-000000000000'] }, 409],
      [{ ids: [a._id, a._id, c._id, b._id] }, 400],
      [{ ids: [a._id, c._id, b._id, 'nope'] }, 400],
      [{ ids: 'all' }, 400],
      [{}, 400],
    ];
    for (const [payload, status] of bad) {
      const refused = await t.app.inject({ method: 'PUT', url: '/api/solution/order', headers: auth(), payload: payload as object });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      expect(refused.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect((await publicList(def)).map((record) => record._id)).toEqual([d._id, a._id, c._id, b._id]);
    // a trashed item is out of the order; restored, it takes its old place
    await t.app.inject({ method: 'DELETE', url: `/api/solution/${a._id}`, headers: auth() });
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/solution/order', headers: auth(), payload: { ids: [b._id, c._id, d._id] } }))
        .statusCode,
    ).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/trash/solution/${a._id}/restore`, headers: auth() });
    expect((await publicList(def)).map((record) => record._id)).toEqual([b._id, a._id, c._id, d._id]);
  });
});
