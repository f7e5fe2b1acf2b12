/**
 * E-mail alerts of new enquiries, through the real app and a real SMTP server on loopback: queued
 * with the enquiry, mailed to NOTIFY_EMAIL with the visitor named and a link into the admin, kept
 * through an outage and sent once when the server is back, with no way for a visitor to add headers.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../db/schema';
import { startSmtpServer, SMTP_LOGIN, type SmtpTestServer } from '../test/smtp-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { enquiryAdminUrl } from './enquiry-alert';
import { ENQUIRY_ALERT } from './mail-outbox';
import { createSmtpSender } from './mailer';
import { parseMailSettings, type MailSettings } from './mail-settings';
import type { WorkerLog } from '../jobs/job-worker';
import { DEFAULT_MAIL_WORKER, MailWorker, retryDelay } from './mail-worker';

const PUBLIC_URL = 'https://www.example.in';
const NOTIFY = ['owner@example.in', 'sales@example.in'];
const FROM = 'Site alerts <alerts@example.in>';
const enquiry = {
  name: 'Asha Rao',
  email: 'asha.rao@example.com',
  number: '+91 98765 43210',
  message: 'We would like a site visit\nfor a 3BHK in Whitefield.',
};

let smtp: SmtpTestServer;
const apps: TestApp[] = [];

function mailSettings(url = smtp.url, notify = NOTIFY.join(', ')): MailSettings {
  return parseMailSettings({ SMTP_URL: url, NOTIFY_EMAIL: notify, MAIL_FROM: FROM }, PUBLIC_URL)!;
}

async function appWith(mail: MailSettings | null, options: Parameters<typeof createTestApp>[2] = {}): Promise<TestApp> {
  const app = await createTestApp({ publicUrl: PUBLIC_URL, mail, metricsToken: 'metrics-secret' }, undefined, options);
  apps.push(app);
  return app;
}

const post = (app: TestApp, body: object = enquiry) => app.app.inject({ method: 'POST', url: '/api/user', payload: body });
const outboxRows = (app: TestApp) => app.services.database.db.select().from(mailOutbox);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await sleep(25);
  }
}

/** A log that keeps what the worker reports. */
function recordingLog() {
  const lines: { level: 'warn' | 'error'; message: string; details: object }[] = [];
  const log: WorkerLog = {
    warn: (details, message) => lines.push({ level: 'warn', message, details }),
    error: (details, message) => lines.push({ level: 'error', message, details }),
  };
  return { log, lines };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await smtp.start();
  smtp.received.length = 0;
  for (const app of apps.splice(0)) await app.close();
});
afterAll(async () => {
  await smtp?.stop();
});

describe('without SMTP settings', () => {
  it('stores the enquiry and queues no mail; no worker runs', async () => {
    const app = await appWith(null);
    expect((await post(app)).statusCode).toBe(201);
    expect(await app.services.mail.queueAlone({ kind: 'new-sign-in', to: 'admin@example.com', subject: 'New sign-in', text: '…' })).toBe(
      false,
    );
    expect(await outboxRows(app)).toEqual([]);
    expect(app.mailWorker).toBeNull();
    expect(app.services.mail.enabled).toBe(false);
    expect(await app.services.database.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('with SMTP_URL but no NOTIFY_EMAIL, enquiries queue no alert (account mails still can be queued)', async () => {
    const app = await appWith(mailSettings(smtp.url, ''));
    expect((await post(app)).statusCode).toBe(201);
    expect(await outboxRows(app)).toEqual([]);
    const db = app.services.database.db;
    const queued = await db.transaction((tx) =>
      app.services.mail.queue(tx, {
        kind: 'password-changed',
        to: 'admin@example.com',
        subject: 'Your password was changed',
        text: 'It was you?',
      }),
    );
    expect(queued).toBe(true);
    app.services.mail.notifyAdded();
    const [mail] = await smtp.waitFor(1);
    expect(mail.envelopeTo).toEqual(['admin@example.com']);
    expect(mail.parsed.subject).toBe('Your password was changed');
    const alone = { kind: 'new-sign-in', to: ['admin@example.com'], subject: 'New sign-in', text: 'From Firefox on Linux' };
    expect(await app.services.mail.queueAlone(alone)).toBe(true);
    expect((await smtp.waitFor(2))[1].parsed.subject).toBe('New sign-in');
  });
});

describe('an enquiry posted to /api/user', () => {
  it('is mailed at once to every NOTIFY_EMAIL address: From MAIL_FROM, the visitor in the subject and Reply-To, every field, a link to it', async () => {
    // a poll a minute apart: only the queueing itself can wake the worker in time
    const app = await appWith(mailSettings(), { mailWorker: { pollMs: 60_000 } });
    await sleep(300);
    const started = Date.now();
    expect((await post(app)).statusCode).toBe(201);
    const [mail] = await smtp.waitFor(1);
    // woken by the queueing, not by the next poll
    expect(Date.now() - started).toBeLessThan(5_000);

    const [stored] = await app.services.database.db.select().from(contactMessages);
    expect(mail.user).toBe(SMTP_LOGIN.user);
    expect(mail.envelopeFrom).toBe('alerts@example.in');
    expect(mail.envelopeTo.sort()).toEqual([...NOTIFY].sort());
    expect(mail.parsed.from?.value).toEqual([{ name: 'Site alerts', address: 'alerts@example.in' }]);
    expect(mail.parsed.subject).toBe('New enquiry from Asha Rao');
    expect(mail.parsed.replyTo?.value).toEqual([{ name: 'Asha Rao', address: 'asha.rao@example.com' }]);
    const text = mail.parsed.text ?? '';
    for (const field of [enquiry.name, enquiry.email, enquiry.number, 'We would like a site visit\nfor a 3BHK in Whitefield.']) {
      expect(text).toContain(field);
    }
    expect(text).toContain(`${PUBLIC_URL}/admin/users?message=${stored.id}`);
    // the time in the site's zone (SITE_TIMEZONE, Asia/Kolkata by default: UTC+5:30 all year), not UTC
    const ist = new Date(stored.createdAt.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(text).toContain(`Received:       ${ist} IST`);
    expect(text).not.toContain('UTC');
    expect(enquiryAdminUrl(PUBLIC_URL, stored.id)).toBe(`${PUBLIC_URL}/admin/users?message=${stored.id}`);

    // the SMTP server has the mail before the worker records it as sent: read the row once it has
    await until(async () => (await app.services.mail.alertStatuses([stored.id])).get(stored.id) === 'sent');
    const [row] = await outboxRows(app);
    expect(mail.parsed.messageId).toBe(row.messageId);
    expect(row).toMatchObject({ kind: ENQUIRY_ALERT, contactMessageId: stored.id, attempts: 1, failedAt: null, lockedUntil: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('cannot add headers or recipients through its name or e-mail', async () => {
    const app = await appWith(mailSettings());
    const attempts = [
      { name: 'Asha\r\nBcc: thief@evil.test\r\nX-Injected: yes', email: 'asha.rao@example.com' },
      { name: 'Eve" <thief@evil.test>, "Mallory', email: 'eve@example.com' },
      { name: 'Ravi\nSubject: Free money', email: 'ravi,thief@evil.test' },
      { name: 'Kiran', email: 'kiran@example.com>\r\nBcc:thief@evil.test' },
    ];
    const statuses = [];
    for (const attempt of attempts) statuses.push((await post(app, { ...enquiry, ...attempt })).statusCode);
    // the last one's e-mail has a line break: the form refuses it, so three are stored and alerted
    expect(statuses).toEqual([201, 201, 201, 400]);
    const mails = await smtp.waitFor(3);
    await sleep(300);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.envelopeTo.sort()).toEqual([...NOTIFY].sort());
      expect(mail.parsed.headers.has('bcc')).toBe(false);
      expect(mail.parsed.headers.has('x-injected')).toBe(false);
      expect(mail.raw).not.toMatch(/^(Bcc|X-Injected):/im);
      expect(mail.parsed.subject).toMatch(/^New enquiry from [^\r\n]+$/);
      for (const address of mail.parsed.replyTo?.value ?? []) expect(address.address).not.toBe('thief@evil.test');
    }
    const bySubject = new Map(mails.map((mail) => [mail.parsed.subject, mail]));
    expect(bySubject.get('New enquiry from Asha Bcc: thief@evil.test X-Injected: yes')?.parsed.replyTo?.value).toEqual([
      { name: 'Asha Bcc: thief@evil.test X-Injected: yes', address: 'asha.rao@example.com' },
    ]);
    // the name's quotes are dropped, so it stays one display name of the visitor's own address
    const eve = bySubject.get('New enquiry from Eve" <thief@evil.test>, "Mallory');
    expect(eve?.parsed.replyTo?.value).toEqual([{ name: 'Eve thief@evil.test, Mallory', address: 'eve@example.com' }]);
    // an address a header cannot carry as it is gets no Reply-To at all (it is in the text)
    const ravi = bySubject.get('New enquiry from Ravi Subject: Free money');
    expect(ravi?.parsed.replyTo).toBeUndefined();
    expect(ravi?.parsed.text).toContain('ravi,thief@evil.test');
  });

  it('with the mail server down is kept and retried, and sent exactly once when it is back', async () => {
    const { log, lines } = recordingLog();
    const app = await appWith(mailSettings(), { mailWorker: false });
    const worker = new MailWorker(
      { outbox: app.services.mail, send: createSmtpSender(app.services.mail.settings!.smtp), singleProcess: true, log },
      {
        leaseMs: 5_000,
        pollMs: 100,
        retryBaseMs: 100,
        retryMaxMs: 300,
        giveUpAfterMs: 60_000,
        smtpTimeouts: { connectionMs: 1_000, greetingMs: 1_000, socketMs: 2_000 },
      },
    );
    await smtp.stop();
    worker.start();
    try {
      expect((await post(app)).statusCode).toBe(201);
      const [stored] = await app.services.database.db.select().from(contactMessages);
      await until(async () => (await outboxRows(app))[0]?.attempts >= 3);
      expect((await app.services.mail.alertStatuses([stored.id])).get(stored.id)).toBe('pending');
      expect((await outboxRows(app))[0].lastError).toMatch(/ECONNREFUSED/);
      expect(lines.filter((line) => line.message === 'mail not sent; will retry').length).toBeGreaterThanOrEqual(2);
      expect(smtp.received).toHaveLength(0);

      await smtp.start();
      const [mail] = await smtp.waitFor(1);
      expect(mail.parsed.subject).toBe('New enquiry from Asha Rao');
      await until(async () => (await app.services.mail.alertStatuses([stored.id])).get(stored.id) === 'sent');
      // several more polls: nothing is sent again
      await sleep(800);
      expect(smtp.received).toHaveLength(1);
      expect(worker.sent).toBe(1);
      expect(await app.services.mail.counts()).toEqual({ pending: 0, failed: 0 });
    } finally {
      await worker.stop();
    }
  });

  it('a mail server that accepts connections and never answers fails the attempt within the timeout, and does not hold up the stop', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket.on('error', () => {})));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const { log } = recordingLog();
    const app = await appWith(mailSettings(`smtp://127.0.0.1:${port}`), { mailWorker: false });
    const worker = new MailWorker(
      {
        outbox: app.services.mail,
        send: createSmtpSender(app.services.mail.settings!.smtp, { connectionMs: 300, greetingMs: 300, socketMs: 300 }),
        singleProcess: true,
        log,
      },
      {
        leaseMs: 5_000,
        pollMs: 100,
        retryBaseMs: 100,
        retryMaxMs: 100,
        giveUpAfterMs: 60_000,
        smtpTimeouts: { connectionMs: 300, greetingMs: 300, socketMs: 300 },
      },
    );
    try {
      worker.start();
      expect((await post(app)).statusCode).toBe(201);
      await until(async () => (await outboxRows(app))[0]?.attempts >= 2, 5_000);
      expect((await outboxRows(app))[0].lastError).toMatch(/greeting|timeout/i);
      const stopping = Date.now();
      await worker.stop();
      expect(Date.now() - stopping).toBeLessThan(3_000);
      expect((await outboxRows(app))[0]).toMatchObject({ sentAt: null, failedAt: null, lockedUntil: null });
    } finally {
      await worker.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('is given up after the retry period: marked failed, logged at error level, shown as failed', async () => {
    const { log, lines } = recordingLog();
    const app = await appWith(mailSettings(), { mailWorker: false });
    const worker = new MailWorker(
      { outbox: app.services.mail, send: createSmtpSender(app.services.mail.settings!.smtp), singleProcess: true, log },
      {
        leaseMs: 5_000,
        pollMs: 100,
        retryBaseMs: 100,
        retryMaxMs: 200,
        giveUpAfterMs: 1_000,
        smtpTimeouts: { connectionMs: 500, greetingMs: 500, socketMs: 500 },
      },
    );
    await smtp.stop();
    worker.start();
    try {
      expect((await post(app)).statusCode).toBe(201);
      const [stored] = await app.services.database.db.select().from(contactMessages);
      await until(async () => (await app.services.mail.alertStatuses([stored.id])).get(stored.id) === 'failed', 5_000);
      expect(lines.filter((line) => line.level === 'error').map((line) => line.message)).toHaveLength(1);
      expect(lines.find((line) => line.level === 'error')?.message).toMatch(/^mail given up/);
      expect(await app.services.mail.counts()).toEqual({ pending: 0, failed: 1 });
      await smtp.start();
      await sleep(500);
      expect(smtp.received).toHaveLength(0);

      const metrics = await app.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-secret' } });
      expect(metrics.body).toContain('mail_outbox{state="pending"} 0');
      expect(metrics.body).toContain('mail_outbox{state="failed"} 1');
      expect(metrics.body).toContain('jobs{kind="mail",state="failed"} 1');
    } finally {
      await worker.stop();
    }
  });

  it('a resend after a crash between the server accepting it and the mark carries the same Message-ID', async () => {
    const app = await appWith(mailSettings(), { mailWorker: false });
    expect((await post(app)).statusCode).toBe(201);
    const outbox = app.services.mail;
    const send = createSmtpSender(outbox.settings!.smtp);
    // a worker that sends, then dies before marking: its lease (300 ms here) runs out
    const claimed = await outbox.claim(300);
    await send(claimed!);
    await sleep(400);
    const { log } = recordingLog();
    const worker = new MailWorker({ outbox, send, singleProcess: false, log });
    worker.start();
    try {
      const mails = await smtp.waitFor(2);
      expect(mails[1].parsed.messageId).toBe(mails[0].parsed.messageId);
      await until(async () => (await outbox.counts()).pending === 0);
    } finally {
      await worker.stop();
    }
    await sleep(200);
    expect(smtp.received).toHaveLength(2);
  });

  it('goes with its enquiry when the enquiry is deleted (the alert holds a copy of the message)', async () => {
    const app = await appWith(mailSettings(), { mailWorker: false });
    expect((await post(app)).statusCode).toBe(201);
    const db = app.services.database.db;
    const [stored] = await db.select().from(contactMessages);
    expect(await outboxRows(app)).toHaveLength(1);
    await db.delete(contactMessages).where(eq(contactMessages.id, stored.id));
    expect(await outboxRows(app)).toEqual([]);
    expect((await app.services.mail.alertStatuses([stored.id])).size).toBe(0);
  });

  it('is not queued when storing the enquiry fails: both are one transaction', async () => {
    const app = await appWith(mailSettings(), { mailWorker: false });
    const db = app.services.database.db;
    // a queue that fails after the enquiry's insert: the enquiry must go with it
    const original = app.services.mail.queue.bind(app.services.mail);
    app.services.mail.queue = async (tx, mail) => {
      await original(tx, mail);
      throw new Error('disk full');
    };
    await expect(app.services.contact.store(enquiry)).rejects.toThrow('disk full');
    expect(await db.select().from(contactMessages)).toEqual([]);
    expect(await outboxRows(app)).toEqual([]);
  });
});

describe('MailOutbox.queue', () => {
  it('refuses an address that is not a plain one and flattens line breaks in the subject', async () => {
    const app = await appWith(mailSettings(), { mailWorker: false });
    const { db } = app.services.database;
    const mail = { kind: 'test', subject: 'Hello', text: 'Body' };
    for (const to of ['a@b.example\r\nBcc: c@d.example', 'Name <a@b.example>', 'a@b.example, c@d.example', '']) {
      await expect(db.transaction((tx) => app.services.mail.queue(tx, { ...mail, to }))).rejects.toThrow(/not a plain e-mail address/);
    }
    await db.transaction((tx) => app.services.mail.queue(tx, { ...mail, to: ['a@b.example'], subject: 'One\r\nBcc: x@y.example' }));
    expect((await outboxRows(app)).map((row) => row.subject)).toEqual(['One Bcc: x@y.example']);
  });
});

describe('the retry schedule', () => {
  it('doubles from 30 s to a cap of 10 min, so a mail server down for an hour delays a mail by at most 10 min after it is back, for 2 days', () => {
    const delays = Array.from({ length: 8 }, (_, i) => retryDelay(i + 1, DEFAULT_MAIL_WORKER) / 1000);
    expect(delays).toEqual([30, 60, 120, 240, 480, 600, 600, 600]);
    let waited = 0;
    let attempts = 0;
    while (waited < DEFAULT_MAIL_WORKER.giveUpAfterMs) waited += retryDelay(++attempts, DEFAULT_MAIL_WORKER);
    expect(attempts).toBeGreaterThan(280);
    expect(DEFAULT_MAIL_WORKER.giveUpAfterMs).toBe(2 * 24 * 3600 * 1000);
  });
});
