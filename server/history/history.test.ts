/**
 * The history of content items, About and Site settings through the real app (docs/decisions/0038): every save
 * keeps a version in its transaction, versions list newest first, compare word by word, restore (published at
 * once, draft refused until drafts exist), REVISIONS_KEEP prunes with the files only pruned versions named,
 * images of versions stay stored but withheld from visitors, delete forever takes the versions, roles.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { historyMessages, type CompareReply, type VersionListReply } from '../../shared/history';
import { resources } from '../../shared/resources';
import { contentVersions } from '../db/schema';
import { sampleFields } from '../test/sample-records';
import { editorToken } from '../test/step-up';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';

const KEEP = 4;
let t: TestApp;
let token: string;
/** A photo of its own: the media library merges files of the same bytes into one image (an alias is never missing). */
const photo = () => makeImage('jpeg', 320, 240);
const def = resources.clients;
const base = `/api/${def.path}`;

beforeAll(async () => {
  t = await createTestApp({ revisionsKeep: KEEP }, undefined, { renditionWorker: false });
  token = await t.login();
});
afterAll(() => t?.close());

const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });
type Rec = Record<string, unknown> & { _id: string; image: string };

async function create(tag: string): Promise<Rec> {
  const body = multipart(sampleFields(def, tag), [{ field: 'image', data: await photo() }]);
  const reply = await t.app.inject({ method: 'POST', url: base, ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data;
}

async function update(id: string, fields: Record<string, string>, withImage = false): Promise<Rec> {
  const body = withImage ? multipart(fields, [{ field: 'image', data: await photo() }]) : { payload: fields, headers: {} };
  const reply = await t.app.inject({ method: 'PUT', url: `${base}/${id}`, ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
}

const get = (url: string, bearer: string | null = token) => t.app.inject({ method: 'GET', url, headers: bearer ? auth(bearer) : {} });
const list = async (url: string): Promise<VersionListReply['data']> => {
  const reply = await get(url);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
};
const restore = (url: string, payload: object = { as: 'published' }, bearer = token) =>
  t.app.inject({ method: 'POST', url, headers: auth(bearer), payload });
const stored = (url: string) => fs.existsSync(path.join(t.env.dataDir, 'uploads', path.basename(url)));
/** How many uses the media library counts for an image (docs/decisions/0048); null when it has no entry of it. */
async function libraryUses(url: string): Promise<number | null> {
  const reply = await t.app.inject({ method: 'GET', url: `/api/media?url=${encodeURIComponent(url)}`, headers: auth() });
  expect(reply.statusCode, reply.body).toBe(200);
  const [entry] = reply.json().data.items as { useCount: number }[];
  return entry ? entry.useCount : null;
}
const publicRecord = async (id: string) => ((await get(base, null)).json() as Rec[]).find((record) => record._id === id);

describe('a content item’s versions', () => {
  it('keeps one per create and update, lists them newest first, compares two word by word and restores one', async () => {
    const item = await create('history');
    await update(item._id, { description: 'The kitchen was finished in spring.' });
    await update(item._id, { description: 'The kitchen was finished in late summer, on time.' });
    const versions = await list(`${base}/${item._id}/versions`);
    expect(versions.total).toBe(3);
    expect(versions.versions.map((version) => [version.number, version.event, version.current])).toEqual([
      [3, 'updated', true],
      [2, 'updated', false],
      [1, 'created', false],
    ]);
    expect(versions.versions[0].changedFields).toEqual(['description']);
    expect(versions.versions[0].changedLabels).toEqual(['Testimonial']); // the clients' label of `description`
    expect(versions.versions[0].author.name).toBe('admin@example.com');
    expect(versions.versions[0].status).toBe('published');

    const one = await get(`${base}/${item._id}/versions/2`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.snapshot.description).toBe('The kitchen was finished in spring.');

    const compared = await get(`${base}/${item._id}/versions/compare?from=2&to=3`);
    expect(compared.statusCode, compared.body).toBe(200);
    const fields = (compared.json() as CompareReply).data.fields;
    const description = fields.find((field) => field.field === 'description')!;
    expect(description).toMatchObject({ label: 'Testimonial', changed: true, kind: 'text' });
    expect(description.parts!.filter((part) => part.removed).map((part) => part.value.trim())).toContain('spring');
    expect(description.parts!.filter((part) => part.added).map((part) => part.value.trim())).toContain('late summer, on time');
    expect(fields.find((field) => field.field === 'name')!.changed).toBe(false);
    expect(fields.find((field) => field.field === 'image')).toMatchObject({ kind: 'images', before: [item.image], after: [item.image] });

    const restored = await restore(`${base}/${item._id}/versions/2/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ success: true, message: historyMessages.restored(2), data: { number: 4 } });
    expect((await publicRecord(item._id))?.description).toBe('The kitchen was finished in spring.');
    const after = await list(`${base}/${item._id}/versions?limit=2`);
    expect(after.versions.map((version) => [version.number, version.event, version.restoredFrom])).toEqual([
      [4, 'version-restored', 2],
      [3, 'updated', null],
    ]);
    expect(after.next).toBe(3);
    expect((await list(`${base}/${item._id}/versions?before=3&limit=2`)).versions.map((version) => version.number)).toEqual([2, 1]);
  });

  it('keeps a replaced image stored for its version, withheld from visitors until a restore makes it live again', async () => {
    const item = await create('photo');
    const changed = await update(item._id, { name: 'New photo' }, true);
    expect(changed.image).not.toBe(item.image);
    expect(stored(item.image)).toBe(true);
    expect((await get(item.image, null)).statusCode).toBe(404);
    expect((await get(item.image)).statusCode).toBe(200);
    expect((await get(changed.image, null)).statusCode).toBe(200);

    expect((await restore(`${base}/${item._id}/versions/1/restore`)).statusCode).toBe(200);
    expect((await publicRecord(item._id))?.image).toBe(item.image);
    expect((await get(item.image, null)).statusCode).toBe(200);
    // the newer photo is now a version's only: kept, and withheld
    expect(stored(changed.image)).toBe(true);
    expect((await get(changed.image, null)).statusCode).toBe(404);
  });

  it(`keeps REVISIONS_KEEP (${KEEP}) versions; the image only pruned versions named stays in the library, unused`, async () => {
    const item = await create('pruned');
    const withPhoto = await update(item._id, { name: 'Second photo' }, true);
    for (let i = 0; i < KEEP; i += 1) await update(item._id, { description: `Edit ${i}` });
    const versions = await list(`${base}/${item._id}/versions`);
    expect(versions.total).toBe(KEEP);
    expect(versions.versions.map((version) => version.number)).toEqual([6, 5, 4, 3]);
    // the first photo was named only by version 1: the library keeps it, used nowhere; the live one is used
    expect(stored(item.image)).toBe(true);
    expect(await libraryUses(item.image)).toBe(0);
    expect(stored(withPhoto.image)).toBe(true);
    expect(await libraryUses(withPhoto.image)).toBeGreaterThan(0);
    expect((await get(`${base}/${item._id}/versions/1`)).statusCode).toBe(404);
  });

  it('refuses to restore a version whose image file is gone, and changes nothing', async () => {
    const item = await create('missing');
    const changed = await update(item._id, { name: 'Replaced' }, true);
    fs.rmSync(path.join(t.env.dataDir, 'uploads', path.basename(item.image)));
    const reply = await restore(`${base}/${item._id}/versions/1/restore`);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ success: false, message: historyMessages.imagesMissing(1) });
    expect((await publicRecord(item._id))?.image).toBe(changed.image);
    expect((await list(`${base}/${item._id}/versions`)).total).toBe(2);
  });

  it('keeps no version for hide, show or order; one for a restore from the trash; none after delete forever', async () => {
    const item = await create('lifecycle');
    await update(item._id, { name: 'Lifecycle photo' }, true);
    const first = item.image;
    await t.app.inject({ method: 'PATCH', url: `${base}/${item._id}/visibility`, headers: auth(), payload: { hidden: true } });
    await t.app.inject({ method: 'PATCH', url: `${base}/${item._id}/visibility`, headers: auth(), payload: { hidden: false } });
    expect((await list(`${base}/${item._id}/versions`)).total).toBe(2);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${item._id}`, headers: auth() })).statusCode).toBe(200);
    // the trash keeps the history viewable
    expect((await list(`${base}/${item._id}/versions`)).total).toBe(2);
    expect((await t.app.inject({ method: 'POST', url: `/api/trash/clients/${item._id}/restore`, headers: auth() })).statusCode).toBe(200);
    const versions = await list(`${base}/${item._id}/versions`);
    expect(versions.versions[0]).toMatchObject({ number: 3, event: 'restored-from-trash', changedFields: [] });
    await t.app.inject({ method: 'DELETE', url: `${base}/${item._id}`, headers: auth() });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/trash/clients/${item._id}`, headers: auth() })).statusCode).toBe(200);
    const left = await t.services.database.db.select().from(contentVersions);
    expect(left.filter((row) => row.itemId === item._id)).toEqual([]);
    // the library keeps its images, unused
    expect(stored(first)).toBe(true);
    expect(await libraryUses(first)).toBe(0);
    expect((await get(`${base}/${item._id}/versions`)).statusCode).toBe(404);
  });

  it('keeps the state of an item older than its history as version 1 at its first change', async () => {
    const item = await create('older');
    await t.services.database.db.delete(contentVersions);
    await update(item._id, { title: 'A new title' });
    const versions = await list(`${base}/${item._id}/versions`);
    expect(versions.versions.map((version) => [version.number, version.event, version.author.name])).toEqual([
      [2, 'updated', 'admin@example.com'],
      [1, 'before-history', null],
    ]);
    expect(versions.versions[0].changedFields).toEqual(['title']);
  });

  it('answers bad requests clearly, changing nothing', async () => {
    const item = await create('bad');
    const expectError = async (reply: { statusCode: number; json: () => unknown }, status: number, message: string) => {
      expect(reply.statusCode).toBe(status);
      expect(reply.json()).toMatchObject({ success: false, message });
    };
    await expectError(await get(`${base}/not-an-id/versions`), 400, apiMessages.invalidId);
    await expectError(await get(`${base}/00000000-0000-4000-8000-000000000000/versions`), 404, apiMessages.recordNotFound(def.noun));
    await expectError(await get(`${base}/${item._id}/versions/99`), 404, historyMessages.versionNotFound(99));
    await expectError(await get(`${base}/${item._id}/versions/abc`), 400, historyMessages.badVersionNumber);
    await expectError(await get(`${base}/${item._id}/versions/0`), 400, historyMessages.badVersionNumber);
    await expectError(await get(`${base}/${item._id}/versions?limit=0`), 400, historyMessages.badPage);
    await expectError(await get(`${base}/${item._id}/versions?limit=x`), 400, historyMessages.badPage);
    await expectError(await get(`${base}/${item._id}/versions/compare?from=1`), 400, historyMessages.compareQuery);
    await expectError(await get(`${base}/${item._id}/versions/compare?from=1&to=7`), 404, historyMessages.versionNotFound(7));
    await expectError(await restore(`${base}/${item._id}/versions/1/restore`, { as: 'later' }), 400, historyMessages.restoreBody);
    await expectError(await get(`${base}/${item._id}/versions`, null), 401, apiMessages.unauthorized);
    expect((await list(`${base}/${item._id}/versions`)).total).toBe(1);
  });

  it('lets an Editor view and restore, and only an Admin purge', async () => {
    const item = await create('roles');
    await update(item._id, { description: 'Second' });
    await update(item._id, { description: 'Third' });
    const editor = await editorToken(t.app, token);
    expect((await get(`${base}/${item._id}/versions`, editor)).statusCode).toBe(200);
    expect((await restore(`${base}/${item._id}/versions/1/restore`, {}, editor)).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'DELETE', url: `${base}/${item._id}/versions`, headers: auth(editor) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(historyMessages.adminOnly);
    // an Editor may not see the Site settings' history at all (settings area)
    expect((await get('/api/site-settings/versions', editor)).statusCode).toBe(403);
    const purged = await t.app.inject({ method: 'DELETE', url: `${base}/${item._id}/versions`, headers: auth() });
    expect(purged.statusCode).toBe(200);
    expect(purged.json()).toEqual({ success: true, message: historyMessages.purged(3), data: { removed: 3 } });
    const left = await list(`${base}/${item._id}/versions`);
    expect(left.versions.map((version) => [version.number, version.current])).toEqual([[4, true]]);
  });
});

describe('the About content and the Site settings', () => {
  it('keep a version per save, compare them and restore one', async () => {
    const save = (title: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/about-content',
        headers: auth(),
        payload: { ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, title } },
      });
    expect((await save('Homes built to last')).statusCode).toBe(200);
    expect((await save('Homes built to last a lifetime')).statusCode).toBe(200);
    const versions = await list('/api/about-content/versions');
    expect(versions.versions[0]).toMatchObject({ event: 'saved', changedFields: ['hero.title'], current: true });
    const [newest, older] = versions.versions;
    const compared = (await get(`/api/about-content/versions/compare?from=${older.number}&to=${newest.number}`)).json() as CompareReply;
    const title = compared.data.fields.find((field) => field.field === 'hero.title')!;
    expect(title.label).toBe('Hero › Title');
    expect(title.parts!.filter((part) => part.added).map((part) => part.value.trim())).toEqual(['a lifetime']);
    expect((await restore(`/api/about-content/versions/${older.number}/restore`)).statusCode).toBe(200);
    expect((await get('/api/about-content', null)).json().data.hero.title).toBe('Homes built to last');

    const settings = (await get('/api/site-settings')).json().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/site-settings',
      headers: auth(),
      payload: { ...settings, companyName: 'Bangalore Builders & Interiors' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settingsVersions = await list('/api/site-settings/versions');
    expect(settingsVersions.versions[0].changedFields).toContain('companyName');
    expect((await get(`/api/site-settings/versions/${settingsVersions.versions[0].number}`)).json().data.snapshot.companyName).toBe(
      'Bangalore Builders & Interiors',
    );
  });
});
