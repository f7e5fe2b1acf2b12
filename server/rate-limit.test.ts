/**
 * Per-address limits counted in the database: one contact count for /api/user and the form posted
 * to /contact, the login limit per address, and which address counts behind a proxy (TRUST_PROXY).
 */
import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../shared/api-messages';
import { contactServerMessages } from '../shared/contact';
import { buildApp } from './app';
import { rateLimits } from './db/schema';
import type { TrustProxy } from './env';
import { createTestApp, TEST_ADMIN, type TestApp } from './test/test-app';

const message = { name: 'Asha Rao', email: 'asha@example.com', number: '+91 98450 12345', message: 'Please call me about a kitchen.' };
const formBody = (values: Record<string, string>) => new URLSearchParams(values).toString();

async function storedMessages(t: TestApp): Promise<number> {
  return (await t.services.inbox.list({ page: 1, limit: 100 })).total;
}

describe('one contact count per address for /api/user and /contact', () => {
  let t: TestApp;
  let web: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ contactRateLimit: 5, contactRateWindowMs: 60_000 });
    // the form posted without JavaScript is served by the web app (needs `npm run build`, which `npm test` runs first)
    web = await buildApp({ services: t.services, web: 'production' });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await t.close();
  });

  const viaApi = (remoteAddress: string, payload: object = message) =>
    web.inject({ method: 'POST', url: '/api/user', remoteAddress, payload });
  const viaForm = (remoteAddress: string, values: Record<string, string> = message) =>
    web.inject({
      method: 'POST',
      url: '/contact',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(values),
    });

  it('lets 5 posts spread over both routes through, refuses the 6th on either, and not another address', async () => {
    const address = '203.0.113.7';
    const sent = [await viaApi(address), await viaForm(address), await viaApi(address), await viaForm(address), await viaForm(address)];
    expect(sent.map((reply) => reply.statusCode)).toEqual([201, 303, 201, 303, 303]);
    expect(await storedMessages(t)).toBe(5);

    for (const sixth of [await viaApi(address), await viaForm(address)]) {
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ success: false, message: contactServerMessages.tooMany, errors: [] });
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    expect(await storedMessages(t)).toBe(5);

    expect((await viaForm('203.0.113.8')).statusCode).toBe(303);
    expect((await viaApi('203.0.113.8')).statusCode).toBe(201);
    expect(await storedMessages(t)).toBe(7);
  });

  it('counts concurrent posts exactly', async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? viaApi('203.0.113.9') : viaForm('203.0.113.9'))));
    expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(7);
  });

  it('refuses a NUL byte in the form posted to /contact and stores nothing', async () => {
    const before = await storedMessages(t);
    const reply = await viaForm('203.0.113.10', { ...message, name: 'Asha\u0000' });
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain(apiMessages.textHasNul('Name'));
    expect(await storedMessages(t)).toBe(before);
  });

  it('starts a window again once it has ended', async () => {
    const address = '203.0.113.11';
    for (let i = 0; i < 5; i++) expect((await viaApi(address)).statusCode).toBe(201);
    expect((await viaApi(address)).statusCode).toBe(429);
    // the window runs out (moved into the past rather than waiting a minute)
    await t.services.database.db
      .update(rateLimits)
      .set({ resetsAt: new Date(Date.now() - 1000) })
      .where(lt(rateLimits.count, 1000));
    expect((await viaApi(address)).statusCode).toBe(201);
  });
});

describe('login attempts per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: 3, loginRateWindowMs: 60_000, loginMaxFailures: 100 });
  });
  afterAll(() => t.close());

  const attempt = (remoteAddress: string, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/admins/login', remoteAddress, payload: { email, password: 'wrong password' } });

  it('refuses the 4th attempt from one address over any emails, with Retry-After, and not another address', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('198.51.100.1', `user${i}@example.com`)).statusCode).toBe(401);
    const limited = await attempt('198.51.100.1', 'user9@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: apiMessages.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await t.app.inject({ method: 'POST', url: '/api/admins/login', remoteAddress: '198.51.100.2', payload: TEST_ADMIN });
    expect(other.statusCode).toBe(200);
  });
});

describe('ended windows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are deleted now and then, so the table does not grow without bound', async () => {
    const db = t.services.database.db;
    await db.insert(rateLimits).values([
      { key: 'login:192.0.2.1', count: 3, resetsAt: new Date(Date.now() - 60_000) },
      { key: 'contact:192.0.2.2', count: 1, resetsAt: new Date(Date.now() - 1000) },
      { key: 'contact:192.0.2.4', count: 1, resetsAt: new Date(Date.now() + 60_000) },
    ]);
    await t.app.inject({ method: 'POST', url: '/api/admins/login', remoteAddress: '192.0.2.3', payload: TEST_ADMIN });
    expect((await db.select().from(rateLimits)).map((row) => row.key).sort()).toEqual(['contact:192.0.2.4', 'login:192.0.2.3']);
  });
});

/** The address a proxy appended is the last X-Forwarded-For entry; a visitor controls the ones before it. */
describe.each<[string, TrustProxy]>([
  ['one proxy hop', 1],
  ['a proxy address list', ['10.0.0.1']],
])('TRUST_PROXY as %s', (_name, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy, contactRateLimit: 2, loginRateLimit: 2, loginMaxFailures: 100 });
  });
  afterAll(() => t.close());

  const viaProxy = (url: string, forwardedFor: string, payload: object) =>
    t.app.inject({ method: 'POST', url, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': forwardedFor }, payload });

  it('counts the address the proxy appended, however the visitor rotates the leftmost value', async () => {
    for (const [url, payload] of [
      ['/api/user', message],
      ['/api/admins/login', { email: 'who@example.com', password: 'wrong password' }],
    ] as const) {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await viaProxy(url, `192.0.2.${i}, 198.51.100.20`, payload)).statusCode);
      expect(statuses.slice(2)).toEqual([429, 429, 429]);
      // another visitor behind the same proxy has a count of their own
      expect((await viaProxy(url, '198.51.100.21', payload)).statusCode).not.toBe(429);
    }
  });
});

describe('TRUST_PROXY as a proxy address list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['10.0.0.1'], contactRateLimit: 2 });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from a client that is not a listed proxy', async () => {
    const post = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user',
        remoteAddress: '198.51.100.50',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: message,
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(`192.0.2.${i}, 198.51.100.${60 + i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 429, 429]);
  });
});

describe('TRUST_PROXY unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: false, contactRateLimit: 2 });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For entirely: the connection address counts', async () => {
    const post = (forwardedFor: string, remoteAddress = '198.51.100.40') =>
      t.app.inject({ method: 'POST', url: '/api/user', remoteAddress, headers: { 'x-forwarded-for': forwardedFor }, payload: message });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(`192.0.2.${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect((await post('192.0.2.1, 198.51.100.41')).statusCode).toBe(429);
    expect((await post('198.51.100.40', '198.51.100.41')).statusCode).toBe(201);
  });
});
