// engine-independent: the built server on an embedded database of its own, and its SMTP peer
/**
 * The built server sends alerts itself: started with SMTP_URL and NOTIFY_EMAIL, an enquiry posted to
 * it arrives at the loopback SMTP server, and SIGTERM still stops it cleanly.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, SMTP_LOGIN, type SmtpTestServer } from '../test/smtp-server';
import { prepareDataDir, startServer, type ServerProcess } from '../test/server-process';

let smtp: SmtpTestServer;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = await prepareDataDir('mail-process-');
  server = await startServer({
    dataDir,
    env: { SMTP_URL: smtp.url, NOTIFY_EMAIL: 'owner@example.in', PUBLIC_URL: 'https://www.example.in' },
  });
});
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await smtp?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server with SMTP settings', () => {
  it('mails an enquiry to NOTIFY_EMAIL from the default From, and stops on SIGTERM', async () => {
    const reply = await fetch(`${server.base}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Meera Iyer', email: 'meera@example.com', number: '9845012345', message: 'Carved teak door quote' }),
    });
    expect(reply.status).toBe(201);
    const [mail] = await smtp.waitFor(1, 15_000);
    expect(mail.envelopeTo).toEqual(['owner@example.in']);
    expect(mail.parsed.from?.value).toEqual([{ name: 'Website', address: 'no-reply@example.in' }]);
    expect(mail.parsed.subject).toBe('New enquiry from Meera Iyer');
    expect(mail.parsed.text).toContain('Carved teak door quote');
    expect(mail.parsed.text).toMatch(/https:\/\/www\.example\.in\/admin\/users\?message=[0-9a-f-]{36}/);

    expect(server.output()).toContain('Mail through 127.0.0.1:');
    expect(server.output()).toContain('enquiry alerts to owner@example.in');
    expect(server.output()).not.toContain(SMTP_LOGIN.pass);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});
