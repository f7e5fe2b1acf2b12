/**
 * PostgreSQL going away, seen from the site: the connection to a real server is cut (stopped) or
 * silenced (frozen) by a proxy on loopback. Requests that need the database answer 503 with
 * Retry-After within 2 s, cached public lists keep being served, and the site comes back by itself.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy';
import { makeImage, multipart } from '../test/test-images';
import { createTestApp, type TestApp } from '../test/test-app';

const OUTAGE_REPLY_MS = 2_000;

describe('PostgreSQL outage', () => {
  let proxy: FaultProxy;
  let t: TestApp;
  let auth: { authorization: string };
  const logStream = new PassThrough();
  let logged = '';
  logStream.on('data', (chunk: Buffer) => (logged += chunk.toString()));

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startFaultProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(target);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    t = await createTestApp({}, undefined, { databaseUrl: proxied.toString(), logStream });
    auth = { authorization: `Bearer ${await t.login()}` };
    const body = multipart({ title: 'Cached before the outage' }, [{ field: 'image', data: await makeImage() }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/property', ...body, headers: { ...body.headers, ...auth } })).statusCode).toBe(
      201,
    );
    expect((await t.app.inject('/api/property')).statusCode).toBe(200); // now cached
  });
  afterAll(async () => {
    await proxy.resume();
    await t.close();
    await proxy.close();
  });

  /** Every request that needs the database, with what it must answer during an outage. */
  const needsDatabase = (uncachedList: string) => [
    t.app.inject(uncachedList),
    t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { name: 'Asha', email: 'asha@example.com', number: '9876543210', message: 'Call me' },
    }),
    t.app.inject({ method: 'GET', url: '/api/user', headers: auth }), // admin read (and the token check)
    t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { email: 'admin@example.com', password: 'whatever-password' } }),
  ];

  /** Each test reads a list nobody read before, so it is not in the cache. */
  const expectUnavailable = async (uncachedList: string) => {
    const started = Date.now();
    const replies = await Promise.all(needsDatabase(uncachedList));
    const elapsed = Date.now() - started;
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBe(503);
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
      expect(reply.json()).toEqual({ success: false, message: apiMessages.databaseUnavailable });
    }
    expect(elapsed).toBeLessThan(OUTAGE_REPLY_MS);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    const cached = await t.app.inject('/api/property');
    expect(cached.statusCode).toBe(200);
    expect(cached.json()[0].title).toBe('Cached before the outage');
  };

  const expectRecovered = async (uncachedList: string) => {
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 10_000) {
      status = (await t.app.inject(uncachedList)).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    for (const reply of await Promise.all(needsDatabase(uncachedList))) expect(reply.statusCode, reply.body).toBeLessThan(500);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  };

  it('answers 503 with Retry-After within 2 s while PostgreSQL is stopped, and recovers without a restart', async () => {
    await proxy.stop();
    await expectUnavailable('/api/clients');
    await proxy.resume();
    await expectRecovered('/api/clients');
  });

  it('answers 503 with Retry-After within 2 s while PostgreSQL is frozen, and recovers without a restart', async () => {
    proxy.freeze();
    await expectUnavailable('/api/solution');
    await expectUnavailable('/api/experience'); // again, with the pool's connections already stuck
    await proxy.resume();
    await expectRecovered('/api/solution');
  });

  it("logs the failures without the visitors' data the failed queries carried", () => {
    expect(logged).toContain('request failed: 503');
    for (const personal of ['Asha', 'asha@example.com', '9876543210', 'Call me']) expect(logged).not.toContain(personal);
  });
});
