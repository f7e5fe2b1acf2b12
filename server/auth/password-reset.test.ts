/**
 * A forgotten password by e-mail, through the real app and a real SMTP server on loopback: the same
 * answer for known and unknown addresses, a link that works once and not after 30 minutes, a reset
 * that ends every session and outstanding token of the account, rate limits, a link sent by an account
 * with 'accounts'; and without SMTP_URL, a clear 409.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, passwordResetMessages } from '../../shared/api-messages';
import { accountTokens } from '../db/schema';
import { parseMailSettings } from '../mail/mail-settings';
import { startSmtpServer, type SmtpTestServer } from '../test/smtp-server';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { issueAccountToken } from './account-tokens';

const PUBLIC_URL = 'https://www.example.in';
const NEW_PASSWORD = 'a brand new passphrase 2026';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const LINK = new RegExp(`${PUBLIC_URL}/admin/reset-password\\?token=([A-Za-z0-9_-]{43})`);

describe('password reset by e-mail', () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  const forgot = (email: string, ip = '203.0.113.1') =>
    t.app.inject({ method: 'POST', url: '/api/admins/password/forgot', payload: { email }, remoteAddress: ip });
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/admins/password/reset', payload: { token, newPassword } });
  /** The token of the newest reset mail, once it has arrived. */
  async function mailedToken(count: number): Promise<string> {
    const mails = await smtp.waitFor(count);
    const match = LINK.exec(mails[count - 1].parsed.text ?? '');
    expect(match, mails[count - 1].parsed.text).not.toBeNull();
    return match![1];
  }
  const resetMails = () => smtp.received.filter((mail) => mail.parsed.subject === 'Set a new password for the website admin');

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const mail = parseMailSettings({ SMTP_URL: smtp.url, MAIL_FROM: 'Site <site@example.in>' }, PUBLIC_URL);
    t = await createTestApp({ publicUrl: PUBLIC_URL, mail, loginRateLimit: 6 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('answers an unknown and a known address the same; only the known one gets a mail, with a link', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admins/password/forgot' })).json()).toEqual({ success: true, mail: true });
    const unknown = await forgot('nobody@example.com');
    const known = await forgot(TEST_ADMIN.email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ success: true, message: passwordResetMessages.requested });
    await t.services.passwordResets.settled();
    const [mail] = await smtp.waitFor(1);
    expect(mail.envelopeTo).toEqual([TEST_ADMIN.email]);
    expect(mail.parsed.text).toMatch(LINK);
    expect(smtp.received).toHaveLength(1);
    const entries = (await t.services.audit.list({ kind: 'account.reset-link-sent', limit: 5 })).entries;
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(LINK.exec(mail.parsed.text ?? '')![1]);
  });

  it('the link sets the password once: every session and outstanding token ends, the old password stops working', async () => {
    const session = await t.login();
    const adminId = (await t.services.auth.accounts.listAdmins()).find((row) => row.email === TEST_ADMIN.email)!._id;
    // an outstanding sign-in challenge of the account
    await issueAccountToken(t.services.database.db, adminId, 'login', 300);
    const token = await mailedToken(1);

    const weak = await reset(token, 'short');
    expect(weak.json().message).toBe(apiMessages.passwordTooShort);
    const done = await reset(token);
    expect(done.json()).toEqual({ success: true, message: passwordResetMessages.done });
    expect((await reset(token)).json()).toMatchObject({ success: false, message: passwordResetMessages.linkInvalid });

    expect((await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: bearer(session) })).statusCode).toBe(401);
    const left = await t.services.database.db
      .select()
      .from(accountTokens)
      .where(sql`${accountTokens.adminId} = ${adminId}`);
    expect(left).toHaveLength(0);
    const old = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { ...TEST_ADMIN, password: NEW_PASSWORD } });
    expect(fresh.statusCode).toBe(200);
    expect((await t.services.audit.list({ kind: 'account.password-reset', limit: 5 })).entries).toHaveLength(1);
    // the owner is told, as for any password change
    const changed = await smtp.waitFor(2);
    expect(changed[1].parsed.subject).toBe('Your website admin password was changed');
  });

  it('a link older than 30 minutes is refused', async () => {
    await forgot(TEST_ADMIN.email, '203.0.113.2');
    await t.services.passwordResets.settled();
    const token = await mailedToken(3);
    await t.services.database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await reset(token)).json()).toMatchObject({ success: false, message: passwordResetMessages.linkInvalid });
  });

  it('limits the mails to one address, and answers 429 to an address that asks too often', async () => {
    const before = resetMails().length;
    for (let i = 0; i < 3; i += 1) expect((await forgot(TEST_ADMIN.email, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    await t.services.passwordResets.settled();
    // two were asked for in this window before (by the tests above): the third is sent, no more
    await smtp.waitFor(smtp.received.length + 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(resetMails().length - before).toBe(1);

    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await forgot(`someone${i}@example.com`, '192.0.2.9')).statusCode);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('an account with accounts sends any account a link (step-up needed); one without cannot', async () => {
    const admin = (
      await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { ...TEST_ADMIN, password: NEW_PASSWORD } })
    ).json().token as string;
    const headers = await stepUpHeaders(t.app, admin, { password: NEW_PASSWORD });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers,
      payload: { email: 'sales-desk@example.com', password: 'a sales desk long password', role: 'sales' },
    });
    const salesId = added.json().data._id as string;
    expect((await t.app.inject({ method: 'POST', url: `/api/admins/${salesId}/reset-link`, headers: bearer(admin) })).statusCode).toBe(403);
    const sent = await t.app.inject({ method: 'POST', url: `/api/admins/${salesId}/reset-link`, headers });
    expect(sent.json()).toEqual({ success: true, message: passwordResetMessages.linkSent('sales-desk@example.com') });
    await smtp.waitFor(smtp.received.length);
    const sales = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admins/login',
        payload: { email: 'sales-desk@example.com', password: 'a sales desk long password' },
      })
    ).json().token as string;
    const refused = await t.app.inject({ method: 'POST', url: `/api/admins/${salesId}/reset-link`, headers: bearer(sales) });
    expect(refused.statusCode).toBe(403);
  });
});

describe('password reset without mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says so: the screen keeps the command line, and the calls answer 409 with a clear message', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admins/password/forgot' })).json()).toEqual({ success: true, mail: false });
    const forgot = await t.app.inject({ method: 'POST', url: '/api/admins/password/forgot', payload: { email: TEST_ADMIN.email } });
    expect(forgot.statusCode).toBe(409);
    expect(forgot.json().message).toBe(passwordResetMessages.noMail);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/admins/password/reset',
      payload: { token: 'x'.repeat(43), newPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(409);
  });
});
