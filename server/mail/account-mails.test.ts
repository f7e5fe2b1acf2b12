/**
 * Mails to an account's owner, through the real app and a real SMTP server on loopback: a password
 * change, and a sign-in from a device the account had not used before (not the first sign-in, not a
 * device seen before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpTestServer } from '../test/smtp-server';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { parseMailSettings } from './mail-settings';

const PUBLIC_URL = 'https://www.example.in';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let smtp: SmtpTestServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const mail = parseMailSettings({ SMTP_URL: smtp.url, MAIL_FROM: 'Site <site@example.in>' }, PUBLIC_URL);
  t = await createTestApp({ publicUrl: PUBLIC_URL, mail });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

async function login(userAgent: string, password = TEST_ADMIN.password) {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/admins/login',
    headers: { 'user-agent': userAgent },
    payload: { email: TEST_ADMIN.email, password },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().token as string;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('account mails', () => {
  it('the first sign-in, and one from a device used before, send nothing; a new device sends one mail to the owner', async () => {
    await login(FIREFOX);
    await login(FIREFOX);
    await settle();
    expect(smtp.received).toHaveLength(0);

    await login(SAFARI);
    const [mail] = await smtp.waitFor(1);
    expect(mail.envelopeTo).toEqual([TEST_ADMIN.email]);
    expect(mail.parsed.subject).toBe('New sign-in to the website admin from Safari on iPhone');
    expect(mail.parsed.text).toContain(`${PUBLIC_URL}/admin/account`);
    // the site's zone (Asia/Kolkata by default), as everywhere a person reads a time
    expect(mail.parsed.text).toMatch(/When: +\d{4}-\d{2}-\d{2} \d{2}:\d{2} IST\n/);
    expect(mail.parsed.text).not.toContain('UTC');

    await login(SAFARI);
    await settle();
    expect(smtp.received).toHaveLength(1);
  });

  it('a password change is mailed to the owner', async () => {
    const token = await login(FIREFOX);
    const newPassword = 'a much longer passphrase 2026';
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/admins/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: TEST_ADMIN.password, newPassword },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const mails = await smtp.waitFor(2);
    expect(mails[1].envelopeTo).toEqual([TEST_ADMIN.email]);
    expect(mails[1].parsed.subject).toBe('Your website admin password was changed');
    expect(mails[1].parsed.text).toContain('every session of the account was ended');
    expect(mails[1].parsed.text).toMatch(/was changed at \d{4}-\d{2}-\d{2} \d{2}:\d{2} IST,/);
  });
});
