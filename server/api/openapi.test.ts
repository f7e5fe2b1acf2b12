/**
 * The API's description against the API itself: /api/openapi.json is valid OpenAPI 3.1, names every
 * route the app serves, and real replies of every route (success and error) match the reply schema
 * the description gives for their status. /api/docs renders it under a strict CSP.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { DEMO_SITE_SETTINGS } from '../../shared/site-settings';
import { RESOURCE_KEYS, resources, type ResourceDef } from '../../shared/resources';
import { sampleFields, sampleImageCount } from '../test/sample-records';
import { signChallenge } from '../auth/step-tokens';
import { loadSigningSecret } from '../auth/tokens';
import { EDITOR, editorToken, stepUpHeaders, totpCode } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';
import { isDocumentedRoute } from './openapi';

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown> & { schemas?: Record<string, unknown> };
}

const METRICS_TOKEN = 'metrics-token-for-the-openapi-test';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let token: string;
let document: OpenApiDocument;
let jpeg: Buffer;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
/** Per operation ("get /api/clients"), the statuses of the replies checked against it. */
const checked = new Map<string, Set<number>>();
let repliesChecked = 0;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: METRICS_TOKEN }, undefined, { renditionWorker: false });
  token = await t.login();
  jpeg = await makeImage('jpeg', 320, 240);
  const reply = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(reply.statusCode).toBe(200);
  document = reply.json();
});
afterAll(() => t?.close());

const auth = (bearer = token): Record<string, string> => ({ authorization: `Bearer ${bearer}` });

/** `/api/clients/:id` as the description spells it. */
const openApiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Sends a request for `route` (its pattern, e.g. /api/clients/:id) and checks the reply against the
 * description: the status is documented, and the body matches that status's schema for its content type.
 */
async function call(route: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  const reply = await t.app.inject(options);
  const method = String(options.method ?? 'GET').toLowerCase();
  const operation = document.paths[openApiPath(route)]?.[method];
  expect(operation, `${method} ${route} is described`).toBeDefined();
  const status = reply.statusCode;
  const response = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
  expect(response, `${method} ${route} describes status ${status} (${reply.body.slice(0, 200)})`).toBeDefined();
  if (!response.content) {
    expect(reply.body, `${method} ${route} ${status} has no body`).toBe('');
  } else {
    const type = String(reply.headers['content-type'] ?? '').split(';')[0];
    const media = response.content[type];
    expect(media, `${method} ${route} ${status} describes ${type}`).toBeDefined();
    const body = type === 'application/json' ? reply.json() : reply.body;
    const validate = ajv.compile({ ...media.schema, components: document.components });
    expect(validate(body), `${method} ${route} ${status}: ${ajv.errorsText(validate.errors)}\n${reply.body.slice(0, 500)}`).toBe(true);
  }
  repliesChecked += 1;
  const key = `${method} ${route}`;
  checked.set(key, (checked.get(key) ?? new Set()).add(status));
  return reply;
}

it('is a valid OpenAPI 3.1 document', async () => {
  expect(document.openapi).toBe('3.1.0');
  const result = await new Validator().validate(document as unknown as Record<string, unknown>);
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
  expect(ids.every(Boolean)).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  expect(Object.keys((document.components.schemas ?? {}) as object).sort()).toEqual(['ErrorReply', 'MessageReply']);
});

it('describes every route the app serves under /api, and the operations endpoints', () => {
  const served = servedRoutes(t.app.printRoutes({ commonPrefix: false }));
  const documented = served.filter(({ url }) => isDocumentedRoute(url));
  // everything left out is a page, an upload, security.txt or a catch-all
  for (const { url } of served.filter((route) => !isDocumentedRoute(route.url))) {
    expect(url).toMatch(/^(\*|\/\*|\/api\/\*|\/uploads\/\*|\/\.well-known\/security\.txt|\/\.framework-error|\/contact)$/);
  }
  const servedOperations = documented.flatMap(({ url, methods }) =>
    methods.filter((method) => method !== 'HEAD').map((method) => `${method.toLowerCase()} ${openApiPath(url)}`),
  );
  const describedOperations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method} ${path}`),
  );
  expect(servedOperations.length).toBeGreaterThan(60);
  expect(new Set(describedOperations)).toEqual(new Set(servedOperations));
});

describe('admins', () => {
  let second: { _id: string; email: string };
  const secondPassword = 'a second long password';

  it('login, me, logout', async () => {
    await call('/api/admins/login', { method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
    await call('/api/admins/login', { method: 'POST', url: '/api/admins/login', payload: { email: TEST_ADMIN.email } });
    await call('/api/admins/login', { method: 'POST', url: '/api/admins/login', payload: { ...TEST_ADMIN, password: 'wrong password!' } });
    await call('/api/admins/me', { method: 'GET', url: '/api/admins/me', headers: auth() });
    await call('/api/admins/me', { method: 'GET', url: '/api/admins/me' });
    const spare = await t.login();
    expect((await call('/api/admins/logout', { method: 'POST', url: '/api/admins/logout', headers: auth(spare) })).statusCode).toBe(200);
    expect((await call('/api/admins/logout', { method: 'POST', url: '/api/admins/logout', headers: auth(spare) })).statusCode).toBe(401);
  });

  it('list, add, change password, remove', async () => {
    await call('/api/admins', { method: 'GET', url: '/api/admins', headers: auth() });
    await call('/api/admins', { method: 'GET', url: '/api/admins' });
    const reauth = (payload: object) => call('/api/admins/reauth', { method: 'POST', url: '/api/admins/reauth', headers: auth(), payload });
    expect((await reauth({ password: 'not the password' })).statusCode).toBe(403);
    expect((await reauth({ password: TEST_ADMIN.password })).statusCode).toBe(200);
    const stepUp = await stepUpHeaders(t.app, token);
    expect(
      (
        await call('/api/admins', {
          method: 'POST',
          url: '/api/admins',
          headers: auth(),
          payload: { email: 'y@example.com', password: secondPassword },
        })
      ).statusCode,
    ).toBe(403);
    const added = await call('/api/admins', {
      method: 'POST',
      url: '/api/admins',
      headers: stepUp,
      payload: { email: 'second@example.com', password: secondPassword },
    });
    expect(added.statusCode).toBe(201);
    second = added.json().data;
    expect((await call('/api/admins', { method: 'POST', url: '/api/admins', headers: stepUp, payload: { email: 'x' } })).statusCode).toBe(
      400,
    );
    expect(
      (
        await call('/api/admins', {
          method: 'POST',
          url: '/api/admins',
          headers: stepUp,
          payload: { email: second.email, password: secondPassword },
        })
      ).statusCode,
    ).toBe(409);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admins/login',
      payload: { email: second.email, password: secondPassword },
    });
    const secondToken = login.json().token as string;
    const change = (payload: unknown) =>
      call('/api/admins/password', { method: 'POST', url: '/api/admins/password', headers: auth(secondToken), payload: payload as object });
    expect((await change({ currentPassword: secondPassword, newPassword: 'short' })).statusCode).toBe(400);
    expect((await change({ currentPassword: secondPassword, newPassword: 'a new long enough password' })).statusCode).toBe(200);
    expect((await change({ currentPassword: secondPassword, newPassword: 'a new long enough password' })).statusCode).toBe(401);

    const role = (id: string, payload: object, headers = stepUp) =>
      call('/api/admins/:id', { method: 'PATCH', url: `/api/admins/${id}`, headers, payload });
    expect((await role(second._id, { role: 'boss' })).statusCode).toBe(400);
    expect((await role(second._id, { role: 'editor' }, auth())).statusCode).toBe(403);
    expect((await role(MISSING_ID, { role: 'editor' })).statusCode).toBe(404);
    expect((await role(second._id, { role: 'editor' })).statusCode).toBe(200);
    const remove = (id: string, headers = stepUp) => call('/api/admins/:id', { method: 'DELETE', url: `/api/admins/${id}`, headers });
    expect((await remove('not-an-id')).statusCode).toBe(400);
    expect((await remove(MISSING_ID)).statusCode).toBe(404);
    expect((await remove(second._id, {})).statusCode).toBe(401);
    expect((await remove(second._id, auth())).statusCode).toBe(403);
    expect((await remove(second._id)).statusCode).toBe(200);
  });

  it('two-factor sign-in and an Editor refused', async () => {
    const editor = await editorToken(t.app, token);
    expect((await call('/api/admins/2fa/setup', { method: 'POST', url: '/api/admins/2fa/setup' })).statusCode).toBe(401);
    const setup = await call('/api/admins/2fa/setup', { method: 'POST', url: '/api/admins/2fa/setup', headers: auth() });
    expect(setup.statusCode).toBe(200);
    const confirm = (payload: object) =>
      call('/api/admins/2fa/confirm', { method: 'POST', url: '/api/admins/2fa/confirm', headers: auth(), payload });
    expect((await confirm({ code: '000000x' })).statusCode).toBe(400);
    expect((await confirm({})).statusCode).toBe(400);
    const confirmed = await confirm({ code: totpCode(setup.json().data.secret) });
    expect(confirmed.statusCode).toBe(200);
    const recovery = confirmed.json().recoveryCodes as string[];

    const login = await call('/api/admins/login', { method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
    expect(login.json()).toMatchObject({ twoFactorRequired: true });
    const second = (payload: object) => call('/api/admins/login/2fa', { method: 'POST', url: '/api/admins/login/2fa', payload });
    expect((await second({ challenge: 'forged', code: '123456' })).statusCode).toBe(401);
    expect((await second({})).statusCode).toBe(400);
    expect((await second({ challenge: login.json().challenge, recoveryCode: recovery[0] })).statusCode).toBe(200);

    const atLogin = (payload: object) =>
      call('/api/admins/login/2fa/setup', { method: 'POST', url: '/api/admins/login/2fa/setup', payload });
    expect((await atLogin({ challenge: 'forged' })).statusCode).toBe(401);
    expect((await atLogin({})).statusCode).toBe(400);
    const [{ _id: editorId }] = (await t.app.inject({ method: 'GET', url: '/api/admins', headers: auth() }))
      .json()
      .data.filter((row: { email: string }) => row.email === EDITOR.email);
    const enrol = await signChallenge(await loadSigningSecret(t.services.database.db), editorId, 'enrol');
    expect((await atLogin({ challenge: enrol })).statusCode).toBe(200);

    const stepUp = async (recoveryCode: string) => ({
      ...auth(),
      'x-reauth-token': (
        await t.app.inject({
          method: 'POST',
          url: '/api/admins/reauth',
          headers: auth(),
          payload: { password: TEST_ADMIN.password, recoveryCode },
        })
      ).json().stepUpToken as string,
    });
    const replaceCodes = (headers: Record<string, string>) =>
      call('/api/admins/2fa/recovery-codes', { method: 'POST', url: '/api/admins/2fa/recovery-codes', headers });
    expect((await replaceCodes(auth())).statusCode).toBe(403);
    const replaced = await replaceCodes(await stepUp(recovery[1]));
    expect(replaced.statusCode).toBe(200);
    const disable = (headers: Record<string, string>) =>
      call('/api/admins/2fa/disable', { method: 'POST', url: '/api/admins/2fa/disable', headers });
    expect((await disable(auth())).statusCode).toBe(403);
    expect((await disable(await stepUp(replaced.json().recoveryCodes[0]))).statusCode).toBe(200);

    expect((await call('/api/admins', { method: 'GET', url: '/api/admins', headers: auth(editor) })).statusCode).toBe(403);
    expect((await call('/api/user', { method: 'GET', url: '/api/user', headers: auth(editor) })).statusCode).toBe(403);
    expect((await call('/api/backup/summary', { method: 'GET', url: '/api/backup/summary', headers: auth(editor) })).statusCode).toBe(403);
    expect((await call('/api/backup', { method: 'GET', url: '/api/backup', headers: auth(editor) })).statusCode).toBe(403);
    expect((await call('/api/backup', { method: 'GET', url: '/api/backup', headers: auth() })).statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('list, end one, end the others', async () => {
    const spare = await t.login();
    const list = await call('/api/admins/sessions', { method: 'GET', url: '/api/admins/sessions', headers: auth(spare) });
    expect(list.statusCode).toBe(200);
    await call('/api/admins/sessions', { method: 'GET', url: '/api/admins/sessions' });
    const other = (list.json().data as { _id: string; current: boolean }[]).find((session) => !session.current)!;
    const end = (id: string, headers = auth(spare)) =>
      call('/api/admins/sessions/:id', { method: 'DELETE', url: `/api/admins/sessions/${id}`, headers });
    expect((await end('not-an-id')).statusCode).toBe(400);
    expect((await end(MISSING_ID)).statusCode).toBe(404);
    expect((await end(other._id, {})).statusCode).toBe(401);
    expect((await end(other._id)).statusCode).toBe(200);
    const others = (headers: Record<string, string>) =>
      call('/api/admins/sessions/revoke-others', { method: 'POST', url: '/api/admins/sessions/revoke-others', headers });
    expect((await others({})).statusCode).toBe(401);
    // the session cookie alone does not carry a write
    const cookie = String(
      (await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN })).headers['set-cookie'],
    ).split(';')[0];
    expect((await others({ cookie })).statusCode).toBe(403);
    expect((await others(auth(spare))).statusCode).toBe(200);
    token = await t.login();
  });
});

describe('contact messages and the About document', () => {
  it('/api/user', async () => {
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
  });

  it('the inbox: /api/user/counts, /api/user/export, /api/user/:id', async () => {
    const [{ _id: id }] = (await call('/api/user', { method: 'GET', url: '/api/user?q=asha&status=New', headers: auth() })).json().data;
    await call('/api/user/counts', { method: 'GET', url: '/api/user/counts', headers: auth() });
    expect((await call('/api/user/counts', { method: 'GET', url: '/api/user/counts' })).statusCode).toBe(401);
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
  });

  it('/api/about-content', async () => {
    await call('/api/about-content', { method: 'GET', url: '/api/about-content' });
    const put = (payload: unknown, headers = auth()) =>
      call('/api/about-content', { method: 'PUT', url: '/api/about-content', headers, payload: payload as object });
    expect((await put(DEFAULT_ABOUT_CONTENT)).statusCode).toBe(200);
    expect((await put({ ...DEFAULT_ABOUT_CONTENT, main: { title: '' } })).statusCode).toBe(400);
    expect((await put(DEFAULT_ABOUT_CONTENT, {})).statusCode).toBe(401);
  });

  it('/api/site-settings', async () => {
    await call('/api/site-settings', { method: 'GET', url: '/api/site-settings' });
    const put = (payload: unknown, headers = auth()) =>
      call('/api/site-settings', { method: 'PUT', url: '/api/site-settings', headers, payload: payload as object });
    expect((await put(DEMO_SITE_SETTINGS)).statusCode).toBe(200);
    expect((await put({ ...DEMO_SITE_SETTINGS, email: 'nope' })).statusCode).toBe(400);
    expect((await put(DEMO_SITE_SETTINGS, {})).statusCode).toBe(401);
  });
});

describe.each(RESOURCE_KEYS.map((key) => [key, resources[key] as ResourceDef] as const))('/api/%s', (key, def) => {
  const base = `/api/${def.path}`;
  const one = `${base}/:id`;

  it('lists, creates, updates and deletes, and refuses what it must', async () => {
    const list = await call(base, { method: 'GET', url: base });
    expect(list.statusCode).toBe(200);
    expect((await call(base, { method: 'GET', url: base, headers: { 'if-none-match': String(list.headers.etag) } })).statusCode).toBe(304);

    const files = Array.from({ length: sampleImageCount(def) }, () => ({ field: def.image.field, data: jpeg }));
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
  });
});

describe('bodies of the wrong shape', () => {
  const odd = ['null', '[]', '"text"', '42', '{}', '{"email":{"$ne":1},"password":[],"name":{},"title":7,"images":"x"}'];

  it('get a 4xx in the error shape on every route that takes a body, never a 500', async () => {
    let sent = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
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
  });
});

describe('backup, operations and documentation', () => {
  it('/api/backup/summary and /api/backup', async () => {
    await call('/api/backup/summary', { method: 'GET', url: '/api/backup/summary', headers: auth() });
    await call('/api/backup/summary', { method: 'GET', url: '/api/backup/summary' });
    const archive = await call('/api/backup', { method: 'GET', url: '/api/backup', headers: await stepUpHeaders(t.app, token) });
    expect(archive.statusCode).toBe(200);
    expect(archive.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect((await call('/api/backup', { method: 'GET', url: '/api/backup' })).statusCode).toBe(401);
  });

  it('/api/activity', async () => {
    const page = await call('/api/activity', { method: 'GET', url: '/api/activity?limit=5', headers: auth() });
    expect(page.json().data.entries.length).toBeGreaterThan(0);
    expect((await call('/api/activity', { method: 'GET', url: '/api/activity?kind=nonsense', headers: auth() })).statusCode).toBe(400);
    expect((await call('/api/activity', { method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
  });

  it('/healthz, /readyz and /metrics', async () => {
    await call('/healthz', { method: 'GET', url: '/healthz' });
    await call('/readyz', { method: 'GET', url: '/readyz' });
    expect((await call('/metrics', { method: 'GET', url: '/metrics', headers: auth(METRICS_TOKEN) })).statusCode).toBe(200);
    expect((await call('/metrics', { method: 'GET', url: '/metrics', headers: auth('wrong') })).statusCode).toBe(401);
  });

  it('/api/openapi.json and /api/docs, a page without scripts under a CSP that allows only its own style', async () => {
    await call('/api/openapi.json', { method: 'GET', url: '/api/openapi.json' });
    const page = await call('/api/docs', { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; /);
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    for (const path of Object.keys(document.paths)) expect(page.body).toContain(`<code>${path}</code>`);
  });
});

it('called every described operation, for a success and, when it describes any, a client error', () => {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation })),
  );
  const missing: string[] = [];
  for (const { key, operation } of operations) {
    const statuses = [...(checked.get(key) ?? [])];
    if (!statuses.some((status) => status < 400)) missing.push(`${key}: no success reply checked`);
    const clientErrors = Object.keys(operation.responses).filter((status) => status.startsWith('4'));
    if (clientErrors.length > 0 && !statuses.some((status) => status >= 400 && status < 500))
      missing.push(`${key}: no error reply checked`);
  }
  expect(missing).toEqual([]);
  const replies = [...checked.values()].reduce((sum, statuses) => sum + statuses.size, 0);
  console.log(
    `openapi: ${operations.length} operations; ${repliesChecked} replies, ${replies} (operation, status) pairs, checked against the description`,
  );
});

/** The routes in app.printRoutes()' tree, with their full paths and methods. */
function servedRoutes(tree: string): { url: string; methods: string[] }[] {
  const routes: { url: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )?(\S+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match || !match[2]) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    if (match[3]) routes.push({ url: stack.join(''), methods: match[3].split(', ') });
  }
  return routes;
}
