/**
 * GET /api/insights/enquiries: a period's enquiries per day (site time zone), source, project and page, each page's
 * conversion from its views; trashed enquiries left out; enquiries area only. And a year of numbers (500,000 page
 * views, 2,000 enquiries) read in under 300 ms server time, by it and by GET /api/visits.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryInsights } from '../../shared/insights';
import { visitMessages } from '../../shared/visits';
import { contactMessages, visitCounts } from '../db/schema';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, type TestApp } from '../test/test-app';

const LIMIT_MS = 300;
const PROJECT = '0b0f6c52-8a5e-4a55-9d0e-3f4a2b1c9d01';
const ANSWERED_LATER = '5f0c2f8e-1d7e-4b7a-9a51-6f2d9b3c4e10';
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ siteTimeZone: 'Asia/Kolkata' }, undefined, { renditionWorker: false, mailWorker: false });
  auth = { authorization: `Bearer ${await t.login()}` };
});
afterAll(() => t?.close());

const enquiry = (at: string, extra: Partial<typeof contactMessages.$inferInsert> = {}) => ({
  id: crypto.randomUUID(),
  name: 'Asha',
  email: 'asha@example.com',
  number: '+919845012345',
  message: 'A carved door, please',
  createdAt: new Date(at),
  ...extra,
});

async function insights(query: string): Promise<EnquiryInsights> {
  const reply = await t.app.inject({ method: 'GET', url: `/api/insights/enquiries${query}`, headers: auth });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
}

describe('a period’s enquiries', () => {
  it('are counted per day in the site’s time zone, per source, project and page, with each page’s conversion', async () => {
    const { db } = t.services.database;
    await db.insert(contactMessages).values([
      // 20:00 UTC on 1 March is 01:30 on 2 March in Bengaluru
      enquiry('2031-03-01T20:00:00Z', {
        utmSource: 'facebook',
        utmCampaign: 'diwali',
        sourcePage: '/project/exterior',
        projectId: PROJECT,
        projectTitle: 'Lake View',
      }),
      enquiry('2031-03-02T05:00:00Z', {
        referrerHost: 'www.google.com',
        sourcePage: '/project/exterior',
        projectId: PROJECT,
        projectTitle: 'Lake View',
        stage: 'Won',
        firstContactedAt: new Date('2031-03-02T05:30:00Z'),
      }),
      enquiry('2031-03-03T05:00:00Z', { sourcePage: '/contact', id: ANSWERED_LATER }),
      // in the trash: not counted
      enquiry('2031-03-03T06:00:00Z', { sourcePage: '/contact', deletedAt: new Date('2031-03-04T00:00:00Z') }),
      // 18:29 UTC on 28 February is 23:59 on 28 February there: before the period
      enquiry('2031-02-28T18:29:00Z', { sourcePage: '/contact' }),
    ]);
    await db.insert(visitCounts).values([
      { day: '2031-03-02', path: '/project/exterior', views: 100 },
      { day: '2031-03-03', path: '/project/exterior', utmSource: 'facebook', views: 100 },
      { day: '2031-03-02', path: '/contact', views: 10 },
      { day: '2031-03-02', path: '/', views: 500 },
      // outside the period
      { day: '2031-02-27', path: '/contact', views: 1000 },
    ]);
    const data = await insights('?from=2031-03-01&to=2031-03-04');
    expect(data.total).toBe(3);
    expect(data.days).toEqual([
      { day: '2031-03-01', enquiries: 0 },
      { day: '2031-03-02', enquiries: 2 },
      { day: '2031-03-03', enquiries: 1 },
      { day: '2031-03-04', enquiries: 0 },
    ]);
    expect(data.sources).toEqual(
      expect.arrayContaining([
        { source: 'facebook', enquiries: 1 },
        { source: 'www.google.com', enquiries: 1 },
        { source: 'direct', enquiries: 1 },
      ]),
    );
    expect(data.projects).toEqual([{ projectId: PROJECT, title: 'Lake View', enquiries: 2 }]);
    expect(data.pages).toEqual([
      { path: '/project/exterior', views: 200, enquiries: 2, conversion: 0.01 },
      { path: '/contact', views: 10, enquiries: 1, conversion: 0.1 },
      { path: '/', views: 500, enquiries: 0, conversion: 0 },
    ]);
    // where they stand, and how soon they were answered: one Won 30 min after it came; none other yet
    expect(data.stages).toEqual([
      { stage: 'New', enquiries: 2 },
      { stage: 'Contacted', enquiries: 0 },
      { stage: 'Site visit', enquiries: 0 },
      { stage: 'Quoted', enquiries: 0 },
      { stage: 'Won', enquiries: 1 },
      { stage: 'Lost', enquiries: 0 },
    ]);
    expect(data.firstContact).toEqual({ answered: 1, medianMinutes: 30 });
    // staff move the third one on through the pipeline: it is answered now, and a later stage keeps that first time
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${ANSWERED_LATER}/stage`,
      headers: auth,
      payload: { stage: 'Contacted' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [first] = await db
      .select({ at: contactMessages.firstContactedAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, ANSWERED_LATER));
    expect(first.at).toBeInstanceOf(Date);
    await t.app.inject({ method: 'PUT', url: `/api/user/${ANSWERED_LATER}/stage`, headers: auth, payload: { stage: 'Quoted' } });
    const [still] = await db
      .select({ at: contactMessages.firstContactedAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, ANSWERED_LATER));
    expect(still.at?.getTime()).toBe(first.at?.getTime());
    expect((await insights('?from=2031-03-01&to=2031-03-04')).firstContact.answered).toBe(2);
    // a number of days ending with the last one, as the screen's period choice asks
    const week = await insights('?days=7&to=2031-03-04');
    expect([week.from, week.to, week.days.length, week.total]).toEqual(['2031-02-26', '2031-03-04', 7, 4]);
  });

  it('are for the enquiries area: visitors get 401, Editors 403, a bad period 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/insights/enquiries' })).statusCode).toBe(401);
    const backwards = await t.app.inject({ method: 'GET', url: '/api/insights/enquiries?from=2031-02-01&to=2031-01-01', headers: auth });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ success: false, message: visitMessages.badRange });
    for (const query of ['to=%00', 'days=0', 'days=367', 'days=1.5', 'days=x']) {
      const malformed = await t.app.inject({ method: 'GET', url: `/api/insights/enquiries?${query}`, headers: auth });
      expect(malformed.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/visits?days=0', headers: auth })).json().message).toBe(visitMessages.badDays);
    const editor = { email: 'insights.editor@example.com', password: 'an editor long password' };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: await stepUpHeaders(t.app, auth.authorization.slice(7)),
      payload: { ...editor, role: 'editor' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const editorToken: string = (await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: editor })).json().token;
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/insights/enquiries',
      headers: { authorization: `Bearer ${editorToken}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('a year of numbers', () => {
  it(`answers in under ${LIMIT_MS} ms server time for the visits and for the enquiries`, async () => {
    // 365 days × 20 pages × 10 sources, 7 views each: 511,000 page views in 73,000 rows, a page per statement, on a
    // connection of its own (TestApp.seed: one statement of them all outlasted the app's 1 s query timeout on a busy machine)
    for (let page = 1; page <= 20; page++) {
      await t.seed(sql`
        insert into visit_counts (day, path, referrer_host, utm_source, views)
        select date '2030-01-01' + d, '/page-' || ${page}::int, 'site' || s || '.example', case when s % 3 = 0 then 'campaign' || s else '' end, 7
        from generate_series(0, 364) as d, generate_series(1, 10) as s`);
    }
    await t.seed(sql`
      insert into contact_messages (id, name, email, number, message, created_at, source_page, utm_source, project_id, project_title)
      select gen_random_uuid(), 'Lead ' || i, 'lead' || i || '@example.com', '+919845000000', 'Hello',
        timestamptz '2030-01-01 06:00:00+00' + (i % 365) * interval '1 day', '/page-' || (i % 20 + 1), 'campaign' || (i % 7),
        case when i % 4 = 0 then ${PROJECT}::uuid end, case when i % 4 = 0 then 'Lake View' end
      from generate_series(1, 2000) as i`);
    await t.seed(sql`analyze visit_counts`);
    await t.seed(sql`analyze contact_messages`);
    const year = '?from=2030-01-01&to=2030-12-31';
    const timings: Record<string, number> = {};
    for (const url of [`/api/visits${year}`, `/api/insights/enquiries${year}`]) {
      let best = Infinity;
      // the best of three: the machine is shared with other test files
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        const reply = await t.app.inject({ method: 'GET', url, headers: auth });
        best = Math.min(best, performance.now() - started);
        expect(reply.statusCode, reply.body).toBe(200);
      }
      timings[url] = Math.round(best);
    }
    const enquiries = await insights(year);
    expect(enquiries.total).toBe(2000);
    expect(enquiries.days).toHaveLength(365);
    expect(enquiries.pages[0]).toMatchObject({ views: 365 * 10 * 7, enquiries: 100 });
    console.log(
      `a year of numbers: ${Object.entries(timings)
        .map(([url, ms]) => `${url.split('?')[0]} ${ms} ms`)
        .join('; ')}`,
    );
    for (const [url, ms] of Object.entries(timings)) expect(ms, `${url}: ${ms} ms`).toBeLessThan(LIMIT_MS);
  }, 120_000);
});
