/**
 * Cookie sessions (decision 0018): the cookie's attributes, the cross-site check on cookie writes,
 * Bearer beside it, idle and absolute expiry, and the session list and its revocations (old sessions,
 * common passwords and device names: devices-and-passwords.test.ts).
 */
import { STEP_UP_HEADER } from '../../shared/roles';
import { stepUpHeaders } from '../test/step-up';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { adminSessions, admins } from '../db/schema';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Login {
  token: string;
  /** `name=value`, as a browser sends it back */
  cookie: string;
  setCookie: string;
}

async function login(t: TestApp, headers: Record<string, string> = {}, payload: object = TEST_ADMIN): Promise<Login> {
  const reply = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload, headers });
  expect(reply.statusCode, reply.body).toBe(200);
  const setCookie = String(reply.headers['set-cookie']);
  return { token: reply.json().token, cookie: setCookie.split(';')[0], setCookie };
}

const sessionId = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
/** What the admin screens send with a write. */
const SAME_ORIGIN = { 'x-requested-with': 'fetch', 'sec-fetch-site': 'same-origin' };

describe('the session cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { renditionWorker: false });
  });
  afterAll(() => t.close());

  const inject = (options: InjectOptions) => t.app.inject(options);
  const adminCount = async () => (await t.services.database.db.select({ id: admins.id }).from(admins)).length;

  it('is set at login: HttpOnly, SameSite=Strict, Path=/, as long as the session, not Secure over plain HTTP', async () => {
    const { token, cookie, setCookie } = await login(t);
    expect(cookie).toBe(`admin_session=${token}`);
    const attributes = setCookie.split('; ').slice(1);
    expect(attributes).toEqual(['Path=/', expect.stringMatching(/^Max-Age=\d+$/), 'HttpOnly', 'SameSite=Strict']);
    const maxAge = Number(attributes[1].slice('Max-Age='.length));
    expect(t.env.tokenTtlHours * 3600 - maxAge).toBeLessThanOrEqual(5);
    // the reply still carries the token and the admin, as the API contract says
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('alone authenticates reads', async () => {
    const { cookie } = await login(t);
    const me = await inject({ method: 'GET', url: '/api/admins/me', headers: { cookie: `theme=dark; ${cookie}; other=1` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().admin.email).toBe(TEST_ADMIN.email);
    expect(me.headers['cache-control']).toBe('private, no-store');
    expect((await inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/admins/me', headers: { cookie: 'admin_session=garbage' } })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/admins/me' })).statusCode).toBe(401);
  });

  it('does not carry a write from another site, and the write changes nothing', async () => {
    const { cookie } = await login(t);
    const before = await adminCount();
    const crossSite: Record<string, string>[] = [
      { cookie }, // no proof at all: what a cross-site form post would send, were the cookie sent
      { cookie, 'x-requested-with': 'fetch', 'sec-fetch-site': 'cross-site' },
      { cookie, 'x-requested-with': 'fetch', 'sec-fetch-site': 'same-site' },
      { cookie, 'x-requested-with': 'fetch', origin: 'https://evil.example' },
      { cookie, 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of crossSite) {
      const reply = await inject({
        method: 'POST',
        url: '/api/admins',
        headers,
        payload: { email: 'intruder@example.com', password: 'a long enough password' },
      });
      expect(reply.statusCode, JSON.stringify(headers)).toBe(403);
      expect(reply.json()).toEqual({ success: false, message: apiMessages.crossSiteRefused });
    }
    expect(await adminCount()).toBe(before);
    // nor a logout, nor the end of the other sessions
    expect((await inject({ method: 'POST', url: '/api/admins/logout', headers: { cookie } })).statusCode).toBe(403);
    expect((await inject({ method: 'POST', url: '/api/admins/sessions/revoke-others', headers: { cookie } })).statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/admins/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('carries a write from the admin screens', async () => {
    const { cookie } = await login(t);
    const screenHeaders = { cookie, ...SAME_ORIGIN, origin: t.env.publicUrl };
    // adding an account asks for the password again (decision 0019): the step-up call is a cookie write too
    const reauth = await inject({
      method: 'POST',
      url: '/api/admins/reauth',
      headers: screenHeaders,
      payload: { password: TEST_ADMIN.password },
    });
    expect(reauth.statusCode, reauth.body).toBe(200);
    const reply = await inject({
      method: 'POST',
      url: '/api/admins',
      headers: { ...screenHeaders, [STEP_UP_HEADER]: reauth.json().stepUpToken },
      payload: { email: 'cookie-added@example.com', password: 'a long enough password' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    // the Origin of PUBLIC_URL passes too
    const put = await inject({
      method: 'PUT',
      url: '/api/about-content',
      headers: { cookie, 'x-requested-with': 'fetch', origin: t.env.publicUrl },
      payload: (await inject({ method: 'GET', url: '/api/about-content' })).json().data,
    });
    expect(put.statusCode, put.body).toBe(200);
  });

  it('leaves Bearer working for scripts, with no other header, and Bearer wins over a cookie', async () => {
    const { token } = await login(t);
    const reply = await inject({
      method: 'POST',
      url: '/api/admins',
      headers: await stepUpHeaders(t.app, token),
      payload: { email: 'bearer-added@example.com', password: 'a long enough password' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const { cookie } = await login(t);
    const wrongBearer = await inject({ method: 'GET', url: '/api/admins/me', headers: { cookie, authorization: 'Bearer garbage' } });
    expect(wrongBearer.statusCode).toBe(401);
  });

  it('refuses a login another site starts, and sets no cookie', async () => {
    const reply = await inject({
      method: 'POST',
      url: '/api/admins/login',
      payload: TEST_ADMIN,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.headers['set-cookie']).toBeUndefined();
    expect((await login(t, { 'sec-fetch-site': 'same-origin' })).token).toBeTruthy();
  });

  it('is cleared at logout, and the session is over', async () => {
    const { cookie } = await login(t);
    const out = await inject({ method: 'POST', url: '/api/admins/logout', headers: { cookie, ...SAME_ORIGIN } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toBe('admin_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
    expect((await inject({ method: 'GET', url: '/api/admins/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('is cleared by a password change, which ends every session', async () => {
    const other = await login(t);
    await t.services.auth.accounts.addAdmin('changer@example.com', 'the first long password');
    const { cookie } = await login(t, {}, { email: 'changer@example.com', password: 'the first long password' });
    const reply = await inject({
      method: 'POST',
      url: '/api/admins/password',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { currentPassword: 'the first long password', newPassword: 'the second long password' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(String(reply.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await inject({ method: 'GET', url: '/api/admins/me', headers: { cookie } })).statusCode).toBe(401);
    // another admin's session is not touched
    expect((await inject({ method: 'GET', url: '/api/admins/me', headers: { cookie: other.cookie } })).statusCode).toBe(200);
  });
});

describe('the session cookie over HTTPS', () => {
  let viaUrl: TestApp;
  let viaProxy: TestApp;
  beforeAll(async () => {
    viaUrl = await createTestApp({ publicUrl: 'https://site.example' }, undefined, { renditionWorker: false });
    viaProxy = await createTestApp({ trustProxy: 1 }, undefined, { renditionWorker: false });
  });
  afterAll(async () => {
    await viaUrl?.close();
    await viaProxy?.close();
  });

  it('is Secure with the __Host- prefix when PUBLIC_URL is https, and only that name is read', async () => {
    const { token, cookie, setCookie } = await login(viaUrl);
    expect(cookie).toBe(`__Host-admin_session=${token}`);
    expect(setCookie.split('; ').slice(1)).toEqual([
      'Path=/',
      expect.stringMatching(/^Max-Age=\d+$/),
      'HttpOnly',
      'SameSite=Strict',
      'Secure',
    ]);
    expect((await viaUrl.app.inject({ method: 'GET', url: '/api/admins/me', headers: { cookie } })).statusCode).toBe(200);
    const plain = `admin_session=${token}`;
    expect((await viaUrl.app.inject({ method: 'GET', url: '/api/admins/me', headers: { cookie: plain } })).statusCode).toBe(401);
  });

  it('is Secure when the request came over https through a trusted proxy', async () => {
    const { setCookie } = await login(viaProxy, { 'x-forwarded-proto': 'https' });
    expect(setCookie).toMatch(/^__Host-admin_session=[\w.-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/);
    const { setCookie: plain } = await login(viaProxy);
    expect(plain).toMatch(/^admin_session=.*SameSite=Strict$/);
  });
});

describe('session expiry and the session list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { renditionWorker: false });
  });
  afterAll(() => t.close());

  const db = () => t.services.database.db;
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/admins/me', headers: { authorization: `Bearer ${token}` } });
  const lastSeen = async (token: string) =>
    (
      await db()
        .select({ at: adminSessions.lastSeenAt })
        .from(adminSessions)
        .where(eq(adminSessions.id, sessionId(token)))
    )[0].at;
  const lastUsedAgo = (token: string, interval: string) =>
    db()
      .update(adminSessions)
      .set({ lastSeenAt: sql`now() - ${interval}::interval` })
      .where(eq(adminSessions.id, sessionId(token)));
  const list = async (token: string) => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/admins/sessions', headers: { authorization: `Bearer ${token}` } });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data as { _id: string; device: string; address: string; startedAt: string; lastSeenAt: string; current: boolean }[];
  };

  it('ends a session idle for SESSION_IDLE_MINUTES, and keeps one used just within it', async () => {
    expect(t.env.sessionIdleMinutes).toBe(30);
    const idle = (await login(t)).token;
    const busy = (await login(t)).token;
    await lastUsedAgo(idle, '31 minutes');
    await lastUsedAgo(busy, '29 minutes');
    const reply = await me(idle);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe(apiMessages.sessionExpired);
    expect((await me(busy)).statusCode).toBe(200);
    // that use counts: the session's idle time starts again
    expect(Date.now() - (await lastSeen(busy)).getTime()).toBeLessThan(10_000);
  });

  it('writes the last-seen time at most about once a minute', async () => {
    const { token } = await login(t);
    await lastUsedAgo(token, '30 seconds');
    const before = await lastSeen(token);
    expect((await me(token)).statusCode).toBe(200);
    expect((await lastSeen(token)).getTime()).toBe(before.getTime());
    await lastUsedAgo(token, '5 minutes');
    expect((await me(token)).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen(token)).getTime()).toBeLessThan(10_000);
  });

  it('keep-alive restarts the idle period at once (within the touch interval too) and says how long is left', async () => {
    const { token, cookie } = await login(t);
    const keepAlive = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/admins/session/keepalive', headers });
    // used 30 seconds ago: an ordinary request would not write the last-seen time yet
    await lastUsedAgo(token, '30 seconds');
    const before = await lastSeen(token);
    const reply = await keepAlive({ cookie, ...SAME_ORIGIN });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ success: true, idleSeconds: t.env.sessionIdleMinutes * 60, absoluteSeconds: expect.any(Number) });
    expect(Math.abs(reply.json().absoluteSeconds - t.env.tokenTtlHours * 3600)).toBeLessThanOrEqual(10);
    expect((await lastSeen(token)).getTime()).toBeGreaterThan(before.getTime());
    // kept alive just before the idle limit, the session lives on a full idle period more
    await lastUsedAgo(token, '29 minutes 50 seconds');
    expect((await keepAlive({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    await lastUsedAgo(token, '29 minutes');
    expect((await me(token)).statusCode).toBe(200);
    // a write like the others: the cookie alone does not carry it; an ended session is not revived
    expect((await keepAlive({ cookie })).statusCode).toBe(403);
    await lastUsedAgo(token, '31 minutes');
    const ended = await keepAlive({ cookie, ...SAME_ORIGIN });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(apiMessages.sessionExpired);
    expect((await keepAlive({})).statusCode).toBe(401);
  });

  it('ends a session at its absolute limit (TOKEN_TTL_HOURS) however busy', async () => {
    const { token } = await login(t);
    expect((await me(token)).statusCode).toBe(200);
    await db()
      .update(adminSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminSessions.id, sessionId(token)));
    const reply = await me(token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe(apiMessages.sessionExpired);
  });

  it('lists one’s sessions with device, address, times and the current one marked; ends one at once; ends the others', async () => {
    // a clean slate: this admin's earlier sessions ended
    await db().update(adminSessions).set({ revoked: true });
    const phone = (await login(t, { 'user-agent': SAFARI_IPHONE })).token;
    const laptop = (await login(t, { 'user-agent': FIREFOX_WINDOWS })).token;
    const desk = (await login(t, { 'user-agent': CHROME_LINUX })).token;
    const sessions = await list(laptop);
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on Linux', 'Firefox on Windows', 'Safari on iPhone']);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Firefox on Windows']);
    for (const session of sessions) {
      expect(session.address).toBe('127.0.0.1');
      expect(Date.now() - Date.parse(session.startedAt)).toBeLessThan(60_000);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.startedAt) - 1000);
    }
    // an idle or expired session is not listed
    await lastUsedAgo(desk, '2 hours');
    expect((await list(laptop)).map((s) => s.device).sort()).toEqual(['Firefox on Windows', 'Safari on iPhone']);

    // another admin cannot end this admin's session (404, and it lives on)
    await t.services.auth.accounts.addAdmin('other@example.com', 'another long password');
    const other = (await login(t, {}, { email: 'other@example.com', password: 'another long password' })).token;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/admins/sessions/${sessionId(phone)}`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(phone)).statusCode).toBe(200);

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/admins/sessions/${sessionId(phone).toUpperCase()}`,
      headers: { authorization: `Bearer ${laptop}` },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ success: true, message: apiMessages.sessionEnded });
    const refused = await me(phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(apiMessages.sessionExpired);
    expect((await list(laptop)).map((s) => s.device)).toEqual(['Firefox on Windows']);

    // the others, all at once; this one and the other admin's stay
    const second = (await login(t, { 'user-agent': SAFARI_IPHONE })).token;
    const third = (await login(t, { 'user-agent': CHROME_LINUX })).token;
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/admins/sessions/revoke-others',
      headers: { authorization: `Bearer ${laptop}` },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ success: true, message: apiMessages.otherSessionsEnded(2), ended: 2 });
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it('ending the session in hand is a logout: its cookie is cleared', async () => {
    const { token, cookie } = await login(t);
    const reply = await t.app.inject({
      method: 'DELETE',
      url: `/api/admins/sessions/${sessionId(token)}`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(String(reply.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await me(token)).statusCode).toBe(401);
  });
});
