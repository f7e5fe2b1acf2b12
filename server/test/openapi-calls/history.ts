/** The OpenAPI test's calls of one history (a content item's, the About content's, the Site settings'): list, one, compare, restore, purge. */
import { expect } from 'vitest';
import type { OpenApiHarness } from '../openapi-harness';

/**
 * `route` is the path the versions hang under as a pattern (`/api/clients/:id`), `url` that path for one item;
 * `drafts`: restoring as a draft works (a content item), else it is refused (the documents).
 */
export async function historyCalls(api: OpenApiHarness, route: string, url: string, drafts = false): Promise<void> {
  const { call, auth } = api;
  const versions = `${route}/versions`;
  const list = await call(versions, { method: 'GET', url: `${url}/versions`, headers: auth() });
  expect(list.statusCode, list.body).toBe(200);
  const [newest] = list.json().data.versions as { number: number }[];
  expect((await call(versions, { method: 'GET', url: `${url}/versions?limit=0`, headers: auth() })).statusCode).toBe(400);
  expect((await call(versions, { method: 'GET', url: `${url}/versions` })).statusCode).toBe(401);

  const one = `${versions}/:number`;
  expect((await call(one, { method: 'GET', url: `${url}/versions/${newest.number}`, headers: auth() })).statusCode).toBe(200);
  expect((await call(one, { method: 'GET', url: `${url}/versions/999999`, headers: auth() })).statusCode).toBe(404);
  expect((await call(one, { method: 'GET', url: `${url}/versions/x`, headers: auth() })).statusCode).toBe(400);

  const compare = `${versions}/compare`;
  const pair = `from=${newest.number}&to=${newest.number}`;
  expect((await call(compare, { method: 'GET', url: `${url}/versions/compare?${pair}`, headers: auth() })).statusCode).toBe(200);
  expect((await call(compare, { method: 'GET', url: `${url}/versions/compare?from=1`, headers: auth() })).statusCode).toBe(400);

  const restore = `${versions}/:number/restore`;
  const restoreUrl = `${url}/versions/${newest.number}/restore`;
  expect((await call(restore, { method: 'POST', url: restoreUrl, headers: auth(), payload: { as: 'published' } })).statusCode).toBe(200);
  expect((await call(restore, { method: 'POST', url: restoreUrl, headers: auth(), payload: { as: 'draft' } })).statusCode).toBe(
    drafts ? 200 : 400,
  );
  if (drafts) {
    expect((await call(restore, { method: 'POST', url: restoreUrl, headers: auth(), payload: { as: 'later' } })).statusCode).toBe(400);
    // the live state again, so the calls after start from a published item without a draft
    expect((await call(restore, { method: 'POST', url: restoreUrl, headers: auth(), payload: { as: 'published' } })).statusCode).toBe(200);
  }
  expect((await call(restore, { method: 'POST', url: restoreUrl, payload: {} })).statusCode).toBe(401);

  expect((await call(versions, { method: 'DELETE', url: `${url}/versions`, headers: auth() })).statusCode).toBe(200);
  expect((await call(versions, { method: 'DELETE', url: `${url}/versions` })).statusCode).toBe(401);
}
