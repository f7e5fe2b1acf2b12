/** The OpenAPI test's calls of the contact messages, the inbox, the About document and the Site settings. */
import { expect } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../../shared/about-content';
import { DEMO_SITE_SETTINGS } from '../../../shared/site-settings';
import { MISSING_ID, type OpenApiHarness } from '../openapi-harness';
import { documentDraftCalls } from './drafts';
import { documentConflictCalls } from './edit-conflicts';
import { historyCalls } from './history';

/** /api/user */
export async function contactMessages(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  const message = { name: 'Asha', email: 'asha@example.com', number: '+91 98450 00000', message: 'Hello' };
  expect((await call('/api/user', { method: 'POST', url: '/api/user', payload: message })).statusCode).toBe(201);
  expect((await call('/api/user', { method: 'POST', url: '/api/user', payload: { name: '' } })).statusCode).toBe(400);
  expect(
    (await call('/api/user', { method: 'POST', url: '/api/user', payload: '"text"', headers: { 'content-type': 'application/json' } }))
      .statusCode,
  ).toBe(400);
  expect((await call('/api/user', { method: 'GET', url: '/api/user', headers: auth() })).json().data).toHaveLength(1);
  expect((await call('/api/user', { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  expect((await call('/api/user', { method: 'GET', url: '/api/user?status=Done', headers: auth() })).statusCode).toBe(400);
}

/** the inbox: /api/user/counts, /api/user/sources, /api/user/export, /api/user/:id */
export async function inbox(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  const [{ _id: id }] = (await call('/api/user', { method: 'GET', url: '/api/user?q=asha&status=New', headers: auth() })).json().data;
  await call('/api/user/counts', { method: 'GET', url: '/api/user/counts', headers: auth() });
  expect((await call('/api/user/counts', { method: 'GET', url: '/api/user/counts' })).statusCode).toBe(401);
  // the source and project filters' choices (issue 26)
  expect((await call('/api/user/sources', { method: 'GET', url: '/api/user/sources', headers: auth() })).json().data.sources).toEqual([
    { source: 'direct', count: 1 },
  ]);
  expect((await call('/api/user/sources', { method: 'GET', url: '/api/user/sources' })).statusCode).toBe(401);
  expect((await call('/api/user', { method: 'GET', url: '/api/user?page=1&project=nope', headers: auth() })).statusCode).toBe(400);
  const csv = await call('/api/user/export', { method: 'GET', url: '/api/user/export?q=asha', headers: auth() });
  expect(csv.body).toContain('asha@example.com');
  expect((await call('/api/user/export', { method: 'GET', url: '/api/user/export?status=x', headers: auth() })).statusCode).toBe(400);
  expect((await call('/api/user/export', { method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  const get = (target: string, headers = auth()) => call('/api/user/:id', { method: 'GET', url: `/api/user/${target}`, headers });
  expect((await get(id)).json().data._id).toBe(id);
  expect((await get('not-an-id')).statusCode).toBe(400);
  expect((await get(MISSING_ID)).statusCode).toBe(404);
  expect((await get(id, {})).statusCode).toBe(401);
  const patch = (target: string, payload: unknown, headers = auth()) =>
    call('/api/user/:id', { method: 'PATCH', url: `/api/user/${target}`, headers, payload: payload as object });
  expect((await patch(id, { status: 'Archived' })).statusCode).toBe(200);
  expect((await patch(id, { status: 'Gone' })).statusCode).toBe(400);
  expect((await patch('not-an-id', { status: 'New' })).statusCode).toBe(400);
  expect((await patch(MISSING_ID, { status: 'New' })).statusCode).toBe(404);
  expect((await patch(id, { status: 'New' }, {})).statusCode).toBe(401);
  const remove = (target: string, headers = auth()) => call('/api/user/:id', { method: 'DELETE', url: `/api/user/${target}`, headers });
  expect((await remove(id, {})).statusCode).toBe(401);
  expect((await remove(id)).statusCode).toBe(200);
  expect((await remove(id)).statusCode).toBe(404);
}

/** /api/about-content */
export async function aboutContent(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  await call('/api/about-content', { method: 'GET', url: '/api/about-content' });
  const put = (payload: unknown, headers = auth()) =>
    call('/api/about-content', { method: 'PUT', url: '/api/about-content', headers, payload: payload as object });
  expect((await put(DEFAULT_ABOUT_CONTENT)).statusCode).toBe(200);
  expect((await put({ ...DEFAULT_ABOUT_CONTENT, main: { title: '' } })).statusCode).toBe(400);
  expect((await put(DEFAULT_ABOUT_CONTENT, {})).statusCode).toBe(401);
  await historyCalls(api, '/api/about-content', '/api/about-content', true);
  await documentDraftCalls(api, '/api/about-content', DEFAULT_ABOUT_CONTENT, { ...DEFAULT_ABOUT_CONTENT, main: { title: '' } });
  await documentConflictCalls(api, '/api/about-content', DEFAULT_ABOUT_CONTENT);
}

/** /api/site-settings */
export async function siteSettings(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  await call('/api/site-settings', { method: 'GET', url: '/api/site-settings' });
  const put = (payload: unknown, headers = auth()) =>
    call('/api/site-settings', { method: 'PUT', url: '/api/site-settings', headers, payload: payload as object });
  expect((await put(DEMO_SITE_SETTINGS)).statusCode).toBe(200);
  expect((await put({ ...DEMO_SITE_SETTINGS, email: 'nope' })).statusCode).toBe(400);
  expect((await put(DEMO_SITE_SETTINGS, {})).statusCode).toBe(401);
  await historyCalls(api, '/api/site-settings', '/api/site-settings', true);
  await documentDraftCalls(api, '/api/site-settings', DEMO_SITE_SETTINGS, { ...DEMO_SITE_SETTINGS, email: 'nope' });
  await documentConflictCalls(api, '/api/site-settings', DEMO_SITE_SETTINGS);
}
