/** Admin login, tokens and accounts: every way in without valid credentials is closed. */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { loadSigningSecret, signToken } from './tokens';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('login and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/admins/me', headers: authorization ? { authorization } : {} });

  it('logs in with the spec reply: token and admin.email', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, admin: { email: TEST_ADMIN.email } });
    expect((await me(`Bearer ${reply.json().token}`)).json()).toEqual({
      success: true,
      admin: {
        email: TEST_ADMIN.email,
        role: 'admin',
        permissions: ['content', 'enquiries', 'settings', 'accounts', 'activity'],
        twoFactor: false,
        recoveryCodesLeft: 0,
        twoFactorRequired: false,
      },
    });
  });

  it('answers a wrong password and an unknown email with the same message', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { ...TEST_ADMIN, password: 'nope' } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admins/login',
      payload: { email: 'who@example.com', password: 'nope' },
    });
    for (const reply of [wrong, unknown]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ success: false, message: apiMessages.invalidLogin });
    }
  });

  it('asks for both fields', async () => {
    for (const payload of [{}, { email: TEST_ADMIN.email }, { email: ' ', password: 'x' }, { email: ['a'], password: {} }]) {
      const reply = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(apiMessages.loginRequired);
    }
  });

  it('refuses forged, foreign-key, alg:none and expired tokens', async () => {
    const token = await t.login();
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const tampered = `${header}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${token.split('.')[2]}`;
    for (const bad of [foreign, algNone, tampered, 'garbage', `${token}x`]) {
      const reply = await me(`Bearer ${bad}`);
      expect(reply.statusCode).toBe(401);
      expect(reply.json().success).toBe(false);
    }
    const secret = await loadSigningSecret(t.services.database.db);
    const expired = await signToken(secret, { adminId: claims.sub, sessionId: claims.sid }, new Date(Date.now() - 60_000));
    const reply = await me(`Bearer ${expired}`);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe(apiMessages.sessionExpired);
  });

  it('ends the session at logout', async () => {
    const token = await t.login();
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/admins/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('ends every session on a password change and takes the new password', async () => {
    const first = await t.login();
    const second = await t.login();
    const auth = { authorization: `Bearer ${first}` };
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/admins/password',
      headers: auth,
      payload: { currentPassword: TEST_ADMIN.password, newPassword: 'short' },
    });
    expect(short.json().errors).toEqual([apiMessages.passwordTooShort]);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admins/password',
      headers: auth,
      payload: { currentPassword: 'nope', newPassword: 'a much longer password' },
    });
    expect(wrong.json().errors).toEqual([apiMessages.passwordWrong]);
    const newPassword = 'another long password 42';
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admins/password',
      headers: auth,
      payload: { currentPassword: TEST_ADMIN.password, newPassword },
    });
    expect(ok.statusCode).toBe(200);
    for (const token of [first, second]) expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admins/login',
      payload: { email: TEST_ADMIN.email, password: newPassword },
    });
    expect(login.statusCode).toBe(200);
    await t.services.auth.accounts.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
  });

  it('stores passwords as argon2id hashes at OWASP parameters', async () => {
    const [row] = await t.services.database.db.query.admins.findMany({ limit: 1 });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('lets an admin add and remove another admin, but not themselves', async () => {
    const auth = await stepUpHeaders(t.app, await t.login());
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: auth,
      payload: { email: 'Second@Example.com', password: 'second admin password' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.email).toBe('second@example.com');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: auth,
      payload: { email: 'second@example.com', password: 'second admin password' },
    });
    expect(again.statusCode).toBe(409);
    const list = await t.app.inject({ method: 'GET', url: '/api/admins', headers: auth });
    expect(list.json().data.map((a: { email: string }) => a.email)).toEqual([TEST_ADMIN.email, 'second@example.com']);
    const self = list.json().data[0]._id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admins/${self}`, headers: auth })).json().message).toBe(
      apiMessages.cannotDeleteSelf,
    );
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admins/${added.json().data._id}`, headers: auth });
    expect(removed.statusCode).toBe(200);
    for (const url of ['/api/admins', '/api/user']) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('lockout and address limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 3, loginLockMinutes: 10, loginRateLimit: 8 });
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { email, password } });

  it('locks an account after repeated failures, even for the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(TEST_ADMIN.email, 'wrong')).statusCode).toBe(401);
    const locked = await attempt(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ success: false, message: apiMessages.accountLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(500);
  });

  it('locks unknown emails the same way, so lockout reveals nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('ghost@example.com', 'wrong')).json().message).toBe(apiMessages.invalidLogin);
    expect((await attempt('ghost@example.com', 'wrong')).statusCode).toBe(429);
  });

  it('limits login attempts per address', async () => {
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await attempt(`other${i}@example.com`, 'wrong'));
    const limited = replies.at(-1)!;
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: apiMessages.tooManyRequests });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('removing admins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const loginAs = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { email, password } })).json().token as string;
  const remove = async (token: string, id: string, password = TEST_ADMIN.password) =>
    t.app.inject({ method: 'DELETE', url: `/api/admins/${id}`, headers: await stepUpHeaders(t.app, token, { password }) });
  const adminIds = async () => (await t.services.auth.accounts.listAdmins()).map((admin) => admin._id);

  it("refuses one's own id in upper case", async () => {
    const [self] = await adminIds();
    const reply = await remove(await t.login(), self.toUpperCase());
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ success: false, message: apiMessages.cannotDeleteSelf });
    expect(await adminIds()).toEqual([self]);
  });

  it('answers 400 for ids of 36 characters that are not UUIDs, and 404 for an unknown UUID', async () => {
    const token = await t.login();
    for (const id of [
      'x'.repeat(36),
      '-'.repeat(36),
      'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
      '0123456789abcdef0123456789abcdef0123',
      '0000000-00000-4000-8000-0000000000000',
    ]) {
      const reply = await remove(token, id);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ success: false, message: apiMessages.invalidId });
    }
    const unknown = await remove(token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('never leaves no admin when two admins remove each other at once', async () => {
    const second = await t.services.auth.accounts.addAdmin('second@example.com', 'second admin password');
    const [first] = await adminIds();
    // both confirmed their password first, then remove each other at the same moment
    const headers = [
      await stepUpHeaders(t.app, await t.login()),
      await stepUpHeaders(t.app, await loginAs('second@example.com', 'second admin password'), { password: 'second admin password' }),
    ];
    const replies = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/admins/${second._id}`, headers: headers[0] }),
      t.app.inject({ method: 'DELETE', url: `/api/admins/${first}`, headers: headers[1] }),
    ]);
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    expect(await adminIds()).toHaveLength(1);
  });

  it('refuses to remove the last admin, however the removals interleave', async () => {
    const [first] = await adminIds();
    const second = await t.services.auth.accounts.addAdmin('third@example.com', 'third admin password');
    const results = await Promise.allSettled([
      t.services.auth.accounts.removeAdmin(second._id, first),
      t.services.auth.accounts.removeAdmin(first, second._id),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === 'rejected');
    expect(refused.reason).toMatchObject({ statusCode: 409, message: apiMessages.lastAdmin });
    expect(await adminIds()).toHaveLength(1);
  });
});
