/** Where each enquiry came from (issue 26): stored with it, shown in the inbox, filtered, exported; bad source fields refused. */
import crypto from 'node:crypto';
import { count as countRows, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactServerMessages } from '../../shared/contact';
import { inboxMessages } from '../../shared/contact-inbox';
import { enquirySourceMessages as m } from '../../shared/enquiry-source';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { resourceTables } from '../db/resource-tables';
import { contactMessages } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

const valid = { name: 'Asha Rao', email: 'asha@example.com', number: '+91 98450 12345', message: 'Please call me about a flat.' };

describe('enquiry sources', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const projectId = crypto.randomUUID();
  const hiddenId = crypto.randomUUID();
  beforeAll(async () => {
    t = await createTestApp({ contactRateLimit: 100 });
    auth = { authorization: `Bearer ${await t.login()}` };
    await t.services.database.db.insert(resourceTables.project).values([
      { id: projectId, title: 'Lakeview Residences' },
      { id: hiddenId, title: 'Not yet shown', hidden: true },
    ]);
  });
  afterAll(() => t.close());

  const send = (payload: object, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/user', payload, remoteAddress, headers: { 'user-agent': 'Mozilla/5.0 test' } });
  const list = async (query = '') => (await t.app.inject({ method: 'GET', url: `/api/user?page=1${query}`, headers: auth })).json();
  const count = async () => (await t.services.database.db.select({ n: countRows() }).from(contactMessages))[0].n;

  it('stores the page, project, campaign and referring host, and the inbox, one message and the CSV show them', async () => {
    const reply = await send({
      ...valid,
      sourcePage: '/project/exterior',
      projectId,
      utmSource: 'facebook',
      utmMedium: 'social',
      utmCampaign: 'diwali',
      referrerHost: 'M.Facebook.com',
    });
    expect(reply.statusCode).toBe(201);
    // the spec's reply, unchanged
    expect(reply.json()).toEqual({ success: true, errors: [], message: contactServerMessages.sent });
    const listed = await list();
    const stored = listed.data.find((row: { email: string }) => row.email === valid.email);
    expect(stored).toMatchObject({
      sourcePage: '/project/exterior',
      projectId,
      projectTitle: 'Lakeview Residences',
      utmSource: 'facebook',
      utmMedium: 'social',
      utmCampaign: 'diwali',
      referrerHost: 'm.facebook.com',
    });
    const choices = (await t.app.inject({ method: 'GET', url: '/api/user/sources', headers: auth })).json();
    expect(choices.data.sources).toContainEqual({ source: 'facebook', count: 1 });
    expect(choices.data.projects).toEqual([{ _id: projectId, title: 'Lakeview Residences', count: 1 }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/sources' })).statusCode).toBe(401);
    const one = (await t.app.inject({ method: 'GET', url: `/api/user/${stored._id}`, headers: auth })).json();
    expect(one.data).toMatchObject({ projectTitle: 'Lakeview Residences', utmCampaign: 'diwali' });
    const csv = (await t.app.inject({ method: 'GET', url: '/api/user/export', headers: auth })).body;
    expect(csv).toContain(
      '"Page","Project","Campaign source","Campaign medium","Campaign","Referring site","Wants","Preferred time","Stage","Lost reason","Owner","Next follow-up"\r\n',
    );
    expect(csv).toContain(
      '"/project/exterior","Lakeview Residences","facebook","social","diwali","m.facebook.com","","","New","","",""\r\n',
    );
    // no column holds the visitor's address or user agent
    const [row] = await t.services.database.db.select().from(contactMessages).where(eq(contactMessages.email, valid.email));
    expect(JSON.stringify(row)).not.toContain('203.0.113.7');
    expect(JSON.stringify(row)).not.toContain('Mozilla');
  });

  it('filters the inbox by source (campaign, else referring host, else direct) and by project', async () => {
    await send({ ...valid, email: 'ref@example.com', referrerHost: 'www.google.com', sourcePage: '/contact' });
    await send({ ...valid, email: 'direct@example.com' });
    const emails = async (query: string) => (await list(query)).data.map((row: { email: string }) => row.email).sort();
    expect(await emails('&source=facebook')).toEqual([valid.email]);
    expect(await emails('&source=www.google.com')).toEqual(['ref@example.com']);
    expect(await emails('&source=direct')).toEqual(['direct@example.com']);
    expect(await emails(`&project=${projectId}`)).toEqual([valid.email]);
    expect(await emails(`&project=${projectId}&source=direct`)).toEqual([]);
    const filtered = await list('&source=direct');
    expect(filtered.total).toBe(1);
    const csv = (await t.app.inject({ method: 'GET', url: '/api/user/export?source=www.google.com', headers: auth })).body;
    expect(csv).toContain('ref@example.com');
    expect(csv).not.toContain('direct@example.com');
  });

  it('refuses bad source fields with a clear message and stores nothing', async () => {
    const before = await count();
    for (const [payload, error] of [
      [{ sourcePage: 'https://evil.example/x' }, m.sourcePage],
      [{ sourcePage: '//evil.example/x' }, m.sourcePage],
      [{ sourcePage: 42 }, m.sourcePage],
      [{ utmSource: 'x'.repeat(101) }, m.utmTooLong('Campaign source')],
      [{ utmCampaign: ['a', 'b'] }, m.utmTooLong('Campaign name')],
      [{ referrerHost: 'not a host' }, m.referrerHost],
      [{ projectId: 'nope' }, m.projectId],
    ] as const) {
      const reply = await send({ ...valid, ...payload });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().errors, JSON.stringify(payload)).toContain(error);
    }
    for (const id of [crypto.randomUUID(), hiddenId]) {
      const reply = await send({ ...valid, projectId: id });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, message: m.projectNotFound, errors: [m.projectNotFound] });
    }
    expect(await count()).toBe(before);
  });

  it('takes empty hidden fields as none, and refuses bad filters', async () => {
    const reply = await send({ ...valid, email: 'empty@example.com', sourcePage: '', projectId: '', utmSource: ' ', referrerHost: '' });
    expect(reply.statusCode).toBe(201);
    const stored = (await list('&q=empty@example.com')).data[0];
    expect(stored).toMatchObject({ sourcePage: null, projectId: null, utmSource: null, referrerHost: null });
    const bad = await t.app.inject({ method: 'GET', url: '/api/user?project=nope', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(inboxMessages.invalidProject);
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/user?source=${'x'.repeat(300)}`, headers: auth });
    expect(tooLong.statusCode).toBe(400);
  });
});

/** Needs the built front end (`npm run build`). */
describe('enquiry sources of the contact form posted without JavaScript', () => {
  let t: TestApp;
  let web: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ contactRateLimit: 100 });
    web = await buildApp({ services: t.services, web: 'production' });
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });

  const stored = async (email: string) =>
    (await t.services.database.db.select().from(contactMessages).where(eq(contactMessages.email, email)))[0];
  const post = (url: string, form: Record<string, string>, referer?: string) =>
    web.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(referer ? { referer } : {}) },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: '198.51.100.23',
    });

  it('takes the page from the Referer path only and the campaign from the address the form was posted to', async () => {
    const reply = await post(
      '/contact?utm_source=google&utm_medium=cpc&utm_campaign=kitchens&ref_host=www.google.com',
      { ...valid, email: 'nojs@example.com' },
      'https://example.org/contact?utm_source=google#form',
    );
    expect(reply.statusCode).toBe(303);
    const row = await stored('nojs@example.com');
    expect(row).toMatchObject({
      sourcePage: '/contact',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'kitchens',
      referrerHost: 'www.google.com',
      projectId: null,
    });
    expect(JSON.stringify(row)).not.toContain('198.51.100.23');
  });

  it('takes the hidden fields the page filled, and refuses bad ones with the form and its notice', async () => {
    const filled = { sourcePage: '/interior', utmSource: 'instagram', utmCampaign: 'onam', referrerHost: 'l.instagram.com' };
    expect((await post('/contact', { ...valid, email: 'hidden@example.com', ...filled }, 'https://x.example/contact')).statusCode).toBe(
      303,
    );
    expect(await stored('hidden@example.com')).toMatchObject({
      sourcePage: '/interior',
      utmSource: 'instagram',
      referrerHost: 'l.instagram.com',
    });
    const refused = await post('/contact', { ...valid, email: 'bad@example.com', referrerHost: 'no such host!' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(m.referrerHost);
    expect(await stored('bad@example.com')).toBeUndefined();
  });

  it('serves one page for every visitor: a campaign in the address changes nothing in it', async () => {
    const plain = await web.inject('/contact');
    const campaign = await web.inject('/contact?utm_source=facebook&utm_campaign=diwali&ref_host=m.facebook.com');
    expect(campaign.statusCode).toBe(200);
    expect(campaign.headers.etag).toBe(plain.headers.etag);
    expect(campaign.body).toBe(plain.body);
    expect(campaign.headers['set-cookie']).toBeUndefined();
    expect(plain.body).not.toContain('diwali');
  });
});
