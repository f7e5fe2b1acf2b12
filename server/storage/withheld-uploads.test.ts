/**
 * Images of hidden and trashed items: a visitor gets 404 for each of their files (every width and
 * format), kept by no cache; signed-in staff still get them, privately; shown again or restored,
 * they answer everyone again, with their immutable headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { allRenditionUrls } from '../../shared/image-urls';
import { resources } from '../../shared/resources';
import { sampleFields } from '../test/sample-records';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';

const IMMUTABLE = 'public, max-age=31536000, immutable, s-maxage=10, stale-while-revalidate=30';
const def = resources.clients;

describe('images of hidden and trashed items', () => {
  let t: TestApp;
  let bearer: { authorization: string };
  let cookie: { cookie: string };
  let files: string[];
  let record: { _id: string };
  let other: string;
  let sales: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    const login = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
    bearer = { authorization: `Bearer ${login.json().token}` };
    cookie = { cookie: String(login.headers['set-cookie']).split(';')[0] };
    // an account without the content area (Sales answers enquiries) is a visitor for hidden content
    const SALES = { email: 'sales@example.com', password: 'a sales account long password' };
    await t.services.auth.accounts.addAdmin(SALES.email, SALES.password, { role: 'sales' });
    sales = { authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: SALES })).json().token}` };
    const create = async (tag: string) => {
      const body = multipart(sampleFields(def, tag), [{ field: def.image.field, data: await makeImage('jpeg', 1600, 1200) }]);
      const reply = await t.app.inject({ method: 'POST', url: `/api/${def.path}`, ...body, headers: { ...body.headers, ...bearer } });
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json().data as { _id: string; image: string };
    };
    const created = await create('withheld');
    other = (await create('shown')).image;
    await t.renditionsDone();
    record = created;
    files = allRenditionUrls(created.image);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  async function expectServed(headers: Record<string, string>, cacheControl: string) {
    for (const url of files) {
      const reply = await get(url, headers);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control']).toBe(cacheControl);
    }
  }
  async function expectWithheld() {
    for (const url of files) {
      const reply = await get(url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json()).toEqual({ success: false, message: apiMessages.notFound });
      expect(reply.headers['cache-control']).toBe('private, no-store');
    }
    // staff: the screens (session cookie) and scripts (Bearer)
    await expectServed(cookie, 'private, no-store');
    await expectServed(bearer, 'private, no-store');
    // an unknown session is a visitor, and so is staff without the content area
    expect((await get(files[0], sales)).statusCode).toBe(404);
    expect((await get(files[0], { cookie: 'admin_session=not.a.session' })).statusCode).toBe(404);
    // the other item's images are untouched
    expect((await get(other)).headers['cache-control']).toBe(IMMUTABLE);
  }

  it('has several files per image (widths and formats), all served to visitors while shown', async () => {
    expect(files.length).toBeGreaterThan(2);
    expect(files.some((url) => url.endsWith('.avif'))).toBe(true);
    await expectServed({}, IMMUTABLE);
  });

  it('hidden: visitors get 404, staff the image; shown again: everyone', async () => {
    const hide = (hidden: boolean) =>
      t.app.inject({ method: 'PATCH', url: `/api/${def.path}/${record._id}/visibility`, headers: bearer, payload: { hidden } });
    expect((await hide(true)).statusCode).toBe(200);
    await expectWithheld();
    expect((await hide(false)).statusCode).toBe(200);
    await expectServed({}, IMMUTABLE);
  });

  it('in the Trash: visitors get 404, staff the image; restored: everyone', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/${def.path}/${record._id}`, headers: bearer })).statusCode).toBe(200);
    await expectWithheld();
    const restore = await t.app.inject({ method: 'POST', url: `/api/trash/clients/${record._id}/restore`, headers: bearer });
    expect(restore.statusCode, restore.body).toBe(200);
    await expectServed({}, IMMUTABLE);
  });
});
