/** The OpenAPI test's calls of the media library (/api/media, docs/decisions/0048). */
import { expect } from 'vitest';
import { MISSING_ID, type OpenApiHarness } from '../openapi-harness';
import { makeImage, multipart } from '../test-images';

/** Upload, list, one, change, replace the file, delete (refused while used, else to the Trash) and their refusals. */
export async function mediaCalls(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  // bytes of its own: the library gives an entry of the same bytes back instead of storing them again
  const body = multipart({}, [{ field: 'files', filename: 'Front elevation.jpg', data: await makeImage('jpeg', 320, 240) }]);
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

  const replace = (data: Buffer) => {
    const file = multipart({}, [{ field: 'file', filename: 'Rear elevation.jpg', data }]);
    return call('/api/media/:id/file', {
      method: 'POST',
      url: `/api/media/${entry.id}/file`,
      headers: { ...auth(), ...file.headers },
      payload: file.payload,
    });
  };
  const replaced = await replace(await makeImage('jpeg', 400, 300));
  expect(replaced.statusCode, replaced.body).toBe(200);
  expect(replaced.json().data).toMatchObject({ id: entry.id, width: 400, height: 300 });
  expect((await replace(Buffer.from('not an image'))).statusCode).toBe(400);
  expect((await call('/api/media', { method: 'GET', url: '/api/media?where=about', headers: auth() })).statusCode).toBe(200);

  // an image the resources' calls stored is used by its record: deleting it is refused with where it is used
  const used = (await call('/api/media', { method: 'GET', url: '/api/media?used=used&pageSize=1', headers: auth() })).json().data.items;
  expect(used).toHaveLength(1);
  const refused = await call('/api/media/:id', { method: 'DELETE', url: `/api/media/${used[0].id}`, headers: auth() });
  expect(refused.statusCode).toBe(409);
  expect(refused.json().uses.length).toBeGreaterThan(0);
  expect((await call('/api/media/:id', { method: 'DELETE', url: `/api/media/${entry.id}`, headers: auth() })).statusCode).toBe(200);
  expect((await call('/api/media/:id', { method: 'DELETE', url: `/api/media/${entry.id}`, headers: auth() })).statusCode).toBe(404);
}
