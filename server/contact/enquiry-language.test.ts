/**
 * An enquiry records the language of the page it was sent from (docs/decisions/0049): `language` on POST /api/user
 * and on the project form's enquiry, 'en' when left out, 400 naming the languages for anything else (nothing stored);
 * the inbox's replies carry it; the office's alert stays English with one line naming the language.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactServerMessages as m } from '../../shared/contact';
import { projectEnquiry as copy } from '../../shared/copy/project-enquiry';
import { enquirySourceMessages } from '../../shared/enquiry-source';
import { resourceTables } from '../db/resource-tables';
import { mailOutbox } from '../db/schema';
import { parseMailSettings } from '../mail/mail-settings';
import { createTestApp, type TestApp } from '../test/test-app';

const valid = { name: 'Asha Rao', email: 'asha@example.com', number: '+91 98450 12345', message: 'Please call me about a kitchen.' };

let t: TestApp;
let token: string;
beforeAll(async () => {
  // the alerts are queued (the outbox is read below); no server takes them
  const mail = parseMailSettings(
    { SMTP_URL: 'smtp://127.0.0.1:9', NOTIFY_EMAIL: 'owner@example.in', MAIL_FROM: 'Alerts <alerts@example.in>' },
    'https://www.example.in',
  );
  t = await createTestApp({ contactRateLimit: 100, publicUrl: 'https://www.example.in', mail });
  token = await t.login();
});
afterAll(() => t.close());

const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/user', payload });
async function inbox() {
  const reply = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
  return reply.json().data as { _id: string; name: string; language: string }[];
}
const alertOf = async (name: string) =>
  (await t.services.database.db.select().from(mailOutbox)).find((row) => row.text.includes(name))?.text ?? '';

describe('the language of an enquiry', () => {
  it('is stored as sent, shown in the inbox, and named in the English alert', async () => {
    expect((await send({ ...valid, name: 'Kannada Visitor', language: 'kn' })).statusCode).toBe(201);
    const listed = (await inbox()).find((message) => message.name === 'Kannada Visitor')!;
    expect(listed.language).toBe('kn');
    const one = await t.app.inject({ method: 'GET', url: `/api/user/${listed._id}`, headers: { authorization: `Bearer ${token}` } });
    expect(one.json().data.language).toBe('kn');
    const alert = await alertOf('Kannada Visitor');
    expect(alert).toContain('Language:       Kannada');
    expect(alert).not.toContain('ಕನ್ನಡ');
  });

  it("is 'en' when left out (or blank), and the alert then says nothing of it", async () => {
    expect((await send({ ...valid, name: 'English Visitor' })).statusCode).toBe(201);
    expect((await send({ ...valid, name: 'Blank Visitor', language: '' })).statusCode).toBe(201);
    const listed = await inbox();
    expect(listed.find((message) => message.name === 'English Visitor')?.language).toBe('en');
    expect(listed.find((message) => message.name === 'Blank Visitor')?.language).toBe('en');
    expect(await alertOf('English Visitor')).not.toContain('Language:');
  });

  it.each([['hi'], ['KN '], ['Kannada'], [7], [['kn']]])('refuses %j: 400 naming the languages, nothing stored', async (language) => {
    const before = (await inbox()).length;
    const reply = await send({ ...valid, name: 'Bogus Visitor', language });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, message: m.validationFailed, errors: [enquirySourceMessages.language] });
    expect(enquirySourceMessages.language).toBe('Language must be one of: en, kn');
    expect(await inbox()).toHaveLength(before);
  });

  it('the project form records it too, and refuses a bogus one', async () => {
    const projectId = crypto.randomUUID();
    await t.services.database.db.insert(resourceTables.project).values({ id: projectId, title: 'Lakeview Residences' });
    const form = {
      name: 'Project Visitor',
      number: '98450 33333',
      contactBy: copy.contactBy.call,
      preferredTime: copy.times.evening,
      projectId,
    };
    const refused = await t.services.contact.submitProjectEnquiry({ ...form, language: 'xx' });
    expect(refused.status).toBe(400);
    expect(refused.reply.errors).toEqual([enquirySourceMessages.language]);
    const stored = await t.services.contact.submitProjectEnquiry({ ...form, language: 'kn' });
    expect(stored.status).toBe(201);
    expect((await inbox()).filter((message) => message.name === 'Project Visitor').map((message) => message.language)).toEqual(['kn']);
  });
});
