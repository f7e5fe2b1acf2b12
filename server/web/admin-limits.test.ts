/** The admin's form limits are the server's settings: the admin layout's loader data carries MAX_IMAGE_MB, the shortest password and SITE_TIMEZONE. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN } from '../auth/passwords';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';

const RAISED_BYTES = 8 * 1024 * 1024;

describe("the admin's limits", () => {
  let t: TestApp;
  let web: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ maxImageBytes: RAISED_BYTES, siteTimeZone: 'Europe/London' });
    web = await buildApp({ services: t.services, web: 'production' });
    await web.ready();
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });

  // React Router's data is turbo-stream: each key and value once, in order ("limits", "maxImageBytes", 8388608, …)
  const limitsIn = (body: string) => /"limits",\{[^}]*\},"maxImageBytes",(\d+),"passwordMinLength",(\d+)/.exec(body)?.slice(1).map(Number);
  const timeZoneIn = (body: string) => /"passwordMinLength",\d+,"timeZone","([^"]+)"/.exec(body)?.[1];

  it('come in the admin page the server renders, from its settings', async () => {
    const page = await web.inject('/admin/dashboard');
    expect(page.statusCode).toBe(200);
    expect(limitsIn(page.body.replaceAll('\\"', '"'))).toEqual([RAISED_BYTES, PASSWORD_MIN]);
    // SITE_TIMEZONE: the inbox shows times in the site's zone, not the browser's
    expect(timeZoneIn(page.body.replaceAll('\\"', '"'))).toBe('Europe/London');
  });

  it("come in the layout's data that a client-side navigation asks for", async () => {
    const reply = await web.inject('/admin/dashboard.data?_routes=routes%2Fadmin%2Fadmin-layout');
    expect(reply.statusCode).toBe(200);
    expect(limitsIn(reply.body)).toEqual([RAISED_BYTES, PASSWORD_MIN]);
    expect(timeZoneIn(reply.body)).toBe('Europe/London');
  });
});
