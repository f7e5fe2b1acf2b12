import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

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
