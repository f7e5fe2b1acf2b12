/**
 * Roles, two-factor sign-in and re-authentication through the real app: what an Editor may not do,
 * the last Admin kept, TOTP enrolment and sign-in without replay, recovery codes used once, failures
 * counted toward the lockout, REQUIRE_2FA, and sensitive actions that need the password (and code) again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { accountSecurityMessages as messages, apiMessages, areaLabels } from '../../shared/api-messages';
import { createRecord } from '../test/backup-helpers';
import { EDITOR, editorToken, stepUpHeaders, totpCode } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const STEP = 30_000;

/** Turns two-factor sign-in on for the session's account; returns the secret and the recovery codes. */
/** Enrols the account; `confirmedAt` is when its confirming code was made (that code's time step is then used). */
async function enrol(t: TestApp, token: string): Promise<{ secret: string; recoveryCodes: string[]; confirmedAt: number }> {
  const headers = await stepUpHeaders(t.app, token);
  const setup = await t.app.inject({ method: 'POST', url: '/api/admins/2fa/setup', headers });
  expect(setup.statusCode).toBe(200);
  const { secret, qrCode, otpauthUrl } = setup.json().data;
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const wrong = await t.app.inject({ method: 'POST', url: '/api/admins/2fa/confirm', headers, payload: { code: '000000' } });
  expect(wrong.statusCode).toBe(400);
  const confirmedAt = Date.now();
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/admins/2fa/confirm',
    headers,
    payload: { code: totpCode(secret, confirmedAt) },
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json().recoveryCodes, confirmedAt };
}

const login = (t: TestApp, account = TEST_ADMIN) => t.app.inject({ method: 'POST', url: '/api/admins/login', payload: account });
const secondStep = (t: TestApp, payload: object) => t.app.inject({ method: 'POST', url: '/api/admins/login/2fa', payload });

describe('roles', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    editor = await editorToken(t.app, admin);
  });
  afterAll(() => t.close());

  it('the first account is an Admin; /me names each role', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: bearer(admin) })).json().admin.role).toBe('admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: bearer(editor) })).json().admin.role).toBe('editor');
  });

  it('refuses an Editor enquiries, accounts and backups with 403 and a clear message', async () => {
    const editorId = (await t.services.auth.accounts.listAdmins()).find((row) => row.email === EDITOR.email)!._id;
    const calls = [
      { method: 'GET', url: '/api/user/export', area: areaLabels.enquiries },
      { method: 'GET', url: '/api/admins', area: areaLabels.accounts },
      {
        method: 'POST',
        url: '/api/admins',
        payload: { email: 'new@example.com', password: 'a long enough password' },
        area: areaLabels.accounts,
      },
      { method: 'DELETE', url: `/api/admins/${editorId}`, area: areaLabels.accounts },
      { method: 'PATCH', url: `/api/admins/${editorId}`, payload: { role: 'admin' }, area: areaLabels.accounts },
      { method: 'GET', url: '/api/backup', area: areaLabels.accounts },
      { method: 'GET', url: '/api/backup/summary', area: areaLabels.accounts },
    ] as const;
    // even with its own password confirmed
    const headers = await stepUpHeaders(t.app, editor, { password: EDITOR.password });
    for (const { area, ...call } of calls) {
      const reply = await t.app.inject({ ...call, headers });
      expect(reply.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(reply.json()).toEqual({ success: false, message: messages.areaRequired(area) });
    }
    expect((await t.services.auth.accounts.listAdmins()).find((row) => row.email === EDITOR.email)?.role).toBe('editor');
    expect((await t.services.auth.accounts.listAdmins()).map((row) => row.email)).not.toContain('new@example.com');
  });

  it('lets an Editor edit content, the About document and its own password', async () => {
    await createRecord(t, editor, 'clients', 'by the editor');
    const about = await t.app.inject({ method: 'PUT', url: '/api/about-content', headers: bearer(editor), payload: DEFAULT_ABOUT_CONTENT });
    expect(about.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: bearer(editor) });
    expect(me.statusCode).toBe(200);
  });

  it('keeps the last Admin: no demotion, no removal, even when two Admins demote each other at once', async () => {
    const editorId = (await t.services.auth.accounts.listAdmins()).find((row) => row.email === EDITOR.email)!._id;
    const adminId = (await t.services.auth.accounts.listAdmins()).find((row) => row.email === TEST_ADMIN.email)!._id;
    const headers = await stepUpHeaders(t.app, admin);
    const demoteSelf = await t.app.inject({ method: 'PATCH', url: `/api/admins/${adminId}`, headers, payload: { role: 'editor' } });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().message).toBe(messages.lastAdminDemoted);
    await expect(t.services.auth.accounts.removeAdmin(adminId, editorId)).rejects.toMatchObject({
      statusCode: 409,
      message: apiMessages.lastAdmin,
    });

    // promote the Editor, then both Admins demote each other at the same moment: one stays Admin
    const promote = await t.app.inject({ method: 'PATCH', url: `/api/admins/${editorId}`, headers, payload: { role: 'admin' } });
    expect(promote.json()).toMatchObject({ success: true, data: { role: 'admin' } });
    const results = await Promise.allSettled([
      t.services.auth.accounts.changeAccess(editorId, { role: 'editor' }),
      t.services.auth.accounts.changeAccess(adminId, { role: 'editor' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await t.services.auth.accounts.listAdmins()).filter((row) => row.role === 'admin')).toHaveLength(1);
    // back as it was for the other tests
    const admins = await t.services.auth.accounts.listAdmins();
    await t.services.auth.accounts.changeAccess(adminId, { role: 'admin' });
    await t.services.auth.accounts.changeAccess(editorId, { role: 'editor' });
    expect(admins).toHaveLength(2);
  });

  it('adds an account with the role picked, and refuses an unknown role', async () => {
    const headers = await stepUpHeaders(t.app, admin);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers,
      payload: { email: 'x@example.com', password: 'a long enough password', role: 'owner' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.roleInvalid);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers,
      payload: { email: 'writer@example.com', password: 'a long enough password', role: 'editor' },
    });
    expect(added.json().data).toMatchObject({ email: 'writer@example.com', role: 'editor' });
  });
});

describe('two-factor sign-in', () => {
  let t: TestApp;
  let secret: string;
  let recoveryCodes: string[];
  let confirmedAt: number;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 6, loginLockMinutes: 10, loginRateLimit: 1000 });
    ({ secret, recoveryCodes, confirmedAt } = await enrol(t, await t.login()));
  });
  afterAll(() => t.close());

  it('stores the secret encrypted and the recovery codes hashed', async () => {
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await t.services.database.db.query.adminTotp.findMany();
    expect(row.secret).not.toContain(secret);
    expect(row.secret).toMatch(/^v1\./);
    const stored = await t.services.database.db.query.adminRecoveryCodes.findMany();
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('asks for a code after the password, takes a code of the next step, and refuses it replayed', async () => {
    const first = await login(t);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, twoFactorRequired: true, challenge: expect.any(String) });
    // the code that confirmed the enrolment cannot be used again (its own step's code: the clock may have moved to
    // the next step since, whose code is still unused)
    const replayedEnrolment = await secondStep(t, { challenge: first.json().challenge, code: totpCode(secret, confirmedAt) });
    expect(replayedEnrolment.statusCode).toBe(401);
    expect(replayedEnrolment.json().message).toBe(messages.codeWrong);

    // a code of the next step, sent twice at once: one session, one refusal
    const next = totpCode(secret, Date.now() + STEP);
    const both = await Promise.all([
      secondStep(t, { challenge: first.json().challenge, code: next }),
      secondStep(t, { challenge: first.json().challenge, code: next }),
    ]);
    expect(both.map((reply) => reply.statusCode).sort()).toEqual([200, 401]);
    const ok = both.find((reply) => reply.statusCode === 200)!;
    expect(ok.json()).toMatchObject({ success: true, admin: { email: TEST_ADMIN.email } });
    const me = await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: bearer(ok.json().token) });
    expect(me.json().admin).toMatchObject({ twoFactor: true, recoveryCodesLeft: 10 });

    // and later, in another sign-in
    const again = await login(t);
    const replayed = await secondStep(t, { challenge: again.json().challenge, code: next });
    expect(replayed.statusCode).toBe(401);
  });

  it('refuses a forged or altered challenge', async () => {
    const session = (await t.app.inject({ method: 'POST', url: '/api/admins/login/2fa', payload: { challenge: 'x', code: '1' } })).json();
    expect(session.success).toBe(false);
    for (const challenge of ['forged', `${(await login(t)).json().challenge}x`]) {
      const reply = await secondStep(t, { challenge, code: '123456' });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().message).toBe(messages.challengeExpired);
    }
  });

  it('takes each recovery code once', async () => {
    const use = async () => secondStep(t, { challenge: (await login(t)).json().challenge, recoveryCode: recoveryCodes[0].toLowerCase() });
    expect((await use()).statusCode).toBe(200);
    expect((await use()).statusCode).toBe(401);
    expect((await t.services.auth.twoFactor.status((await t.services.auth.accounts.listAdmins())[0]._id)).recoveryCodesLeft).toBe(9);
  });

  it('replaces the recovery codes after the password and a code: the old ones stop working, the new ones work once', async () => {
    const session = (await secondStep(t, { challenge: (await login(t)).json().challenge, recoveryCode: recoveryCodes[1] })).json().token;
    const replace = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/admins/2fa/recovery-codes', headers: { ...bearer(session), ...headers } });
    // not without confirming the password and a code
    expect((await replace({})).statusCode).toBe(403);
    const stepUp = await t.app.inject({
      method: 'POST',
      url: '/api/admins/reauth',
      headers: bearer(session),
      payload: { password: TEST_ADMIN.password, recoveryCode: recoveryCodes[2] },
    });
    const replaced = await replace({ 'x-reauth-token': stepUp.json().stepUpToken });
    expect(replaced.statusCode).toBe(200);
    const fresh: string[] = replaced.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    const adminId = (await t.services.auth.accounts.listAdmins())[0]._id;
    expect((await t.services.auth.twoFactor.status(adminId)).recoveryCodesLeft).toBe(10);
    expect((await t.services.audit.list({ kind: '2fa.recovery-codes-replaced', limit: 10 })).entries).toHaveLength(1);

    const use = async (recoveryCode: string) =>
      (await secondStep(t, { challenge: (await login(t)).json().challenge, recoveryCode })).statusCode;
    expect(await use(recoveryCodes[3])).toBe(401);
    expect(await use(fresh[0])).toBe(200);
    expect(await use(fresh[0])).toBe(401);
    recoveryCodes = fresh.slice(1);
  });

  it('counts wrong codes toward the lockout: then even a right code is refused', async () => {
    await t.services.auth.accounts.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
    const challenge = (await login(t)).json().challenge;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await secondStep(t, { challenge, code: '000000' })).statusCode);
    // the password step counted as the first of 6 attempts: the sixth code is past the limit
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await secondStep(t, { challenge, code: totpCode(secret, Date.now() + 3 * STEP) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(apiMessages.accountLocked);
    expect((await login(t)).statusCode).toBe(429);
    await t.services.auth.accounts.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
  });
});

describe('REQUIRE_2FA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ require2fa: true });
  });
  afterAll(() => t.close());

  it('leads an account without two-factor through enrolment before it gets a session', async () => {
    const first = await login(t);
    expect(first.json()).toEqual({ success: true, twoFactorSetupRequired: true, challenge: expect.any(String) });
    const { challenge } = first.json();
    // the enrolment challenge opens no session by itself, and is no login challenge
    expect((await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: bearer(challenge) })).statusCode).toBe(401);
    const setup = await t.app.inject({ method: 'POST', url: '/api/admins/login/2fa/setup', payload: { challenge } });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    expect((await secondStep(t, { challenge, code: '000000' })).statusCode).toBe(401);
    const done = await secondStep(t, { challenge, code: totpCode(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    const token = done.json().token as string;

    const next = await login(t);
    expect(next.json()).toMatchObject({ twoFactorRequired: true });
    // turning it off is refused while the site requires it
    const headers = await stepUpHeaders(t.app, token, { code: totpCode(secret, Date.now() + STEP) });
    const off = await t.app.inject({ method: 'POST', url: '/api/admins/2fa/disable', headers });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(messages.twoFactorRequiredBySite);
  });
});

describe('re-authentication', () => {
  let t: TestApp;
  let token: string;
  let editorId: string;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 3, loginLockMinutes: 10, loginRateLimit: 1000 });
    token = await t.login();
    await editorToken(t.app, token);
    editorId = (await t.services.auth.accounts.listAdmins()).find((row) => row.email === EDITOR.email)!._id;
  });
  afterAll(() => t.close());

  const sensitive = (headers: Record<string, string>) => [
    t.app.inject({ method: 'POST', url: '/api/admins', headers, payload: { email: 'n@example.com', password: 'a long enough password' } }),
    t.app.inject({ method: 'PATCH', url: `/api/admins/${editorId}`, headers, payload: { role: 'admin' } }),
    t.app.inject({ method: 'DELETE', url: `/api/admins/${editorId}`, headers }),
    t.app.inject({ method: 'GET', url: '/api/backup', headers }),
    t.app.inject({ method: 'POST', url: '/api/admins/2fa/disable', headers }),
  ];

  it('refuses add, role change, removal, backup download and turning two-factor off without it, and changes nothing', async () => {
    const other = await t.login();
    const foreign = await stepUpHeaders(t.app, other);
    for (const headers of [
      bearer(token),
      { ...bearer(token), 'x-reauth-token': 'forged' },
      { ...bearer(token), 'x-reauth-token': foreign['x-reauth-token'] },
    ]) {
      for (const reply of await Promise.all(sensitive(headers))) {
        expect(reply.statusCode).toBe(403);
        expect(reply.json().message).toBe(messages.reauthRequired);
      }
    }
    const rows = await t.services.auth.accounts.listAdmins();
    expect(rows.map((row) => [row.email, row.role])).toEqual([
      [TEST_ADMIN.email, 'admin'],
      [EDITOR.email, 'editor'],
    ]);
  });

  it('refuses a wrong password with 403, counts it toward the lockout, and takes the right one', async () => {
    const reauth = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/admins/reauth', headers: bearer(token), payload: { password } });
    const wrong = await reauth('not my password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(messages.reauthFailed);
    expect((await reauth('')).statusCode).toBe(403);
    const ok = await reauth(TEST_ADMIN.password);
    expect(ok.statusCode).toBe(200);
    const headers = { ...bearer(token), 'x-reauth-token': ok.json().stepUpToken };
    const role = await t.app.inject({ method: 'PATCH', url: `/api/admins/${editorId}`, headers, payload: { role: 'admin' } });
    expect(role.statusCode).toBe(200);
    const backup = await t.app.inject({ method: 'GET', url: '/api/backup', headers });
    expect(backup.statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admins/${editorId}`, headers });
    expect(removed.statusCode).toBe(200);

    for (let i = 0; i < 3; i++) expect((await reauth('not my password')).statusCode).toBe(403);
    expect((await reauth(TEST_ADMIN.password)).statusCode).toBe(429);
    await t.services.auth.accounts.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
  });

  it('asks for a code too when two-factor sign-in is on, and turns it off only then', async () => {
    token = await t.login();
    const { secret } = await enrol(t, token);
    const reauth = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admins/reauth', headers: bearer(token), payload });
    expect((await reauth({ password: TEST_ADMIN.password })).statusCode).toBe(403);
    expect((await reauth({ password: TEST_ADMIN.password, code: '000000' })).statusCode).toBe(403);
    const ok = await reauth({ password: TEST_ADMIN.password, code: totpCode(secret, Date.now() + STEP) });
    expect(ok.statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admins/2fa/disable',
      headers: { ...bearer(token), 'x-reauth-token': ok.json().stepUpToken },
    });
    expect(off.statusCode).toBe(200);
    expect((await login(t)).json().token).toEqual(expect.any(String));
    // with two-factor off there are no recovery codes to replace
    const noCodes = await t.app.inject({
      method: 'POST',
      url: '/api/admins/2fa/recovery-codes',
      headers: await stepUpHeaders(t.app, token),
    });
    expect(noCodes.statusCode).toBe(409);
    expect(noCodes.json().message).toBe(messages.twoFactorOffNoCodes);
  });
});
