/**
 * Prepared replies answered before the router (early-replies.ts), over a real socket: the same status, headers
 * and bytes as Fastify's routes give the same request (app.inject never comes here), for a cached page, a
 * public list and /healthz, in each encoding, as 304 and for HEAD; each with its access-log line, its metrics
 * count and its visit (the address as Fastify reads it behind a proxy); credentials and a query go through
 * Fastify, and so does every request once the server is stopping. Needs the built front end (`npm run build`).
 */
import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { visitorHashes } from './db/schema';
import { createTestApp, type TestApp } from './test/test-app';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const METRICS_TOKEN = 'early-replies-metrics-token';
/** Written by Node for every reply on a socket, whoever answers it. */
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding'];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

let t: TestApp;
let web: FastifyInstance;
let base: string;
const logLines: string[] = [];
const answeredEarly: string[] = [];

beforeAll(async () => {
  // one proxy in front (TRUST_PROXY=1): a visitor's address is the one it forwards
  t = await createTestApp({ trustProxy: 1, metricsToken: METRICS_TOKEN }, undefined, { renditionWorker: false, mailWorker: false });
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  web = await buildApp({ services: t.services, web: 'production', logger: log });
  web.early.observe((_id, method, _route, path) => answeredEarly.push(`${method} ${path}`));
  await web.listen({ port: 0, host: '127.0.0.1' });
  const address = web.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await web?.close();
  await t?.close();
});

/** A request over the socket, its body as sent (not decoded). */
function overSocket(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(base + path, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const kept = Object.entries(res.headers).filter(([name]) => !CONNECTION_HEADERS.includes(name));
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(kept.map(([name, value]) => [name, String(value)])),
            body: Buffer.concat(chunks),
          });
        });
      })
      .once('error', reject)
      .end();
  });
}

/** The same request through Fastify's router. */
async function throughRouter(method: 'GET' | 'HEAD', path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const reply = await web.inject({ method, url: path, headers });
  const kept = Object.entries(reply.headers).filter(([name]) => !CONNECTION_HEADERS.includes(name));
  return {
    status: reply.statusCode,
    headers: Object.fromEntries(kept.map(([name, value]) => [name, String(value)])),
    body: reply.rawPayload,
  };
}

describe('a prepared reply answered before the router', () => {
  it('is the reply Fastify’s route gives, header for header and byte for byte, in every encoding, as 304 and for HEAD', async () => {
    // made ready through the routes: the page rendered and kept, the list loaded
    for (const path of ['/', '/gallery', '/api/gallery']) expect((await throughRouter('GET', path)).status).toBe(200);
    const etags = new Map<string, string>();
    for (const path of ['/', '/gallery', '/api/gallery', '/healthz']) {
      for (const encoding of ['br', 'gzip', 'gzip, deflate, br', 'identity', '']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const early = await overSocket('GET', path, headers);
        expect(early.status, path).toBe(200);
        expect(early, `${path} (${encoding || 'no Accept-Encoding'})`).toEqual(await throughRouter('GET', path, headers));
        etags.set(path, early.headers.etag);
      }
      const head = await overSocket('HEAD', path, { 'accept-encoding': 'gzip' });
      expect(head, `HEAD ${path}`).toEqual(await throughRouter('HEAD', path, { 'accept-encoding': 'gzip' }));
    }
    for (const path of ['/', '/gallery', '/api/gallery']) {
      const headers = { 'if-none-match': etags.get(path) ?? '', 'accept-encoding': 'gzip' };
      const notModified = await overSocket('GET', path, headers);
      expect(notModified.status).toBe(304);
      expect(notModified, `304 ${path}`).toEqual(await throughRouter('GET', path, headers));
    }
    // every one of those socket requests was answered here (a page's own headers say it is shared, the probe's that it is not)
    expect(answeredEarly).toHaveLength(4 * 5 + 4 + 3);
    expect((await overSocket('GET', '/')).headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect((await overSocket('GET', '/healthz')).headers['cache-control']).toBe('private, no-store');
  });

  it('writes one access-log line each, with an id of its own, and is counted in the metrics under its route', async () => {
    const scrape = async () => {
      const text = (await web.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
      const count = (route: string) =>
        Number(
          new RegExp(`^http_requests_total\\{method="GET",route="${route.replace('*', '\\*')}",status="200"\\} (\\d+)$`, 'm').exec(
            text,
          )?.[1] ?? 0,
        );
      return { pages: count('/*'), list: count('/api/gallery'), probe: count('/healthz') };
    };
    const counted = await scrape();
    answeredEarly.length = 0;
    const before = logLines.length;
    await overSocket('GET', '/gallery', { 'accept-encoding': 'gzip' });
    await overSocket('GET', '/api/gallery', { 'accept-encoding': 'gzip' });
    await overSocket('GET', '/healthz');
    await throughRouter('GET', '/healthz');
    expect(answeredEarly).toEqual(['GET /gallery', 'GET /api/gallery', 'GET /healthz']);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the logger's stream is written asynchronously
    const requests = logLines
      .slice(before)
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'request' && line.path !== '/metrics');
    expect(requests.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/gallery', status: 200 },
      { method: 'GET', path: '/api/gallery', status: 200 },
      { method: 'GET', path: '/healthz', status: 200 },
      { method: 'GET', path: '/healthz', status: 200 },
    ]);
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(4);
    for (const line of requests) expect(line.ms).toBeGreaterThanOrEqual(0);
    expect(await scrape()).toEqual({ pages: counted.pages + 1, list: counted.list + 1, probe: counted.probe + 2 });
  });

  it('counts a visitor’s view, by the address the proxy forwards, as the router counts it', async () => {
    const visit = (path: string, forwardedFor: string) =>
      overSocket('GET', path, { 'user-agent': BROWSER, 'x-forwarded-for': forwardedFor, 'accept-encoding': 'gzip' });
    answeredEarly.length = 0;
    await visit('/gallery', '198.51.100.1');
    await visit('/gallery', '198.51.100.1');
    await visit('/gallery', '198.51.100.2');
    expect(answeredEarly).toHaveLength(3);
    // the same visitor through the router (a query sends it there): not a third visitor
    const routed = await visit('/gallery?utm_source=leaflet', '198.51.100.2');
    expect(routed.status).toBe(200);
    expect(answeredEarly).toHaveLength(3);
    await t.services.visits?.flush();
    expect(await t.services.database.db.select().from(visitorHashes)).toHaveLength(2);
  });

  it('leaves a request with credentials, a query or a page not kept yet to Fastify', async () => {
    answeredEarly.length = 0;
    const withCredentials = await overSocket('GET', '/', { authorization: 'Bearer not-a-token' });
    expect(withCredentials.status).toBe(200);
    expect(withCredentials.headers['cache-control']).toBe('private, no-store');
    expect((await overSocket('GET', '/gallery?utm_source=leaflet')).status).toBe(200);
    // a page not kept yet: rendered by the route (and kept for the next request)
    expect((await overSocket('GET', '/about')).status).toBe(200);
    expect((await overSocket('POST', '/healthz')).status).toBe(404);
    expect(answeredEarly).toEqual([]);
  });

  it('is off once the server begins to stop (Fastify then answers what is left, with Connection: close)', async () => {
    const probe = () => {
      const req = new http.IncomingMessage(new net.Socket());
      Object.assign(req, { method: 'GET', url: '/healthz' });
      return web.early.answer(req, new http.ServerResponse(req));
    };
    expect(probe()).toBe(true);
    await web.close();
    expect(probe()).toBe(false);
  });
});
