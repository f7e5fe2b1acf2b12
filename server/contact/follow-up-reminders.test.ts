/**
 * The morning reminder of each owner's follow-ups (docs/decisions/0040), through the real app and a real
 * SMTP server on loopback: nothing before 08:00 in SITE_TIMEZONE; from then one mail per owner listing the
 * open enquiries due that day (and overdue ones), exactly once while two instances (PostgreSQL: two apps on
 * one database; PGlite: two workers of one process) schedule the day again and again and race for the jobs.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxMessage } from '../../shared/contact-inbox';
import type { JobWorker } from '../jobs/job-worker';
import type { JobRow } from '../jobs/job-queue';
import { parseMailSettings } from '../mail/mail-settings';
import { startSmtpServer, type SmtpTestServer } from '../test/smtp-server';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, TEST_ADMIN, usingPostgres, type TestApp } from '../test/test-app';
import { followUpReminderJob, followUpReminders } from './follow-up-reminder.job';
import { REMINDER_MAIL } from './pipeline-mails';

const PUBLIC_URL = 'https://www.example.in';
const DAY = '2026-12-01';
/** 08:00 and 07:59 on DAY in Asia/Kolkata (UTC+5:30). */
const EIGHT = new Date('2026-12-01T02:30:00Z');
const BEFORE_EIGHT = new Date('2026-12-01T02:29:00Z');

let smtp: SmtpTestServer;
let first: TestApp;
let second: TestApp | null = null;
let extraWorker: JobWorker<JobRow> | null = null;
let admin: Record<string, string>;
let salesId = '';
let adminId = '';
const enquiries: Record<string, string> = {};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  smtp = await startSmtpServer();
  const mail = parseMailSettings({ SMTP_URL: smtp.url, MAIL_FROM: 'Site <site@example.in>' }, PUBLIC_URL);
  const settings = { publicUrl: PUBLIC_URL, mail, siteTimeZone: 'Asia/Kolkata', contactRateLimit: 100 };
  first = await createTestApp(settings, undefined, { renditionWorker: false });
  if (usingPostgres()) {
    // a second instance on the same database, with its own workers
    second = await createTestApp(settings, { dataDir: first.env.dataDir, schemaName: first.schemaName }, { renditionWorker: false });
  } else {
    // PGlite is one process's: a second reminder worker in it races the first for the jobs
    extraWorker = followUpReminderJob.createWorker(first.services, first.app.log);
    extraWorker?.start();
  }
  const token = await first.login();
  admin = { authorization: `Bearer ${token}` };
  const added = await first.app.inject({
    method: 'POST',
    url: '/api/admins',
    headers: await stepUpHeaders(first.app, token),
    payload: { email: 'sales@example.in', password: 'a long enough staff password', role: 'sales' },
  });
  salesId = added.json().data._id;
  const owners = (await first.app.inject({ method: 'GET', url: '/api/user/owners', headers: admin })).json().data;
  adminId = owners.find((owner: { email: string }) => owner.email === TEST_ADMIN.email)._id;
  // name: [owner, follow-up day, stage]
  const plan: Record<string, [string, string, string]> = {
    'Due Today': [salesId, DAY, 'Contacted'],
    'Overdue Open': [salesId, '2026-11-28', 'Quoted'],
    'Due But Won': [salesId, DAY, 'Won'],
    'Due Tomorrow': [adminId, '2026-12-02', 'New'],
    'Admin Due Today': [adminId, DAY, 'Site visit'],
  };
  for (const [name, [ownerId, followUpOn, stage]] of Object.entries(plan)) {
    await first.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { name, email: 'visitor@example.com', number: '+91 98450 12345', message: 'Hello' },
    });
    const list = (await first.app.inject({ method: 'GET', url: `/api/user?q=${encodeURIComponent(name)}`, headers: admin })).json();
    const id = (list.data as InboxMessage[]).find((message) => message.name === name)!._id;
    enquiries[name] = id;
    for (const [what, payload] of [
      ['owner', { ownerId }],
      ['follow-up', { followUpOn }],
      ['stage', { stage }],
    ] as const) {
      const reply = await first.app.inject({ method: 'PUT', url: `/api/user/${id}/${what}`, headers: admin, payload });
      expect(reply.statusCode, reply.body).toBe(200);
    }
  }
  // the assignment mail to the Sales account (the admin assigned itself the others)
  await smtp.waitFor(3);
});
afterAll(async () => {
  await extraWorker?.stop();
  await second?.stop();
  await first?.close();
  await smtp?.stop();
});

const reminders = () => smtp.received.filter((mail) => mail.parsed.subject?.startsWith('Follow-ups for'));

describe('the morning reminder of follow-ups', () => {
  it('is not scheduled before 08:00 in SITE_TIMEZONE', async () => {
    expect(await first.services.pipeline.scheduleReminders(BEFORE_EIGHT)).toBe(0);
    expect(await first.services.database.db.select().from(followUpReminders)).toHaveLength(0);
  });

  it('goes to each owner exactly once, listing their open follow-ups due that day or overdue, while two instances race', async () => {
    const apps = [first, second ?? first];
    // both instances schedule the day at once, several times over (each minute's timer, in the server)
    const added = await Promise.all(Array.from({ length: 6 }, (_, i) => apps[i % 2].services.pipeline.scheduleReminders(EIGHT)));
    expect(added.reduce((sum, n) => sum + n, 0)).toBe(2);
    const rows = await first.services.database.db.select().from(followUpReminders);
    expect(rows.map((row) => [row.day, row.ownerId]).sort()).toEqual(
      [
        [DAY, adminId],
        [DAY, salesId],
      ].sort(),
    );

    const deadline = Date.now() + 20_000;
    while (reminders().length < 2 && Date.now() < deadline) await sleep(50);
    // a second sending of either would come within a poll or two
    await sleep(6_000);
    expect(await Promise.all(apps.map((app) => app.services.pipeline.scheduleReminders(new Date(EIGHT.getTime() + 3_600_000))))).toEqual([
      0, 0,
    ]);
    await sleep(500);
    const mails = reminders();
    expect(mails.map((mail) => mail.envelopeTo.join()).sort()).toEqual([TEST_ADMIN.email, 'sales@example.in']);
    const toSales = mails.find((mail) => mail.envelopeTo[0] === 'sales@example.in')!;
    expect(toSales.parsed.subject).toBe(`Follow-ups for ${DAY}: 2 enquiries`);
    expect(toSales.parsed.text).toContain('Due Today (Contacted)');
    expect(toSales.parsed.text).toContain('Overdue Open (Quoted, due 2026-11-28)');
    expect(toSales.parsed.text).toContain(`${PUBLIC_URL}/admin/users?message=${enquiries['Due Today']}`);
    expect(toSales.parsed.text).not.toContain('Due But Won');
    const toAdmin = mails.find((mail) => mail.envelopeTo[0] === TEST_ADMIN.email)!;
    expect(toAdmin.parsed.subject).toBe(`Follow-ups for ${DAY}: 1 enquiry`);
    expect(toAdmin.parsed.text).not.toContain('Due Tomorrow');
    // the day's marks stay, done
    const done = await first.services.database.db.select().from(followUpReminders);
    expect(done.every((row) => row.mailedAt !== null && row.doneAt !== null)).toBe(true);
    expect(REMINDER_MAIL).toBe('follow-up-reminder');
  });

  it('a reminder job run again mails nothing more', async () => {
    const [row] = await first.services.database.db.select().from(followUpReminders).where(eq(followUpReminders.ownerId, salesId));
    await first.services.pipeline.sendReminder(row);
    await sleep(1_000);
    expect(reminders()).toHaveLength(2);
  });
});
