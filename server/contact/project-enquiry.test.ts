/**
 * The project form (issue 26), posted as a page as a browser without JavaScript posts it: checked like the contact form,
 * stored in the same inbox with its project, mailed as today's alert; an unknown project is never a page of its own.
 * Needs the built front end (`npm run build`).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactServerMessages as m } from '../../shared/contact';
import { projectEnquiry as copy } from '../../shared/copy/project-enquiry';
import { projectEnquiryHref } from '../../shared/project-enquiry-path';
import { buildApp } from '../app';
import { resourceTables } from '../db/resource-tables';
import { contactMessages } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

const form = {
  name: 'Kiran Patil',
  number: '98450 33333',
  contactBy: copy.contactBy.visit,
  preferredTime: copy.times.evening,
  message: 'Is a 3 BHK left?',
};

describe('the project form posted as a page', () => {
  let t: TestApp;
  let web: FastifyInstance;
  const projectId = crypto.randomUUID();
  beforeAll(async () => {
    t = await createTestApp({ contactRateLimit: 3, contactRateWindowMs: 60_000 });
    await t.services.database.db.insert(resourceTables.project).values({ id: projectId, title: 'Lakeview Residences', location: 'Hebbal' });
    web = await buildApp({ services: t.services, web: 'production' });
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });

  const post = (url: string, fields: Record<string, string>, remoteAddress = '198.51.100.40') =>
    web.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `https://site.example${url}` },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress,
    });
  const stored = (name: string) => t.services.database.db.select().from(contactMessages).where(eq(contactMessages.name, name));

  it('shows the form naming the project, one cached page per project; an unknown project goes to the projects', async () => {
    const page = await web.inject(projectEnquiryHref(projectId));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(copy.title('Lakeview Residences'));
    expect(page.body).toContain(`name="projectId" value="${projectId}"`);
    for (const label of [copy.labels.name, copy.labels.number, copy.labels.contactBy, copy.labels.preferredTime, copy.labels.message])
      expect(page.body).toContain(label);
    // a campaign in the address changes nothing: the same bytes
    const campaign = await web.inject(`${projectEnquiryHref(projectId)}&utm_source=facebook`);
    expect(campaign.headers.etag).toBe(page.headers.etag);
    for (const url of ['/enquire', '/enquire?project=nope', projectEnquiryHref(crypto.randomUUID())]) {
      const reply = await web.inject(url);
      expect(reply.statusCode, url).toBe(302);
      expect(reply.headers.location, url).toBe('/project/exterior');
    }
  });

  it('stores a valid enquiry with its project, choice, time and source, and confirms with a 303', async () => {
    const url = `${projectEnquiryHref(projectId)}&utm_source=facebook&utm_campaign=diwali`;
    const reply = await post(url, { ...form, projectId });
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toBe(`${projectEnquiryHref(projectId)}&sent=1`);
    const [row] = await stored(form.name);
    expect(row).toMatchObject({
      email: '',
      number: '+919845033333',
      message: form.message,
      contactBy: copy.contactBy.visit,
      preferredTime: copy.times.evening,
      projectId,
      projectTitle: 'Lakeview Residences',
      sourcePage: '/enquire',
      utmSource: 'facebook',
      utmCampaign: 'diwali',
      status: 'New',
    });
    expect(JSON.stringify(row)).not.toContain('198.51.100.40');
    const confirmed = await web.inject(reply.headers.location as string);
    expect(confirmed.body).toContain(copy.sent);
    // the inbox lists it under its project
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/user?page=1&project=${projectId}`,
      headers: { authorization: `Bearer ${await t.login()}` },
    });
    expect(listed.json().data).toEqual([expect.objectContaining({ name: form.name, contactBy: copy.contactBy.visit, email: '' })]);
  });

  it('refuses bad input with the errors under their fields, keeps what was typed, stores nothing', async () => {
    const refused = await post(projectEnquiryHref(projectId), {
      name: ' ',
      number: 'abc',
      contactBy: 'A helicopter',
      preferredTime: 'Midnight',
      message: 'Keep me',
      projectId,
    });
    expect(refused.statusCode).toBe(400);
    for (const error of [m.nameRequired, m.numberInvalid, copy.errors.contactByRequired, copy.errors.preferredTimeRequired])
      expect(refused.body).toContain(error);
    expect(refused.body).toContain('Keep me');
    const unknown = await post(projectEnquiryHref(projectId), { ...form, name: 'Nobody Project', projectId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Project not found');
    expect(await stored('Nobody Project')).toEqual([]);
    const json = await web.inject({ method: 'POST', url: projectEnquiryHref(projectId), payload: { ...form, projectId } });
    expect(json.statusCode).toBe(415);
  });

  it('shares the contact form’s flood limit', async () => {
    // three posts above used this address's allowance of 3 (the limit is per address, form posts and /api/user together)
    const flooded = await post(projectEnquiryHref(projectId), { ...form, name: 'Flood', projectId }, '198.51.100.41');
    expect(flooded.statusCode).toBe(303);
    for (let i = 0; i < 2; i++) await post(projectEnquiryHref(projectId), { ...form, name: `Flood ${i}`, projectId }, '198.51.100.41');
    const over = await post(projectEnquiryHref(projectId), { ...form, name: 'Flood over', projectId }, '198.51.100.41');
    expect(over.statusCode).toBe(429);
    expect(await stored('Flood over')).toEqual([]);
  });
});
