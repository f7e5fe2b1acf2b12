/**
 * Several server processes on one PostgreSQL database share the mail outbox: two apps on one schema,
 * each with its own mail worker, never hold the same mail at once, and between them send every
 * enquiry's alert exactly once, also when the mail server was down meanwhile.
 */
import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../db/schema';
import { startSmtpServer, type SmtpTestServer } from '../test/smtp-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { parseMailSettings } from './mail-settings';
import { createMailWorker, DEFAULT_MAIL_WORKER } from './mail-worker';

let smtp: SmtpTestServer;
let first: TestApp;
let second: TestApp;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  smtp = await startSmtpServer();
  const mail = parseMailSettings({ SMTP_URL: smtp.url, NOTIFY_EMAIL: 'owner@example.in' }, 'https://example.in');
  // many enquiries from one test address: the flood limit is not what is tested here
  const settings = { mail, publicUrl: 'https://example.in', contactRateLimit: 1000 };
  first = await createTestApp(settings, undefined, { mailWorker: false });
  second = await createTestApp(settings, { dataDir: first.env.dataDir, schemaName: first.schemaName }, { mailWorker: false });
});
afterAll(async () => {
  await second?.stop();
  await first?.close();
  await smtp?.stop();
});

describe('one mail outbox, two processes', () => {
  it('concurrent claims from both never return the same mail, and together take every one', async () => {
    const db = first.services.database.db;
    const ids: string[] = [];
    await db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) {
        await first.services.mail.queue(tx, { kind: 'claim-test', to: 'owner@example.in', subject: `Claim ${i}`, text: 'x' });
      }
    });
    for (const row of await db.select({ id: mailOutbox.id }).from(mailOutbox)) ids.push(row.id);
    try {
      const claimer = async (app: TestApp) => {
        const taken: string[] = [];
        for (let mail = await app.services.mail.claim(60_000); mail; mail = await app.services.mail.claim(60_000)) taken.push(mail.id);
        return taken;
      };
      const byApp = await Promise.all(
        [first, second].map(async (app) => (await Promise.all(Array.from({ length: 4 }, () => claimer(app)))).flat()),
      );
      const all = byApp.flat();
      expect(all.sort()).toEqual([...ids].sort());
      expect(new Set(all).size).toBe(ids.length);
      expect(
        byApp.every((taken) => taken.length > 0),
        'both processes took mails',
      ).toBe(true);
    } finally {
      await db.delete(mailOutbox).where(inArray(mailOutbox.id, ids));
    }
  });

  it('enquiries sent to both, with the mail server down and then back, are each mailed exactly once', async () => {
    await smtp.stop();
    const options = { ...DEFAULT_MAIL_WORKER, pollMs: 100, retryBaseMs: 100, retryMaxMs: 300 };
    const workers = [first, second].map((app) => createMailWorker(app.services, app.app.log, options)!);
    for (const worker of workers) worker.start();
    try {
      const names: string[] = [];
      for (let i = 0; i < 12; i++) {
        const name = `Visitor ${i} ${crypto.randomBytes(3).toString('hex')}`;
        names.push(name);
        const reply = await (i % 2 ? second : first).app.inject({
          method: 'POST',
          url: '/api/user',
          payload: { name, email: `visitor${i}@example.com`, number: '9876543210', message: `Enquiry number ${i}` },
        });
        expect(reply.statusCode).toBe(201);
      }
      // both workers try and fail a few times meanwhile
      await sleep(1_000);
      expect(smtp.received).toHaveLength(0);
      expect((await first.services.mail.counts()).pending).toBe(12);

      await smtp.start();
      const mails = await smtp.waitFor(12, 20_000);
      await sleep(1_000);
      expect(mails).toHaveLength(12);
      expect(mails.map((mail) => mail.parsed.subject).sort()).toEqual(names.map((name) => `New enquiry from ${name}`).sort());
      expect(new Set(mails.map((mail) => mail.parsed.messageId)).size).toBe(12);
      expect(workers[0].sent + workers[1].sent).toBe(12);

      const stored = await first.services.database.db.select({ id: contactMessages.id }).from(contactMessages);
      const statuses = await second.services.mail.alertStatuses(stored.map((row) => row.id));
      expect([...statuses.values()]).toEqual(Array(12).fill('sent'));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });
});
