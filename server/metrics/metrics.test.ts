/** /metrics: absent without METRICS_TOKEN (an unknown path), refused without the token, Prometheus text with it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { buildApp } from '../app';
import { createTestApp, usingPostgres, type TestApp } from '../test/test-app';
import { UNMATCHED_ROUTE } from './metrics';

const TOKEN = 'metrics-test-token';
const withToken = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line, e.g. `cache_lookups_total{cache="list",result="hit"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: undefined });
  });
  afterAll(() => t.close());

  it('is not found, with or without a token', async () => {
    for (const headers of [{}, withToken]) {
      const reply = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ success: false, message: apiMessages.notFound });
    }
  });

  // needs the built front end (`npm run build`), as the README says the site answers
  it('is an unknown page where the site is served: the redirect to /, as the README says', async () => {
    const web = await buildApp({ services: t.services, web: 'production' });
    try {
      for (const headers of [{}, withToken]) {
        const reply = await web.inject({ method: 'GET', url: '/metrics', headers });
        expect(reply.statusCode).toBe(302);
        expect(reply.headers.location).toBe('/');
      }
    } finally {
      await web.close();
    }
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/metrics', headers: withToken });
    expect(reply.statusCode).toBe(200);
    return reply.body;
  };
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  it('refuses a request without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ']) {
      const reply = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ success: false, message: apiMessages.unauthorized });
      expect(reply.body).not.toContain('http_requests_total');
    }
  });

  it('answers Prometheus text with the token', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/metrics', headers: withToken });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.body).toMatch(/^# HELP /m);
    expect(reply.body).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'DELETE', url: '/api/gallery/not-an-id' });
    await t.app.inject({ method: 'GET', url: '/no/such/page/raw-url-marker' });
    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="GET",route="/healthz",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} [1-9]/m);
    expect(sample(text, 'http_requests_total{method="DELETE",route="/api/gallery/:id",status="401"}')).toBe(1);
    expect(sample(text, `http_requests_total{method="GET",route="${UNMATCHED_ROUTE}",status="404"}`)).toBe(1);
    expect(text).not.toContain('not-an-id');
    expect(text).not.toContain('raw-url-marker');
  });

  it('counts list cache hits and misses', async () => {
    const list = (text: string, result: string) => sample(text, `cache_lookups_total{cache="list",result="${result}"}`) ?? 0;
    const before = await scrape();
    expect(before).toMatch(/^# TYPE cache_lookups_total counter$/m);
    await t.app.inject({ method: 'GET', url: '/api/gallery' });
    await t.app.inject({ method: 'GET', url: '/api/gallery' });
    const after = await scrape();
    expect(list(after, 'miss')).toBe(list(before, 'miss') + 1);
    expect(list(after, 'hit')).toBe(list(before, 'hit') + 1);
    // no web app here: no page cache series
    expect(after).not.toContain('cache="page"');
  });

  it('reports the image queue, process memory and the database pool', async () => {
    const place = t.services.content.images.queue.admit()!;
    try {
      expect(sample(await scrape(), 'image_queue_length')).toBe(1);
    } finally {
      place.release();
    }
    const text = await scrape();
    expect(sample(text, 'image_queue_length')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    // the embedded database has one session, so one connection
    if (!usingPostgres()) expect(sample(text, 'db_pool_connections{state="total"}')).toBe(1);
  });

  it('keeps each app to its own registry', async () => {
    const other = await createTestApp({ metricsToken: TOKEN });
    try {
      await other.app.inject({ method: 'GET', url: '/readyz' });
      const reply = await other.app.inject({ method: 'GET', url: '/metrics', headers: withToken });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('route="/readyz"');
      expect(reply.body).not.toContain('route="/healthz"');
    } finally {
      await other.close();
    }
  });
});
