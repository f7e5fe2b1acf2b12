/** The admin account calls of the OpenAPI test: sign-in, accounts, password resets, two-factor sign-in, sessions. */
import { expect } from 'vitest';
import { issueAccountToken } from '../../auth/account-tokens';
import { EDITOR, editorToken, stepUpHeaders, totpCode } from '../step-up';
import { TEST_ADMIN } from '../test-app';
import { MISSING_ID, type OpenApiHarness } from '../openapi-harness';

/** login, me, logout */
export async function loginMeLogout(api: OpenApiHarness): Promise<void> {
  const { t, call, auth } = api;
  await call('/api/admins/login', { method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
  await call('/api/admins/login', { method: 'POST', url: '/api/admins/login', payload: { email: TEST_ADMIN.email } });
  await call('/api/admins/login', { method: 'POST', url: '/api/admins/login', payload: { ...TEST_ADMIN, password: 'wrong password!' } });
  await call('/api/admins/me', { method: 'GET', url: '/api/admins/me', headers: auth() });
  await call('/api/admins/me', { method: 'GET', url: '/api/admins/me' });
  const spare = await t.login();
  expect((await call('/api/admins/logout', { method: 'POST', url: '/api/admins/logout', headers: auth(spare) })).statusCode).toBe(200);
  expect((await call('/api/admins/logout', { method: 'POST', url: '/api/admins/logout', headers: auth(spare) })).statusCode).toBe(401);
}

/** list, add, change password, remove */
export async function listAddChangePasswordRemove(api: OpenApiHarness): Promise<void> {
  const { t, call, auth } = api;
  const secondPassword = 'a second long password';
  await call('/api/admins', { method: 'GET', url: '/api/admins', headers: auth() });
  await call('/api/admins', { method: 'GET', url: '/api/admins' });
  const reauth = (payload: object) => call('/api/admins/reauth', { method: 'POST', url: '/api/admins/reauth', headers: auth(), payload });
  expect((await reauth({ password: 'not the password' })).statusCode).toBe(403);
  expect((await reauth({ password: TEST_ADMIN.password })).statusCode).toBe(200);
  const stepUp = await stepUpHeaders(t.app, api.token);
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
  const second: { _id: string; email: string } = added.json().data;
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
}

/** a forgotten password: reset links by mail */
export async function forgottenPassword(api: OpenApiHarness): Promise<void> {
  const { t, call, auth } = api;
  expect((await call('/api/admins/password/forgot', { method: 'GET', url: '/api/admins/password/forgot' })).json().mail).toBe(true);
  const forgot = (payload: object) => call('/api/admins/password/forgot', { method: 'POST', url: '/api/admins/password/forgot', payload });
  expect((await forgot({ email: 'not an address' })).statusCode).toBe(400);
  expect((await forgot({ email: 'nobody@example.com' })).statusCode).toBe(200);
  const adminId = (await t.services.auth.accounts.listAdmins()).find((row) => row.email === TEST_ADMIN.email)!._id;
  const link = (headers: Record<string, string>) =>
    call('/api/admins/:id/reset-link', { method: 'POST', url: `/api/admins/${adminId}/reset-link`, headers });
  expect((await link(auth())).statusCode).toBe(403);
  expect((await link(await stepUpHeaders(t.app, api.token))).statusCode).toBe(200);
  const reset = (payload: object) => call('/api/admins/password/reset', { method: 'POST', url: '/api/admins/password/reset', payload });
  expect((await reset({ token: 'x'.repeat(43), newPassword: 'a long enough new password' })).statusCode).toBe(400);
  // a link of another account (not the test's admin, whose token the other tests use)
  const other = await t.services.auth.accounts.addAdmin('reset-me@example.com', 'a long enough password', { role: 'editor' });
  const issued = await issueAccountToken(t.services.database.db, other._id, 'password-reset', 60);
  expect((await reset({ token: issued, newPassword: 'a long enough new password' })).statusCode).toBe(200);
}

/** two-factor sign-in and an Editor refused */
export async function twoFactorAndEditor(api: OpenApiHarness): Promise<void> {
  const { t, call, auth } = api;
  const editor = await editorToken(t.app, api.token);
  expect((await call('/api/admins/2fa/setup', { method: 'POST', url: '/api/admins/2fa/setup' })).statusCode).toBe(401);
  expect((await call('/api/admins/2fa/setup', { method: 'POST', url: '/api/admins/2fa/setup', headers: auth() })).statusCode).toBe(403);
  const passwordConfirmed = await stepUpHeaders(t.app, api.token);
  const setup = await call('/api/admins/2fa/setup', { method: 'POST', url: '/api/admins/2fa/setup', headers: passwordConfirmed });
  expect(setup.statusCode).toBe(200);
  const confirm = (payload: object) =>
    call('/api/admins/2fa/confirm', { method: 'POST', url: '/api/admins/2fa/confirm', headers: passwordConfirmed, payload });
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

  const atLogin = (payload: object) => call('/api/admins/login/2fa/setup', { method: 'POST', url: '/api/admins/login/2fa/setup', payload });
  expect((await atLogin({ challenge: 'forged' })).statusCode).toBe(401);
  expect((await atLogin({})).statusCode).toBe(400);
  const [{ _id: editorId }] = (await t.app.inject({ method: 'GET', url: '/api/admins', headers: auth() }))
    .json()
    .data.filter((row: { email: string }) => row.email === EDITOR.email);
  const enrol = await issueAccountToken(t.services.database.db, editorId, 'enrol', 900);
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
  // the inbox list is every account's (its own enquiries: own-enquiries.test.ts); the CSV of all of them is not
  expect((await call('/api/user/export', { method: 'GET', url: '/api/user/export', headers: auth(editor) })).statusCode).toBe(403);
  expect((await call('/api/backup/summary', { method: 'GET', url: '/api/backup/summary', headers: auth(editor) })).statusCode).toBe(403);
  expect((await call('/api/backup', { method: 'GET', url: '/api/backup', headers: auth(editor) })).statusCode).toBe(403);
  expect((await call('/api/backup', { method: 'GET', url: '/api/backup', headers: auth() })).statusCode).toBe(403);
}

/** sessions: list, end one, end the others */
export async function sessions(api: OpenApiHarness): Promise<void> {
  const { t, call, auth } = api;
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
  const keepAlive = (headers: Record<string, string>) =>
    call('/api/admins/session/keepalive', { method: 'POST', url: '/api/admins/session/keepalive', headers });
  expect((await keepAlive(auth(spare))).statusCode).toBe(200);
  expect((await keepAlive({})).statusCode).toBe(401);
  api.token = await t.login();
}
