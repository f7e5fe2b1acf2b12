/**
 * Guesses a signed-in session can make (issue 22): a wrong current password counts toward the
 * account's lockout like a sign-in and a password confirmation, and each failure is in the activity
 * log as what it was (a wrong current password, a failed confirmation, a wrong two-factor code, a
 * recovery code spent beside a wrong code).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMessages as messages, apiMessages } from '../../shared/api-messages';
import type { AuditKind } from '../../shared/audit';
import { stepUpHeaders, totpCode } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

const MAX = 3;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function entries(t: TestApp, kind: AuditKind) {
  return (await t.services.audit.list({ kind, limit: 200 })).entries;
}

describe('a wrong current password', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: MAX, loginLockMinutes: 10, loginRateLimit: 1000 });
    token = await t.login();
  });
  afterAll(() => t.close());

  const change = (currentPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admins/password',
      headers: bearer(token),
      payload: { currentPassword, newPassword: 'a new long enough password' },
    });

  it('counts toward the lockout: 400 with its message up to the limit, then 429, and sign-in is locked too; each is logged', async () => {
    for (let i = 0; i < MAX; i += 1) {
      const reply = await change(`wrong guess ${i}`);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(apiMessages.passwordWrong);
    }
    const locked = await change('wrong guess again');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(apiMessages.accountLocked);
    // even the right one now: the lockout is the account's
    expect((await change(TEST_ADMIN.password)).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN })).statusCode).toBe(429);

    const failed = await entries(t, 'account.password-change-failed');
    expect(failed.map((entry) => entry.details.reason)).toEqual(['locked', 'locked', ...Array(MAX).fill('wrong current password')]);
    expect(failed[0].actor?.email).toBe(TEST_ADMIN.email);
    expect(await entries(t, 'sign-in.locked')).toHaveLength(1);
    expect(await entries(t, 'account.password-changed')).toHaveLength(0);
  });
});

describe('failed password confirmations and two-factor codes', () => {
  let t: TestApp;
  let token: string;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 10, loginRateLimit: 1000 });
    token = await t.login();
    const headers = await stepUpHeaders(t.app, token);
    ({ secret } = (await t.app.inject({ method: 'POST', url: '/api/admins/2fa/setup', headers })).json().data);
    recoveryCodes = (
      await t.app.inject({ method: 'POST', url: '/api/admins/2fa/confirm', headers, payload: { code: totpCode(secret) } })
    ).json().recoveryCodes;
  });
  afterAll(() => t.close());

  const reauth = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admins/reauth', headers: bearer(token), payload });

  it('a failed confirmation is logged with what was wrong', async () => {
    expect((await reauth({ password: 'not the password', code: '000000' })).statusCode).toBe(403);
    expect((await reauth({ password: TEST_ADMIN.password, code: '000000' })).statusCode).toBe(403);
    const failed = await entries(t, 'reauth.failed');
    expect(failed.map((entry) => entry.details.reason)).toEqual(['wrong two-factor code', 'wrong password']);
    expect(failed[0].actor?.email).toBe(TEST_ADMIN.email);
  });

  it('a wrong code at sign-in is a wrong two-factor code, not a wrong password', async () => {
    const { challenge } = (await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN })).json();
    const wrong = await t.app.inject({ method: 'POST', url: '/api/admins/login/2fa', payload: { challenge, code: '000000' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(messages.codeWrong);
    const [entry] = await entries(t, 'sign-in.failed');
    expect(entry.details).toEqual({ reason: 'wrong two-factor code' });
  });

  it('a recovery code spent beside a wrong code is logged, at sign-in and at a confirmation', async () => {
    const { challenge } = (await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN })).json();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admins/login/2fa',
      payload: { challenge, code: '000000', recoveryCode: recoveryCodes[0] },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await reauth({ password: TEST_ADMIN.password, code: '000000', recoveryCode: recoveryCodes[1] })).statusCode).toBe(200);
    expect(await entries(t, '2fa.recovery-code-used')).toHaveLength(2);
  });
});
