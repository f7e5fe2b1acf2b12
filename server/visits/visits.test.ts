/**
 * Visits counted without cookies, on the built web app: a visitor's page view is counted per day, page,
 * referring host and campaign, once per visitor per day by a salted hash; bots, Do-Not-Track and Global Privacy
 * Control are not; no cookie is set and no address is stored; the day's salt rotates and the old one is gone;
 * ANALYTICS=false counts nothing; GET /api/visits is for the content area.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneDate } from '../../shared/site-time';
import { visitMessages } from '../../shared/visits';
import { buildApp } from '../app';
import { queryRows } from '../db/client';
import { dailyVisitors, visitCounts, visitorHashes, visitSalts } from '../db/schema';
import { salesToken } from '../test/step-up';
import { createTestApp, type TestApp } from '../test/test-app';
import { VisitCounter } from './visit-counter';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const ADDRESS = '203.0.113.7';

let t: TestApp;
let web: FastifyInstance;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { renditionWorker: false, mailWorker: false });
  web = await buildApp({ services: t.services, web: 'production' });
  await web.ready();
  token = await t.login();
});
afterAll(async () => {
  await web?.close();
  await t?.close();
});

const visit = (url: string, headers: Record<string, string> = {}, remoteAddress = ADDRESS) =>
  web.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers }, remoteAddress });

const today = () => zoneDate(new Date(), t.env.siteTimeZone);

async function counts() {
  await t.services.visits!.flush();
  return t.services.database.db.select().from(visitCounts);
}

describe('a visitor’s page view', () => {
  it('is counted by day, page, referring host and campaign, with no cookie set and no address stored', async () => {
    const landing = await visit('/?utm_source=facebook&utm_medium=social&utm_campaign=diwali', { referer: 'https://m.facebook.com/story' });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['set-cookie']).toBeUndefined();
    const next = await visit('/about', { referer: `${t.env.publicUrl}/?utm_source=facebook` });
    expect(next.statusCode).toBe(200);
    expect(next.headers['set-cookie']).toBeUndefined();
    const rows = await counts();
    expect(rows.map(({ id: _id, ...row }) => row).sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      {
        day: today(),
        path: '/',
        referrerHost: 'm.facebook.com',
        utmSource: 'facebook',
        utmMedium: 'social',
        utmCampaign: 'diwali',
        views: 1,
      },
      // a page reached from the site itself has no referrer
      { day: today(), path: '/about', referrerHost: '', utmSource: '', utmMedium: '', utmCampaign: '', views: 1 },
    ]);
    // one visitor: one hash, which is not the address
    const hashes = await t.services.database.db.select().from(visitorHashes);
    expect(hashes).toHaveLength(1);
    expect(hashes[0].hash).not.toContain(ADDRESS);
    for (const table of ['visit_counts', 'visitor_hashes', 'daily_visitors', 'visit_salts', 'audit_events']) {
      const [found] = await queryRows<{ n: number }>(
        t.services.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} as row where row::text like ${`%${ADDRESS}%`}`,
      );
      expect(found.n, table).toBe(0);
    }
  });

  it('counts a returning visitor once a day, another address as another visitor', async () => {
    await visit('/gallery');
    await visit('/gallery');
    await visit('/gallery', {}, '198.51.100.20');
    const gallery = (await counts()).filter((row) => row.path === '/gallery');
    expect(gallery.map((row) => row.views)).toEqual([3]);
    expect(await t.services.database.db.select().from(visitorHashes)).toHaveLength(2);
  });

  it('is not counted for bots, Do-Not-Track, Global Privacy Control, no user agent, admin pages or unknown paths', async () => {
    const before = (await counts()).reduce((sum, row) => sum + row.views, 0);
    await visit('/contact', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visit('/contact', { 'user-agent': 'curl/8.5.0' });
    await visit('/contact', { dnt: '1' });
    await visit('/contact', { 'sec-gpc': '1' });
    await web.inject({ method: 'GET', url: '/contact', remoteAddress: ADDRESS });
    await visit('/admin/login');
    await visit('/no-such-page');
    await visit('/robots.txt');
    const after = await counts();
    expect(after.reduce((sum, row) => sum + row.views, 0)).toBe(before);
    expect(after.some((row) => row.path === '/contact')).toBe(false);
  });
});

describe('GET /api/visits', () => {
  it('gives views and visitors per day, top pages, referrers and campaigns to the content area', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/visits', headers: { authorization: `Bearer ${token}` } });
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toEqual({ day: today(), views: 5, visitors: 2 });
    expect(data.pages[0]).toEqual({ path: '/gallery', views: 3 });
    expect(data.referrers).toEqual([{ host: 'm.facebook.com', views: 1 }]);
    expect(data.campaigns).toEqual([{ source: 'facebook', medium: 'social', campaign: 'diwali', views: 1 }]);
  });

  it('refuses other accounts and bad periods', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/visits' })).statusCode).toBe(401);
    const headers = { authorization: `Bearer ${token}` };
    const bad = await t.app.inject({ method: 'GET', url: '/api/visits?from=yesterday', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(visitMessages.badDay);
    const backwards = await t.app.inject({ method: 'GET', url: '/api/visits?from=2026-02-01&to=2026-01-01', headers });
    expect(backwards.json()).toMatchObject({ success: false, message: visitMessages.badRange });
    const tooLong = await t.app.inject({ method: 'GET', url: '/api/visits?from=2024-01-01&to=2026-01-01', headers });
    expect(tooLong.statusCode).toBe(400);
    // Sales (the enquiries area alone) may not read them
    const sales = await salesToken(t.app, token, 'sales@example.com');
    const refused = await t.app.inject({ method: 'GET', url: '/api/visits', headers: { authorization: `Bearer ${sales}` } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('a page sent to a client that has hung up', () => {
  it('counts the view and no visitor, and the counts are still stored (Node then gives no address)', async () => {
    const { db } = t.services.database;
    const now = Date.parse('2030-02-01T12:00:00Z');
    const counter = new VisitCounter(db, { timeZone: 'UTC', publicUrl: t.env.publicUrl, now: () => now });
    await counter.flush(); // reads the day's salt
    counter.view({ 'user-agent': BROWSER }, undefined, '/gone', '');
    counter.view({ 'user-agent': BROWSER }, ADDRESS, '/gone', '');
    await counter.flush();
    const views = await db
      .select()
      .from(visitCounts)
      .where(sql`${visitCounts.day} = '2030-02-01'`);
    expect(views.map((row) => [row.path, row.views])).toEqual([['/gone', 2]]);
    const hashes = await db
      .select()
      .from(visitorHashes)
      .where(sql`${visitorHashes.day} = '2030-02-01'`);
    expect(hashes).toHaveLength(1);
    await counter.stop();
  });
});

describe('the day’s salt', () => {
  it('rotates with the day: the old salt is deleted, the day’s visitors become a count, and the same visitor hashes differently', async () => {
    const { db } = t.services.database;
    let now = Date.parse('2030-03-01T12:00:00Z');
    const counter = new VisitCounter(db, { timeZone: 'UTC', publicUrl: t.env.publicUrl, now: () => now });
    const headers = { 'user-agent': BROWSER };
    await counter.flush(); // reads the day's salt
    counter.view(headers, ADDRESS, '/projects', '');
    counter.view(headers, '198.51.100.9', '/projects', '');
    await counter.flush();
    const [first] = await db
      .select()
      .from(visitSalts)
      .where(sql`${visitSalts.day} = '2030-03-01'`);
    expect(first).toBeDefined();
    const firstHashes = (
      await db
        .select()
        .from(visitorHashes)
        .where(sql`${visitorHashes.day} = '2030-03-01'`)
    ).map((row) => row.hash);
    expect(firstHashes).toHaveLength(2);

    now = Date.parse('2030-03-02T00:00:05Z');
    await counter.flush();
    counter.view(headers, ADDRESS, '/projects', '');
    await counter.flush();
    const salts = await db.select().from(visitSalts);
    expect(salts.map((row) => row.day)).toEqual(['2030-03-02']);
    expect(salts[0].salt).not.toBe(first.salt);
    expect(
      await db
        .select()
        .from(visitorHashes)
        .where(sql`${visitorHashes.day} = '2030-03-01'`),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(dailyVisitors)
        .where(sql`${dailyVisitors.day} = '2030-03-01'`),
    ).toEqual([{ day: '2030-03-01', visitors: 2 }]);
    const [secondHash] = (
      await db
        .select()
        .from(visitorHashes)
        .where(sql`${visitorHashes.day} = '2030-03-02'`)
    ).map((row) => row.hash);
    expect(firstHashes).not.toContain(secondHash);
    await counter.stop();
  });
});

describe('ANALYTICS=false', () => {
  it('counts nothing', async () => {
    const off = await createTestApp({ analytics: false }, undefined, { renditionWorker: false, mailWorker: false });
    const offWeb = await buildApp({ services: off.services, web: 'production' });
    try {
      expect(off.services.visits).toBeNull();
      expect((await offWeb.inject({ method: 'GET', url: '/', headers: { 'user-agent': BROWSER } })).statusCode).toBe(200);
      expect(await off.services.database.db.select().from(visitCounts)).toEqual([]);
    } finally {
      await offWeb.close();
      await off.close();
    }
  });
});
