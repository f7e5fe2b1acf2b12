import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import type { LogLevel } from './logger';

describe('server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz (liveness) and /readyz (the database answers)', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const reply = await t.app.inject(url);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ status: 'ok' });
    }
  });
});

describe('access log', () => {
  const appLogging = async (logLevel: LogLevel) => {
    const stream = new PassThrough();
    const lines: Record<string, unknown>[] = [];
    stream.on('data', (chunk: Buffer) =>
      lines.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ),
    );
    const t = await createTestApp({ logLevel }, undefined, { logStream: stream });
    lines.length = 0; // what start-up logged is not about requests
    return { t, lines };
  };

  it('writes one line per request: method, path without the query, status and time', async () => {
    const { t, lines } = await appLogging('info');
    try {
      await t.app.inject('/api/gallery?utm_source=mail&email=someone@example.com');
      await t.app.inject({ method: 'POST', url: '/api/user', payload: {} });
      await new Promise((resolve) => setImmediate(resolve));
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests).toHaveLength(lines.length);
      expect(requests).toEqual([
        expect.objectContaining({ method: 'GET', path: '/api/gallery', status: 200, ms: expect.any(Number) }),
        expect.objectContaining({ method: 'POST', path: '/api/user', status: 400, ms: expect.any(Number) }),
      ]);
      expect(JSON.stringify(lines)).not.toContain('someone@example.com');
    } finally {
      await t.close();
    }
  });

  it('writes nothing per request at LOG_LEVEL=warn', async () => {
    const { t, lines } = await appLogging('warn');
    try {
      await t.app.inject('/api/gallery');
      await t.app.inject('/healthz');
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
