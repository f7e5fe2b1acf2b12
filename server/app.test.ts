/** Malformed requests get a 4xx in the one error shape; public reads are cached with ETags; data survives a restart. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../shared/api-messages';
import { createTestApp, TEST_ADMIN, type TestApp } from './test/test-app';
import { makeImage, multipart } from './test/test-images';

describe('bad requests', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(() => t.close());

  const expectClientError = (reply: { statusCode: number; body: string; json(): unknown }, status: number, message: string) => {
    expect(reply.statusCode).toBe(status);
    expect(reply.json()).toEqual({ success: false, message });
    expect(reply.body).not.toMatch(/at \w+ \(|node_modules|stack/i);
  };

  it('malformed JSON', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expectClientError(reply, 400, apiMessages.invalidJson);
  });

  it('wrong content type', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/user', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expectClientError(reply, 415, apiMessages.unsupportedType);
  });

  it('oversized body', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/user', payload: { message: 'x'.repeat(2 * 1024 * 1024) } });
    expectClientError(reply, 413, apiMessages.bodyTooLarge);
  });

  it('multipart without a boundary, and truncated multipart', async () => {
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/property',
      headers: { ...auth, 'content-type': 'multipart/form-data' },
      payload: 'abc',
    });
    expect(noBoundary.statusCode).toBe(400);
    const body = multipart({ title: 'Cut short' }, [{ field: 'image', data: await makeImage() }]);
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/property',
      headers: { ...body.headers, ...auth },
      payload: body.payload.subarray(0, body.payload.length - 300),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().success).toBe(false);
    expect((await t.app.inject('/api/property')).json()).toEqual([]);
  });

  it('unknown API paths and methods', async () => {
    expectClientError(await t.app.inject('/api/nothing-here'), 404, apiMessages.notFound);
    expectClientError(
      await t.app.inject({ method: 'PATCH', url: '/api/banners/00000000-0000-4000-8000-000000000000', headers: auth }),
      404,
      apiMessages.notFound,
    );
  });
});

describe('public read cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 304 for a matching ETag and a new ETag after a write', async () => {
    const first = await t.app.inject('/api/banners');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await t.app.inject({ url: '/api/banners', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const body = multipart({ title: 'Fresh banner' }, [{ field: 'image', data: await makeImage() }]);
    await t.app.inject({
      method: 'POST',
      url: '/api/banners',
      ...body,
      headers: { ...body.headers, authorization: `Bearer ${await t.login()}` },
    });
    const after = await t.app.inject({ url: '/api/banners', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json()[0].title).toBe('Fresh banner');
    expect(after.headers.etag).not.toBe(etag);
  });
});

describe('restart', () => {
  it('keeps records, files, admins and sessions', async () => {
    const t = await createTestApp();
    const token = await t.login();
    const body = multipart({ title: 'Survives restarts' }, [{ field: 'image', data: await makeImage() }]);
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/property', ...body, headers: { ...body.headers, authorization: `Bearer ${token}` } })
    ).json().data;
    await t.app.inject({ method: 'POST', url: '/api/user', payload: { name: 'A', email: 'a@b.co', number: '98450 12345', message: 'Hi' } });
    await t.stop();

    const again = await t.restart();
    try {
      expect((await again.app.inject('/api/property')).json()).toEqual([created]);
      expect((await again.app.inject(created.image)).statusCode).toBe(200);
      const messages = await again.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
      expect(messages.statusCode).toBe(200);
      expect(messages.json().data).toHaveLength(1);
      const login = await again.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
      expect(login.statusCode).toBe(200);
    } finally {
      await again.close();
    }
  });
});

describe('compressed public lists', () => {
  it('serves br and gzip bodies that decode to the plain list', async () => {
    const zlib = await import('node:zlib');
    const t = await createTestApp();
    try {
      const token = await t.login();
      for (let i = 0; i < 3; i++) {
        const body = multipart(
          { title: `Banner ${i} ${'with a long description '.repeat(20)}`.slice(0, 200), description: 'x'.repeat(900) },
          [{ field: 'image', data: await makeImage() }],
        );
        await t.app.inject({
          method: 'POST',
          url: '/api/banners',
          ...body,
          headers: { ...body.headers, authorization: `Bearer ${token}` },
        });
      }
      const plain = await t.app.inject('/api/banners');
      const br = await t.app.inject({ url: '/api/banners', headers: { 'accept-encoding': 'gzip, br' } });
      const gzip = await t.app.inject({ url: '/api/banners', headers: { 'accept-encoding': 'gzip, br;q=0' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(br.headers.etag).toBe(plain.headers.etag);
    } finally {
      await t.close();
    }
  });
});
