/**
 * The API's description against the API itself: /api/openapi.json is valid OpenAPI 3.1, names every
 * route the app serves, and real replies of every route (success and error) match the reply schema
 * the description gives for their status. /api/docs renders it under a strict CSP.
 * Every call goes through one recorder (server/test/openapi-harness.ts), the calls of each area are in
 * server/test/openapi-calls/, and the last test checks that every described operation was called.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_KEYS, resources, type ResourceDef } from '../../shared/resources';
import { OpenApiHarness, openApiPath, servedRoutes } from '../test/openapi-harness';
import { forgottenPassword, listAddChangePasswordRemove, loginMeLogout, sessions, twoFactorAndEditor } from '../test/openapi-calls/admins';
import { aboutContent, contactMessages, inbox, siteSettings } from '../test/openapi-calls/contact';
import { activityCalls, backupCalls, documentationCalls, oddBodies, operationsCalls, visitCalls } from '../test/openapi-calls/operations';
import { upcomingCalls } from '../test/openapi-calls/drafts';
import { resourceCalls } from '../test/openapi-calls/resources';
import { pipelineCalls } from '../test/openapi-calls/pipeline';
import { webhookCalls } from '../test/openapi-calls/webhooks';
import { mediaCalls } from '../test/openapi-calls/media';
import { isDocumentedRoute } from './openapi';

const api = new OpenApiHarness();

beforeAll(() => api.start());
afterAll(() => api.close());

it('is a valid OpenAPI 3.1 document', async () => {
  expect(api.document.openapi).toBe('3.1.0');
  const result = await new Validator().validate(api.document as unknown as Record<string, unknown>);
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  const ids = Object.values(api.document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
  expect(ids.every(Boolean)).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  expect(Object.keys((api.document.components.schemas ?? {}) as object).sort()).toEqual(['ErrorReply', 'MessageReply']);
});

it('describes every route the app serves under /api, and the operations endpoints', () => {
  const served = servedRoutes(api.t.app.printRoutes({ commonPrefix: false }));
  const documented = served.filter(({ url }) => isDocumentedRoute(url));
  // everything left out is a page, an upload, security.txt or a catch-all
  for (const { url } of served.filter((route) => !isDocumentedRoute(route.url))) {
    expect(url).toMatch(/^(\*|\/\*|\/api\/\*|\/uploads\/\*|\/\.well-known\/security\.txt|\/\.framework-error|\/contact)$/);
  }
  const servedOperations = documented.flatMap(({ url, methods }) =>
    methods.filter((method) => method !== 'HEAD').map((method) => `${method.toLowerCase()} ${openApiPath(url)}`),
  );
  const describedOperations = Object.entries(api.document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method} ${path}`),
  );
  expect(servedOperations.length).toBeGreaterThan(60);
  expect(new Set(describedOperations)).toEqual(new Set(servedOperations));
});

describe('admins', () => {
  it('login, me, logout', () => loginMeLogout(api));
  it('list, add, change password, remove', () => listAddChangePasswordRemove(api));
  it('a forgotten password: reset links by mail', () => forgottenPassword(api));
  it('two-factor sign-in and an Editor refused', () => twoFactorAndEditor(api));
});

describe('sessions', () => {
  it('list, end one, end the others', () => sessions(api));
});

describe('contact messages and the About document', () => {
  it('/api/user', () => contactMessages(api));
  it('the inbox: /api/user/counts, /api/user/export, /api/user/:id', () => inbox(api));
  it('the pipeline: stage, owner, follow-up, notes, owners, board', () => pipelineCalls(api));
  it('/api/about-content', () => aboutContent(api));
  it('/api/site-settings', () => siteSettings(api));
});

describe.each(RESOURCE_KEYS.map((key) => [key, resources[key] as ResourceDef] as const))('/api/%s', (key, def) => {
  it('lists, creates, updates and deletes, and refuses what it must', () => resourceCalls(api, key, def));
});

describe('the media library', () => {
  it('/api/media: upload, list, one, change, replace, delete and their refusals', () => mediaCalls(api));
});

describe('bodies of the wrong shape', () => {
  it('get a 4xx in the error shape on every route that takes a body, never a 500', () => oddBodies(api));
});

describe('backup, operations and documentation', () => {
  it('/api/backup/summary and /api/backup', () => backupCalls(api));
  it('/api/activity', () => activityCalls(api));
  it('/api/schedules', () => upcomingCalls(api));
  it('/api/webhooks', () => webhookCalls(api));
  it('/api/visits and /api/insights/enquiries', () => visitCalls(api));
  it('/healthz, /readyz and /metrics', () => operationsCalls(api));
  it('/api/openapi.json and /api/docs, a page without scripts under a CSP that allows only its own style', () => documentationCalls(api));
});

it('called every described operation, for a success and, when it describes any, a client error', () => {
  const operations = Object.entries(api.document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation })),
  );
  const missing: string[] = [];
  for (const { key, operation } of operations) {
    const statuses = [...(api.checked.get(key) ?? [])];
    if (!statuses.some((status) => status < 400)) missing.push(`${key}: no success reply checked`);
    const clientErrors = Object.keys(operation.responses).filter((status) => status.startsWith('4'));
    if (clientErrors.length > 0 && !statuses.some((status) => status >= 400 && status < 500))
      missing.push(`${key}: no error reply checked`);
  }
  expect(missing).toEqual([]);
  const replies = [...api.checked.values()].reduce((sum, statuses) => sum + statuses.size, 0);
  console.log(
    `openapi: ${operations.length} operations; ${api.repliesChecked} replies, ${replies} (operation, status) pairs, checked against the description`,
  );
});
