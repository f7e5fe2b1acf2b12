/** The OpenAPI test's calls of the media library (/api/media, docs/decisions/0048). */
import { expect } from 'vitest';
import { MISSING_ID, type OpenApiHarness } from '../openapi-harness';
import { multipart } from '../test-images';

/** Upload, list, one, change, delete (refused while used, else to the Trash) and their refusals. */
export async function mediaCalls(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  const body = multipart({}, [{ field: 'files', filename: 'Front elevation.jpg', data: api.jpeg }]);
  const uploaded = await call('/api/media', {
    method: 'POST',
    url: '/api/media',
    headers: { ...auth(), ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const [entry] = uploaded.json().data.items;
  const bad = multipart({}, [{ field: 'files', filename: 'notes.jpg', data: Buffer.from('not an image') }]);
  expect(
    (await call('/api/media', { method: 'POST', url: '/api/media', headers: { ...auth(), ...bad.headers }, payload: bad.payload }))
      .statusCode,
  ).toBe(400);

  expect((await call('/api/media', { method: 'GET', url: '/api/media?q=elevation', headers: auth() })).json().data.total).toBe(1);
  expect((await call('/api/media', { method: 'GET', url: '/api/media?pageSize=0', headers: auth() })).statusCode).toBe(400);
  expect((await call('/api/media', { method: 'GET', url: '/api/media' })).statusCode).toBe(401);

  expect((await call('/api/media/:id', { method: 'GET', url: `/api/media/${entry.id}`, headers: auth() })).json().data.uses).toEqual([]);
  expect((await call('/api/media/:id', { method: 'GET', url: `/api/media/${MISSING_ID}`, headers: auth() })).statusCode).toBe(404);

  const patch = (payload: object, id = entry.id) =>
    call('/api/media/:id', { method: 'PATCH', url: `/api/media/${id}`, headers: auth(), payload });
  expect((await patch({ alt: 'The front of the house', tags: ['exterior'] })).statusCode).toBe(200);
  expect((await patch({ focusX: 300 })).statusCode).toBe(400);

  // an image the resources' calls stored is used by its record: deleting it is refused with where it is used
  const used = (await call('/api/media', { method: 'GET', url: '/api/media?used=used&pageSize=1', headers: auth() })).json().data.items;
  expect(used).toHaveLength(1);
  const refused = await call('/api/media/:id', { method: 'DELETE', url: `/api/media/${used[0].id}`, headers: auth() });
  expect(refused.statusCode).toBe(409);
  expect(refused.json().uses.length).toBeGreaterThan(0);
  expect((await call('/api/media/:id', { method: 'DELETE', url: `/api/media/${entry.id}`, headers: auth() })).statusCode).toBe(200);
  expect((await call('/api/media/:id', { method: 'DELETE', url: `/api/media/${entry.id}`, headers: auth() })).statusCode).toBe(404);
}
