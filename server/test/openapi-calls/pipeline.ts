/** The OpenAPI test's calls of the enquiry pipeline: stage, owner, follow-up, notes, owners and the board. */
import { expect } from 'vitest';
import { MISSING_ID, type OpenApiHarness } from '../openapi-harness';

export async function pipelineCalls(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  const message = { name: 'Ravi', email: 'ravi@example.com', number: '+91 98450 11111', message: 'A site visit, please' };
  expect((await call('/api/user', { method: 'POST', url: '/api/user', payload: message })).statusCode).toBe(201);
  const [{ _id: id }] = (await call('/api/user', { method: 'GET', url: '/api/user?q=ravi&stage=New', headers: auth() })).json().data;
  const owners = await call('/api/user/owners', { method: 'GET', url: '/api/user/owners', headers: auth() });
  const [{ _id: ownerId }] = owners.json().data;
  expect((await call('/api/user/owners', { method: 'GET', url: '/api/user/owners' })).statusCode).toBe(401);
  const put = (what: string, target: string, payload: unknown, headers = auth()) =>
    call(`/api/user/:id/${what}`, { method: 'PUT', url: `/api/user/${target}/${what}`, headers, payload: payload as object });
  expect((await put('stage', id, { stage: 'Lost', lostReason: 'Bought elsewhere' })).statusCode).toBe(200);
  expect((await put('stage', id, { stage: 'Lost' })).statusCode).toBe(400);
  expect((await put('stage', MISSING_ID, { stage: 'Won' })).statusCode).toBe(404);
  expect((await put('stage', id, { stage: 'Won' }, {})).statusCode).toBe(401);
  expect((await put('owner', id, { ownerId })).statusCode).toBe(200);
  expect((await put('owner', id, { ownerId: MISSING_ID })).statusCode).toBe(400);
  expect((await put('owner', MISSING_ID, { ownerId: null })).statusCode).toBe(404);
  expect((await put('owner', id, { ownerId: null }, {})).statusCode).toBe(401);
  expect((await put('follow-up', id, { followUpOn: '2026-12-01' })).statusCode).toBe(200);
  expect((await put('follow-up', id, { followUpOn: '2026-02-30' })).statusCode).toBe(400);
  expect((await put('follow-up', MISSING_ID, { followUpOn: null })).statusCode).toBe(404);
  expect((await put('follow-up', id, { followUpOn: null }, {})).statusCode).toBe(401);
  const notes = (target: string, payload?: unknown, headers = auth()) =>
    call('/api/user/:id/notes', {
      method: payload === undefined ? 'GET' : 'POST',
      url: `/api/user/${target}/notes`,
      headers,
      payload: payload as object | undefined,
    });
  expect((await notes(id, { text: 'Called, visit on Sunday' })).statusCode).toBe(201);
  expect((await notes(id, { text: ' ' })).statusCode).toBe(400);
  expect((await notes(MISSING_ID, { text: 'x' })).statusCode).toBe(404);
  expect((await notes(id, { text: 'x' }, {})).statusCode).toBe(401);
  expect((await notes(id)).json().data).toHaveLength(1);
  expect((await notes('not-an-id')).statusCode).toBe(400);
  expect((await notes(MISSING_ID)).statusCode).toBe(404);
  expect((await notes(id, undefined, {})).statusCode).toBe(401);
  const board = (query: string, headers = auth()) => call('/api/user/board', { method: 'GET', url: `/api/user/board${query}`, headers });
  expect((await board(`?owner=${ownerId}`)).json().data.find((column: { stage: string }) => column.stage === 'Lost').total).toBe(1);
  expect((await board('?owner=someone')).statusCode).toBe(400);
  expect((await board('', {})).statusCode).toBe(401);
}
