/**
 * Two server processes on one PostgreSQL database count visits together: their views add up in one row per
 * day and page, and they share the day's salt, so a visitor served by both is one visitor.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneDate } from '../../shared/site-time';
import { buildApp } from '../app';
import { visitCounts, visitorHashes, visitSalts } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let first: TestApp;
let second: TestApp;
const webs: FastifyInstance[] = [];

beforeAll(async () => {
  first = await createTestApp({}, undefined, { renditionWorker: false, mailWorker: false });
  second = await createTestApp(
    {},
    { dataDir: first.env.dataDir, schemaName: first.schemaName },
    { renditionWorker: false, mailWorker: false },
  );
  for (const app of [first, second]) webs.push(await buildApp({ services: app.services, web: 'production' }));
});
afterAll(async () => {
  for (const web of webs) await web.close();
  await second?.stop();
  await first?.close();
});

describe('visits, two processes', () => {
  it('add up, and share the day’s salt', async () => {
    const views = async (web: FastifyInstance, remoteAddress: string, times: number) => {
      for (let i = 0; i < times; i++) {
        const reply = await web.inject({
          method: 'GET',
          url: '/about?utm_source=google',
          headers: { 'user-agent': BROWSER },
          remoteAddress,
        });
        expect(reply.statusCode).toBe(200);
      }
    };
    // both have read the day's salt before counting (each does at start)
    await Promise.all([first.services.visits!.flush(), second.services.visits!.flush()]);
    await Promise.all([views(webs[0], '198.51.100.1', 3), views(webs[1], '198.51.100.1', 2), views(webs[1], '198.51.100.2', 4)]);
    await Promise.all([first.services.visits!.flush(), second.services.visits!.flush()]);
    const { db } = first.services.database;
    const rows = await db.select().from(visitCounts);
    expect(rows.map(({ path, utmSource, views: count, day }) => ({ path, utmSource, views: count, day }))).toEqual([
      { path: '/about', utmSource: 'google', views: 9, day: zoneDate(new Date(), first.env.siteTimeZone) },
    ]);
    expect(await db.select().from(visitorHashes)).toHaveLength(2);
    expect(await db.select().from(visitSalts)).toHaveLength(1);
  });
});
