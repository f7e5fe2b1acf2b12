/** The OpenAPI test's calls of one content resource's drafts: create as a draft, save, discard, preview link, publish, unpublish. */
import { expect } from 'vitest';
import type { ResourceDef } from '../../../shared/resources';
import { MISSING_ID, type OpenApiHarness } from '../openapi-harness';
import { sampleFields, sampleImageCount } from '../sample-records';
import { multipart } from '../test-images';

/** `record` is an item of the resource, published; it ends published again. */
export async function draftCalls(api: OpenApiHarness, def: ResourceDef, record: Record<string, unknown> & { _id: string }): Promise<void> {
  const { call, auth } = api;
  const base = `/api/${def.path}`;
  const files = Array.from({ length: sampleImageCount(def) }, () => ({ field: def.image.field, data: api.jpeg }));
  const form = multipart(sampleFields(def), files);
  const drafts = `${base}/drafts`;
  expect((await call(drafts, { method: 'POST', url: drafts, ...form })).statusCode).toBe(401);
  const empty = multipart({});
  expect(
    (await call(drafts, { method: 'POST', url: drafts, payload: empty.payload, headers: { ...empty.headers, ...auth() } })).statusCode,
  ).toBe(400);
  const created = await call(drafts, { method: 'POST', url: drafts, payload: form.payload, headers: { ...form.headers, ...auth() } });
  expect(created.statusCode, created.body).toBe(201);
  const drafted = created.json().data as { _id: string };

  const draft = `${base}/:id/draft`;
  const kept = def.image.kind === 'multiple' ? { existingImages: record[def.image.field] } : {};
  const title = def.fields.find((field) => field.name === def.titleField)!;
  const save = (id: string, payload: object, headers = auth(), query = '') =>
    call(draft, { method: 'PUT', url: `${base}/${id}/draft${query}`, headers, payload });
  expect((await save(record._id, { ...kept, [title.name]: 'A draft title' })).statusCode).toBe(200);
  expect((await save(record._id, { ...kept, [title.name]: 'A draft title, autosaved' }, auth(), '?autosave=true')).statusCode).toBe(200);
  expect((await save(record._id, kept, auth(), '?autosave=maybe')).statusCode).toBe(400);
  expect((await save(record._id, { ...kept, [title.name]: 'x'.repeat((title.max ?? 200) + 1) })).statusCode).toBe(400);
  expect((await save(record._id, kept, {})).statusCode).toBe(401);
  expect((await save(MISSING_ID, kept)).statusCode).toBe(404);

  const discard = (id: string, headers = auth()) => call(draft, { method: 'DELETE', url: `${base}/${id}/draft`, headers });
  expect((await discard(record._id)).statusCode).toBe(200);
  expect((await discard(record._id)).statusCode).toBe(400);
  expect((await discard(record._id, {})).statusCode).toBe(401);
  expect((await discard(MISSING_ID)).statusCode).toBe(404);

  const publish = `${base}/:id/publish`;
  const unpublish = `${base}/:id/unpublish`;
  const post = (route: string, id: string, headers = auth()) => call(route, { method: 'POST', url: route.replace(':id', id), headers });
  const previewLink = `${base}/:id/preview-link`;
  expect((await post(previewLink, drafted._id)).statusCode).toBe(200);
  expect((await post(previewLink, record._id)).statusCode).toBe(400);
  expect((await post(previewLink, drafted._id, {})).statusCode).toBe(401);
  expect((await post(previewLink, MISSING_ID)).statusCode).toBe(404);
  expect((await post(publish, drafted._id)).statusCode).toBe(200);
  expect((await post(publish, drafted._id)).statusCode).toBe(400);
  expect((await post(publish, drafted._id, {})).statusCode).toBe(401);
  expect((await post(publish, MISSING_ID)).statusCode).toBe(404);
  expect((await post(unpublish, drafted._id)).statusCode).toBe(200);
  expect((await post(unpublish, drafted._id)).statusCode).toBe(400);
  expect((await post(unpublish, drafted._id, {})).statusCode).toBe(401);
  expect((await post(unpublish, MISSING_ID)).statusCode).toBe(404);
  // an item whose images are gone is refused (409): none here, the trash takes the draft instead
  expect((await call(`${base}/:id`, { method: 'DELETE', url: `${base}/${drafted._id}`, headers: auth() })).statusCode).toBe(200);

  // scheduling (docs/decisions/0042): the published item's unpublish set and cleared; a past time, a visitor, no such item
  const schedule = `${base}/:id/schedule`;
  const put = (id: string, payload: object, headers = auth()) =>
    call(schedule, { method: 'PUT', url: `${base}/${id}/schedule`, headers, payload });
  const later = { publishAt: null, unpublishAt: new Date(Date.now() + 86_400_000).toISOString() };
  expect((await put(record._id, later)).statusCode).toBe(200);
  expect((await put(record._id, { publishAt: null, unpublishAt: null })).statusCode).toBe(200);
  expect((await put(record._id, { publishAt: '2020-01-01T09:00', unpublishAt: null })).statusCode).toBe(400);
  expect((await put(record._id, later, {})).statusCode).toBe(401);
  expect((await put(MISSING_ID, later)).statusCode).toBe(404);
}

/** GET /api/schedules, the dashboard's list. */
export async function upcomingCalls(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  expect((await call('/api/schedules', { method: 'GET', url: '/api/schedules', headers: auth() })).statusCode).toBe(200);
  expect((await call('/api/schedules', { method: 'GET', url: '/api/schedules' })).statusCode).toBe(401);
}

/** The OpenAPI test's calls of a document's drafts (`base`: /api/about-content or /api/site-settings): save, read, publish, discard. */
export async function documentDraftCalls(api: OpenApiHarness, base: string, valid: object, invalid: object): Promise<void> {
  const { call, auth } = api;
  const draft = `${base}/draft`;
  const publish = `${base}/publish`;
  const save = (payload: object, headers = auth(), query = '') => call(draft, { method: 'PUT', url: `${draft}${query}`, headers, payload });
  expect((await save(valid)).statusCode).toBe(200);
  expect((await save(valid, auth(), '?autosave=true')).statusCode).toBe(200);
  expect((await save(invalid)).statusCode).toBe(400);
  expect((await save(valid, {})).statusCode).toBe(401);
  expect((await call(draft, { method: 'GET', url: draft, headers: auth() })).statusCode).toBe(200);
  expect((await call(draft, { method: 'GET', url: draft })).statusCode).toBe(401);
  // a preview link of the draft (docs/decisions/0045); without a draft there is none to make
  const previewLink = `${base}/preview-link`;
  expect((await call(previewLink, { method: 'POST', url: previewLink, headers: auth() })).statusCode).toBe(200);
  expect((await call(previewLink, { method: 'POST', url: previewLink })).statusCode).toBe(401);
  expect((await call(publish, { method: 'POST', url: publish, headers: auth() })).statusCode).toBe(200);
  expect((await call(publish, { method: 'POST', url: publish, headers: auth() })).statusCode).toBe(400);
  expect((await call(publish, { method: 'POST', url: publish })).statusCode).toBe(401);
  expect((await save(valid)).statusCode).toBe(200);
  expect((await call(draft, { method: 'DELETE', url: draft, headers: auth() })).statusCode).toBe(200);
  expect((await call(draft, { method: 'DELETE', url: draft, headers: auth() })).statusCode).toBe(400);
  expect((await call(draft, { method: 'DELETE', url: draft })).statusCode).toBe(401);
  expect((await call(previewLink, { method: 'POST', url: previewLink, headers: auth() })).statusCode).toBe(400);

  // its draft published at a time (docs/decisions/0042): set, read, cleared; refused without a draft and to visitors
  const schedule = `${base}/schedule`;
  const put = (payload: object, headers = auth()) => call(schedule, { method: 'PUT', url: schedule, headers, payload });
  const tomorrow = { publishAt: new Date(Date.now() + 86_400_000).toISOString() };
  expect((await put(tomorrow)).statusCode).toBe(400);
  expect((await save(valid)).statusCode).toBe(200);
  expect((await put(tomorrow)).statusCode).toBe(200);
  expect((await call(schedule, { method: 'GET', url: schedule, headers: auth() })).json().data.publishAt).toBe(tomorrow.publishAt);
  expect((await call(schedule, { method: 'GET', url: schedule })).statusCode).toBe(401);
  expect((await put({ publishAt: null })).statusCode).toBe(200);
  expect((await put(tomorrow, {})).statusCode).toBe(401);
  expect((await call(draft, { method: 'DELETE', url: draft, headers: auth() })).statusCode).toBe(200);
}
