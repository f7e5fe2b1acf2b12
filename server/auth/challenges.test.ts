/**
 * Sign-in challenges are single-use account tokens (issue 22): a challenge opens one session at most,
 * even when two requests race with it, and dies with any change of the account's password, two-factor
 * state or role, so whoever held an old one cannot enrol an authenticator or sign in with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMessages as messages } from '../../shared/api-messages';
import { EDITOR, stepUpHeaders, totpCode } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

const login = (t: TestApp, account = TEST_ADMIN) => t.app.inject({ method: 'POST', url: '/api/admins/login', payload: account });
const secondStep = (t: TestApp, payload: object) => t.app.inject({ method: 'POST', url: '/api/admins/login/2fa', payload });
const setupAtLogin = (t: TestApp, challenge: string) =>
  t.app.inject({ method: 'POST', url: '/api/admins/login/2fa/setup', payload: { challenge } });

/** A challenge refused as expired, at both steps it could be used at. */
async function expectDead(t: TestApp, challenge: string, code: string) {
  const setup = await setupAtLogin(t, challenge);
  expect(setup.statusCode).toBe(401);
  const step = await secondStep(t, { challenge, code });
  expect(step.statusCode).toBe(401);
  expect(step.json().message).toBe(messages.challengeExpired);
}

describe('an enrolment challenge (REQUIRE_2FA)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ require2fa: true, loginRateLimit: 1000 });
  });
  afterAll(() => t.close());

  /** Signs in with an enrolment challenge: sets two-factor up and returns the session token. */
  async function enrolAtLogin(account = TEST_ADMIN): Promise<{ token: string; secret: string }> {
    const { challenge } = (await login(t, account)).json();
    const { secret } = (await setupAtLogin(t, challenge)).json().data;
    const done = await secondStep(t, { challenge, code: totpCode(secret) });
    expect(done.statusCode, done.body).toBe(200);
    return { token: done.json().token, secret };
  }

  it('dies with a password reset (the command line’s): it neither starts an enrolment nor signs in', async () => {
    const { challenge } = (await login(t)).json();
    const setup = await setupAtLogin(t, challenge);
    expect(setup.statusCode).toBe(200);
    await t.services.auth.accounts.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
    await expectDead(t, challenge, totpCode(setup.json().data.secret));
  });

  it('opens one session only, even when two requests race with it; a wrong code leaves it usable', async () => {
    const { challenge } = (await login(t)).json();
    const { secret } = (await setupAtLogin(t, challenge)).json().data;
    expect((await secondStep(t, { challenge, code: '000000' })).statusCode).toBe(401);
    const code = totpCode(secret);
    const replies = await Promise.all([secondStep(t, { challenge, code }), secondStep(t, { challenge, code })]);
    // the loser finds the challenge used (401) or two-factor already on (409, when it looked after the winner committed)
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode !== 200).map((reply) => [401, 409].includes(reply.statusCode))).toEqual([true]);
    expect(replies.filter((reply) => reply.json().token)).toHaveLength(1);
    expect((await secondStep(t, { challenge, code: totpCode(secret, Date.now() + 30_000) })).statusCode).toBe(401);
  });

  it('dies with a role change', async () => {
    await t.services.auth.accounts.addAdmin(EDITOR.email, EDITOR.password, { role: 'editor' });
    const editorId = (await t.services.auth.accounts.listAdmins()).find((row) => row.email === EDITOR.email)!._id;
    const { challenge } = (await login(t, EDITOR)).json();
    const setup = await setupAtLogin(t, challenge);
    expect(setup.statusCode).toBe(200);
    await t.services.auth.accounts.changeAccess(editorId, { role: 'admin' });
    await expectDead(t, challenge, totpCode(setup.json().data.secret));
  });

  it('of another account is not touched by this one’s changes', async () => {
    const { challenge } = (await login(t, EDITOR)).json();
    await t.services.auth.accounts.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await setupAtLogin(t, challenge)).statusCode).toBe(200);
    await enrolAtLogin(EDITOR);
  });
});

describe('a code challenge (two-factor on)', () => {
  let t: TestApp;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: 1000 });
    const headers = await stepUpHeaders(t.app, await t.login());
    ({ secret } = (await t.app.inject({ method: 'POST', url: '/api/admins/2fa/setup', headers })).json().data);
    const on = await t.app.inject({ method: 'POST', url: '/api/admins/2fa/confirm', headers, payload: { code: totpCode(secret) } });
    expect(on.statusCode).toBe(200);
    recoveryCodes = on.json().recoveryCodes;
  });
  afterAll(() => t.close());

  it('opens one session only: two requests racing with two right recovery codes get one session', async () => {
    const { challenge } = (await login(t)).json();
    const replies = await Promise.all([
      secondStep(t, { challenge, recoveryCode: recoveryCodes[0] }),
      secondStep(t, { challenge, recoveryCode: recoveryCodes[1] }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 401]);
    // used up: a third right code is refused too
    expect((await secondStep(t, { challenge, recoveryCode: recoveryCodes[2] })).statusCode).toBe(401);
  });

  it('dies with a password change', async () => {
    const { challenge } = (await login(t)).json();
    const { challenge: second } = (await login(t)).json();
    const done = await secondStep(t, { challenge: second, recoveryCode: recoveryCodes[3] });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admins/password',
      headers: { authorization: `Bearer ${done.json().token}` },
      payload: { currentPassword: TEST_ADMIN.password, newPassword: 'another long enough password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await secondStep(t, { challenge, recoveryCode: recoveryCodes[4] })).statusCode).toBe(401);
    await t.services.auth.accounts.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
  });

  it('dies with a reset of two-factor (the command line’s)', async () => {
    const { challenge } = (await login(t)).json();
    const adminId = (await t.services.auth.accounts.listAdmins())[0]._id;
    await t.services.auth.accounts.resetTwoFactor(adminId);
    await expectDead(t, challenge, totpCode(secret, Date.now() + 60_000));
  });
});
