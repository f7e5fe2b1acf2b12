/**
 * The header set of every kind of reply: what a shared cache may keep (public pages, public lists,
 * images) and what no cache may keep (admin pages, a staff preview, replies to a signed-in person or
 * that sign someone in, form replies), with Vary and ETag/304, and the security headers on all of them.
 * Needs the built front end (`npm run build`).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../shared/resources';
import { buildApp } from './app';
import { readEnv } from './env';
import { PERSONAL, SECURITY_HEADERS } from './reply-headers';
import { sampleFields } from './test/sample-records';
import { createTestApp, TEST_ADMIN, type TestApp } from './test/test-app';
import { makeImage, multipart } from './test/test-images';

/** The settings this test runs with, so each header names them. */
const CACHE = { cacheSharedSeconds: 120, cacheStaleSeconds: 45 };
const SHARED = 'public, max-age=0, s-maxage=120, stale-while-revalidate=45';
const IMAGE = 'public, max-age=31536000, immutable, s-maxage=120, stale-while-revalidate=45';
const def = resources.gallery;

/** Every security header, as on every reply (pages set a referrer policy of their own). */
function expectSecurityHeaders(reply: LightMyRequestResponse, label: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (name === 'referrer-policy' && String(reply.headers['content-type']).startsWith('text/html')) continue;
    expect(reply.headers[name], `${label}: ${name}`).toBe(value);
  }
  expect(reply.headers['content-security-policy'], label).toBeTruthy();
}

describe('reply headers by kind', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let bearer: { authorization: string };
  let cookie: { cookie: string };
  let item: { _id: string; images: { url: string }[] };

  beforeAll(async () => {
    t = await createTestApp(CACHE);
    web = await buildApp({ services: t.services, web: 'production' });
    const login = await web.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
    bearer = { authorization: `Bearer ${login.json().token}` };
    cookie = { cookie: String(login.headers['set-cookie']).split(';')[0] };
    const body = multipart(sampleFields(def, 'headers'), [{ field: def.image.field, data: await makeImage('jpeg', 800, 600) }]);
    const created = await web.inject({ method: 'POST', url: `/api/${def.path}`, ...body, headers: { ...body.headers, ...bearer } });
    expect(created.statusCode, created.body).toBe(201);
    item = created.json().data;
  });
  afterAll(async () => {
    await web?.close();
    await t?.stop();
  });

  it('public pages: kept by a shared cache for CACHE_SHARED_SECONDS, stale for CACHE_STALE_SECONDS, by encoding; 304 by ETag', async () => {
    for (const url of ['/', '/gallery', '/about']) {
      const reply = await web.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe(SHARED);
      expect(reply.headers.vary, url).toBe('Accept-Encoding');
      expect(reply.headers['content-encoding'], url).toBe('gzip');
      expectSecurityHeaders(reply, url);
      const again = await web.inject({ url, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(reply.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.headers['cache-control'], url).toBe(SHARED);
      expect(again.headers.etag, url).toBe(reply.headers.etag);
    }
    // a visitor's own cookies (analytics, consent) do not make the page theirs: it reads none
    const withCookie = await web.inject({ url: '/', headers: { cookie: 'consent=yes' } });
    expect(withCookie.headers['cache-control']).toBe(SHARED);
    // a page with no such record is asked again each time
    const missing = await web.inject('/project/exterior/nothing-here');
    expect(missing.headers['cache-control']).not.toContain('public');
  });

  it('public lists: kept by a shared cache, by encoding; 304 by ETag', async () => {
    const reply = await web.inject({ url: `/api/${def.path}`, headers: { 'accept-encoding': 'gzip' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe(SHARED);
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expectSecurityHeaders(reply, 'list');
    const again = await web.inject({ url: `/api/${def.path}`, headers: { 'if-none-match': String(reply.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(SHARED);
  });

  it('images: a year in a browser, as long as a page in a shared cache', async () => {
    const reply = await web.inject(item.images[0].url);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe(IMAGE);
    expectSecurityHeaders(reply, 'image');
  });

  it('admin pages, signed in or not: for one person', async () => {
    for (const headers of [{}, cookie]) {
      const reply = await web.inject({ url: '/admin/login', headers });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe(PERSONAL);
      expectSecurityHeaders(reply, 'admin page');
    }
  });

  it("a staff preview, and a preview link a visitor follows: for one person (the visitor's page is the public one)", async () => {
    await web.inject({ method: 'PATCH', url: `/api/${def.path}/${item._id}/visibility`, headers: bearer, payload: { hidden: true } });
    const preview = await web.inject({ url: `/gallery?preview=${item._id}`, headers: cookie });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe(PERSONAL);
    const visitor = await web.inject(`/gallery?preview=${item._id}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe(PERSONAL);
    expect(visitor.body).toBe((await web.inject('/gallery')).body);
    // the hidden item's image: staff only, kept by no cache
    expect((await web.inject({ url: item.images[0].url, headers: cookie })).headers['cache-control']).toBe(PERSONAL);
    await web.inject({ method: 'PATCH', url: `/api/${def.path}/${item._id}/visibility`, headers: bearer, payload: { hidden: false } });
  });

  it('API replies with a session (cookie or Bearer), a public list asked with Authorization, a sign-in: for one person', async () => {
    const replies = {
      'me by cookie': await web.inject({ url: '/api/admins/me', headers: cookie }),
      'me by Bearer': await web.inject({ url: '/api/admins/me', headers: bearer }),
      'staff list': await web.inject({ url: `/api/${def.path}/manage`, headers: bearer }),
      'public list with Authorization': await web.inject({ url: `/api/${def.path}`, headers: bearer }),
      'refused session': await web.inject({ url: '/api/admins/me', headers: { cookie: 'admin_session=forged' } }),
      'sign-in': await web.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN }),
    };
    for (const [label, reply] of Object.entries(replies)) {
      expect(reply.headers['cache-control'], label).toBe(PERSONAL);
      expectSecurityHeaders(reply, label);
    }
    expect(replies['sign-in'].headers['set-cookie']).toBeTruthy();
  });

  it('the contact form and its action: for one person', async () => {
    const form = { name: 'Asha Rao', email: 'asha@example.com', number: '+91 98450 00000', message: 'Hello there' };
    const action = await web.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(action.statusCode).toBeLessThan(400);
    expect(action.headers['cache-control']).toBe(PERSONAL);
    const api = await web.inject({ method: 'POST', url: '/api/user', payload: form });
    expect(api.statusCode).toBeLessThan(400);
    expect(api.headers['cache-control']).toBe(PERSONAL);
    expectSecurityHeaders(api, 'contact');
  });

  it('reads CACHE_SHARED_SECONDS and CACHE_STALE_SECONDS (10 and 30 when unset) and refuses a fraction or a word', () => {
    const saved = { shared: process.env.CACHE_SHARED_SECONDS, stale: process.env.CACHE_STALE_SECONDS };
    try {
      delete process.env.CACHE_SHARED_SECONDS;
      delete process.env.CACHE_STALE_SECONDS;
      expect(readEnv()).toMatchObject({ cacheSharedSeconds: 10, cacheStaleSeconds: 30 });
      process.env.CACHE_SHARED_SECONDS = '0';
      expect(readEnv().cacheSharedSeconds).toBe(0);
      process.env.CACHE_SHARED_SECONDS = '1.5';
      expect(() => readEnv()).toThrow(/CACHE_SHARED_SECONDS/);
      process.env.CACHE_SHARED_SECONDS = '10';
      process.env.CACHE_STALE_SECONDS = 'soon';
      expect(() => readEnv()).toThrow(/CACHE_STALE_SECONDS/);
    } finally {
      for (const [name, value] of [
        ['CACHE_SHARED_SECONDS', saved.shared],
        ['CACHE_STALE_SECONDS', saved.stale],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
