/** The OpenAPI test's calls of one content resource: list, create, update, manage, order, delete, trash. */
import { expect } from 'vitest';
import type { ResourceDef } from '../../../shared/resources';
import { sampleFields, sampleImageCount } from '../sample-records';
import { multipart } from '../test-images';
import { MISSING_ID, type OpenApiHarness } from '../openapi-harness';
import { draftCalls } from './drafts';
import { editConflictCalls } from './edit-conflicts';
import { historyCalls } from './history';

/** lists, creates, updates and deletes, and refuses what it must */
export async function resourceCalls(api: OpenApiHarness, key: string, def: ResourceDef): Promise<void> {
  const { t, call, auth } = api;
  const base = `/api/${def.path}`;
  const one = `${base}/:id`;
  const list = await call(base, { method: 'GET', url: base });
  expect(list.statusCode).toBe(200);
  expect((await call(base, { method: 'GET', url: base, headers: { 'if-none-match': String(list.headers.etag) } })).statusCode).toBe(304);

  const files = Array.from({ length: sampleImageCount(def) }, () => ({ field: def.image.field, data: api.jpeg }));
  const form = multipart(sampleFields(def), files);
  expect((await call(base, { method: 'POST', url: base, ...form })).statusCode).toBe(401);
  const empty = multipart({});
  expect(
    (await call(base, { method: 'POST', url: base, payload: empty.payload, headers: { ...empty.headers, ...auth() } })).statusCode,
  ).toBe(400);
  const created = await call(base, { method: 'POST', url: base, payload: form.payload, headers: { ...form.headers, ...auth() } });
  expect(created.statusCode).toBe(201);
  const record = created.json().data as Record<string, unknown> & { _id: string };
  // a list with a record in it
  expect((await call(base, { method: 'GET', url: base })).statusCode).toBe(200);

  const update = (id: string, payload: object, headers = auth()) =>
    call(one, { method: def.updateMethod, url: `${base}/${id}`, headers, payload });
  const kept = def.image.kind === 'multiple' ? { existingImages: record[def.image.field] } : {};
  expect((await update(record._id, kept)).statusCode).toBe(200);
  expect((await update(record._id, kept, {})).statusCode).toBe(401);
  expect((await update('not-an-id', kept)).statusCode).toBe(400);
  expect((await update(MISSING_ID, kept)).statusCode).toBe(404);
  const title = def.fields.find((field) => field.name === def.titleField)!;
  expect((await update(record._id, { ...kept, [title.name]: 'x'.repeat((title.max ?? 200) + 1) })).statusCode).toBe(400);

  const manage = `${base}/manage`;
  expect((await call(manage, { method: 'GET', url: manage, headers: auth() })).statusCode).toBe(200);
  expect((await call(manage, { method: 'GET', url: manage })).statusCode).toBe(401);
  const visibility = `${one}/visibility`;
  const hide = (id: string, payload: object, headers = auth()) =>
    call(visibility, { method: 'PATCH', url: `${base}/${id}/visibility`, headers, payload });
  expect((await hide(record._id, { hidden: true })).statusCode).toBe(200);
  expect((await hide(record._id, { hidden: 'yes' })).statusCode).toBe(400);
  expect((await hide(record._id, { hidden: false }, {})).statusCode).toBe(401);
  expect((await hide(MISSING_ID, { hidden: false })).statusCode).toBe(404);
  expect((await hide(record._id, { hidden: false })).statusCode).toBe(200);
  const order = `${base}/order`;
  const ids = (await t.app.inject({ method: 'GET', url: manage, headers: auth() })).json();
  const currentIds = (Array.isArray(ids) ? ids : (ids.data ?? ids.banners)).map((item: { _id: string }) => item._id);
  const reorder = (payload: object, headers = auth()) => call(order, { method: 'PUT', url: order, headers, payload });
  expect((await reorder({ ids: [...currentIds].reverse() })).statusCode).toBe(200);
  expect((await reorder({ ids: [MISSING_ID] })).statusCode).toBe(409);
  expect((await reorder({ ids: 'all' })).statusCode).toBe(400);
  expect((await reorder({ ids: currentIds }, {})).statusCode).toBe(401);

  await historyCalls(api, one, `${base}/${record._id}`, true);
  await draftCalls(api, def, record);
  await editConflictCalls(api, def, record);

  const remove = (id: string, headers = auth()) => call(one, { method: 'DELETE', url: `${base}/${id}`, headers });
  expect((await remove(record._id, {})).statusCode).toBe(401);
  expect((await remove('not-an-id')).statusCode).toBe(400);
  expect((await remove(record._id)).statusCode).toBe(200);
  expect((await remove(record._id)).statusCode).toBe(404);

  const restore = '/api/trash/:resource/:id/restore';
  const forever = '/api/trash/:resource/:id';
  expect((await call('/api/trash', { method: 'GET', url: '/api/trash', headers: auth() })).json().data).toContainEqual(
    expect.objectContaining({ resource: key, id: record._id }),
  );
  expect((await call('/api/trash', { method: 'GET', url: '/api/trash' })).statusCode).toBe(401);
  expect((await call(restore, { method: 'POST', url: `/api/trash/${key}/${record._id}/restore`, headers: auth() })).statusCode).toBe(200);
  expect((await call(restore, { method: 'POST', url: `/api/trash/${key}/${record._id}/restore`, headers: auth() })).statusCode).toBe(404);
  expect((await call(restore, { method: 'POST', url: `/api/trash/${key}/not-an-id/restore`, headers: auth() })).statusCode).toBe(400);
  expect((await call(restore, { method: 'POST', url: `/api/trash/${key}/${record._id}/restore` })).statusCode).toBe(401);
  expect((await remove(record._id)).statusCode).toBe(200);
  expect((await call(forever, { method: 'DELETE', url: `/api/trash/${key}/${record._id}` })).statusCode).toBe(401);
  expect((await call(forever, { method: 'DELETE', url: `/api/trash/${key}/${record._id}`, headers: auth() })).statusCode).toBe(200);
  expect((await call(forever, { method: 'DELETE', url: `/api/trash/${key}/${record._id}`, headers: auth() })).statusCode).toBe(404);
}
