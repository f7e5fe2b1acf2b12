/** The OpenAPI test's calls of every body-taking route with odd bodies, and of backup, activity, operations and documentation. */
import { expect } from 'vitest';
import { stepUpHeaders } from '../step-up';
import { METRICS_TOKEN, MISSING_ID, type OpenApiHarness, type Operation } from '../openapi-harness';

/** bodies of the wrong shape get a 4xx in the error shape on every route that takes a body, never a 500 */
export async function oddBodies(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  // a title as a list: a number passes as text ("7"), and then a banner's draft is whole, its image allowed to wait (decision 0046)
  const odd = ['null', '[]', '"text"', '42', '{}', '{"email":{"$ne":1},"password":[],"name":{},"title":[7],"images":"x"}'];
  let sent = 0;
  for (const [path, methods] of Object.entries(api.document.paths)) {
    for (const [method, operation] of Object.entries(methods) as [string, Operation & { requestBody?: unknown }][]) {
      if (!operation.requestBody) continue;
      const route = path.replace(/\{(\w+)\}/g, ':$1');
      const url = path.replace('{id}', MISSING_ID);
      for (const payload of odd) {
        const headers = { ...auth(), 'content-type': 'application/json' };
        const reply = await call(route, { method: method.toUpperCase() as 'POST', url, headers, payload });
        expect(reply.statusCode, `${method} ${url} ${payload}: ${reply.body}`).toBeGreaterThanOrEqual(400);
        expect(reply.statusCode, `${method} ${url} ${payload}: ${reply.body}`).toBeLessThan(500);
        expect(reply.json()).toMatchObject({ success: false, message: expect.any(String) });
        sent += 1;
      }
    }
  }
  expect(sent).toBeGreaterThan(150);
}

/** /api/backup/summary and /api/backup */
export async function backupCalls(api: OpenApiHarness): Promise<void> {
  const { t, call, auth } = api;
  await call('/api/backup/summary', { method: 'GET', url: '/api/backup/summary', headers: auth() });
  await call('/api/backup/summary', { method: 'GET', url: '/api/backup/summary' });
  const archive = await call('/api/backup', { method: 'GET', url: '/api/backup', headers: await stepUpHeaders(t.app, api.token) });
  expect(archive.statusCode).toBe(200);
  expect(archive.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  expect((await call('/api/backup', { method: 'GET', url: '/api/backup' })).statusCode).toBe(401);
}

/** /api/activity */
export async function activityCalls(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  const page = await call('/api/activity', { method: 'GET', url: '/api/activity?limit=5', headers: auth() });
  expect(page.json().data.entries.length).toBeGreaterThan(0);
  expect((await call('/api/activity', { method: 'GET', url: '/api/activity?kind=nonsense', headers: auth() })).statusCode).toBe(400);
  expect((await call('/api/activity', { method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
}

/** /healthz, /readyz and /metrics */
export async function operationsCalls(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  await call('/healthz', { method: 'GET', url: '/healthz' });
  await call('/readyz', { method: 'GET', url: '/readyz' });
  expect((await call('/metrics', { method: 'GET', url: '/metrics', headers: auth(METRICS_TOKEN) })).statusCode).toBe(200);
  expect((await call('/metrics', { method: 'GET', url: '/metrics', headers: auth('wrong') })).statusCode).toBe(401);
}

/** /api/openapi.json and /api/docs, a page without scripts under a CSP that allows only its own style */
export async function documentationCalls(api: OpenApiHarness): Promise<void> {
  const { call } = api;
  await call('/api/openapi.json', { method: 'GET', url: '/api/openapi.json' });
  const page = await call('/api/docs', { method: 'GET', url: '/api/docs' });
  expect(page.statusCode).toBe(200);
  const csp = String(page.headers['content-security-policy']);
  expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; /);
  expect(page.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);
  for (const path of Object.keys(api.document.paths)) expect(page.body).toContain(`<code>${path}</code>`);
}

/** /api/visits */
export async function visitCalls(api: OpenApiHarness): Promise<void> {
  const { call, auth } = api;
  const period = await call('/api/visits', { method: 'GET', url: '/api/visits?from=2026-01-01&to=2026-01-07', headers: auth() });
  expect(period.json().data.days).toHaveLength(7);
  expect((await call('/api/visits', { method: 'GET', url: '/api/visits?from=soon', headers: auth() })).statusCode).toBe(400);
  expect((await call('/api/visits', { method: 'GET', url: '/api/visits' })).statusCode).toBe(401);
  const enquiries = await call('/api/insights/enquiries', { method: 'GET', url: '/api/insights/enquiries?days=7', headers: auth() });
  expect(enquiries.json().data.days).toHaveLength(7);
  expect(
    (await call('/api/insights/enquiries', { method: 'GET', url: '/api/insights/enquiries?days=0', headers: auth() })).statusCode,
  ).toBe(400);
  expect((await call('/api/insights/enquiries', { method: 'GET', url: '/api/insights/enquiries' })).statusCode).toBe(401);
}
