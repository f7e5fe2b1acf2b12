/**
 * Issue 22 rules of the sign-in around it: enrolling two-factor needs the password first; under
 * REQUIRE_2FA an account without it reaches only its enrolment (sessions from before the setting
 * too); one origin rule, against PUBLIC_URL, for every sign-in step; device names and account
 * emails that cannot carry markup or look-alike letters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMessages as messages, apiMessages } from '../../shared/api-messages';
import { STEP_UP_HEADER } from '../../shared/roles';
import { stepUpHeaders, totpCode } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { emailSchema } from './auth-schemas';
import { describeDevice, UNKNOWN_DEVICE } from './device';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('turning two-factor on from the account screen', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('needs a fresh password confirmation: a session alone neither starts nor confirms it', async () => {
    const token = await t.login();
    for (const url of ['/api/admins/2fa/setup', '/api/admins/2fa/confirm']) {
      const reply = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload: { code: '123456' } });
      expect(reply.statusCode, url).toBe(403);
      expect(reply.json().message).toBe(messages.reauthRequired);
    }
    const headers = await stepUpHeaders(t.app, token);
    const setup = await t.app.inject({ method: 'POST', url: '/api/admins/2fa/setup', headers });
    expect(setup.statusCode).toBe(200);
    // the confirmation of another session does not do
    const other = await stepUpHeaders(t.app, await t.login());
    const foreign = { ...bearer(token), [STEP_UP_HEADER]: other[STEP_UP_HEADER] };
    const code = totpCode(setup.json().data.secret);
    expect((await t.app.inject({ method: 'POST', url: '/api/admins/2fa/confirm', headers: foreign, payload: { code } })).statusCode).toBe(
      403,
    );
    const on = await t.app.inject({ method: 'POST', url: '/api/admins/2fa/confirm', headers, payload: { code } });
    expect(on.statusCode).toBe(200);
    expect(on.json().recoveryCodes).toHaveLength(10);
  });
});

describe('a session opened before REQUIRE_2FA was switched on', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const before = await createTestApp();
    token = await before.login();
    await before.stop();
    t = await createTestApp({ require2fa: true }, { dataDir: before.env.dataDir, schemaName: before.schemaName });
  });
  afterAll(() => t.close());

  it('reaches nothing but its enrolment, and its password alone confirms the enrolment only', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: bearer(token) });
    expect(me.json().admin).toMatchObject({ twoFactor: false, twoFactorRequired: true });
    for (const [method, url] of [
      ['GET', '/api/admins/sessions'],
      ['GET', '/api/admins'],
      ['GET', '/api/activity'],
      ['GET', '/api/backup/summary'],
      ['POST', '/api/clients'],
      ['PUT', '/api/about-content'],
    ] as const) {
      const reply = await t.app.inject({ method, url, headers: bearer(token), payload: {} });
      expect(reply.statusCode, url).toBe(403);
      expect(reply.json().message).toBe(messages.twoFactorSetupFirst);
    }
    const passwordOnly = await stepUpHeaders(t.app, token);
    const setup = await t.app.inject({ method: 'POST', url: '/api/admins/2fa/setup', headers: passwordOnly });
    expect(setup.statusCode).toBe(200);
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/admins/2fa/confirm',
      headers: passwordOnly,
      payload: { code: totpCode(setup.json().data.secret) },
    });
    expect(on.statusCode).toBe(200);
    // enrolled: the screens answer again, but the password-only confirmation allows no other sensitive action
    expect((await t.app.inject({ method: 'GET', url: '/api/admins/sessions', headers: bearer(token) })).statusCode).toBe(200);
    const backup = await t.app.inject({ method: 'GET', url: '/api/backup', headers: passwordOnly });
    expect(backup.statusCode).toBe(403);
    expect(backup.json().message).toBe(messages.reauthRequired);
  });
});

describe('the origin rule of the sign-in steps', () => {
  let t: TestApp;
  let viaProxy: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: 1000 });
    viaProxy = await createTestApp({ trustProxy: 1, loginRateLimit: 1000 }, undefined, { renditionWorker: false });
  });
  afterAll(async () => {
    await t.close();
    await viaProxy.close();
  });

  it('refuses the code step and the enrolment at sign-in another site starts', async () => {
    for (const url of ['/api/admins/login/2fa', '/api/admins/login/2fa/setup']) {
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }]) {
        const reply = await t.app.inject({ method: 'POST', url, headers, payload: { challenge: 'x'.repeat(43), code: '123456' } });
        expect(reply.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(reply.json().message).toBe(apiMessages.crossSiteRefused);
      }
    }
  });

  it('compares Origin with PUBLIC_URL, never with a forwarded host', async () => {
    const evil = { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' };
    const login = await viaProxy.app.inject({ method: 'POST', url: '/api/admins/login', headers: evil, payload: TEST_ADMIN });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    const ours = await viaProxy.app.inject({
      method: 'POST',
      url: '/api/admins/login',
      headers: { origin: viaProxy.env.publicUrl },
      payload: TEST_ADMIN,
    });
    expect(ours.statusCode).toBe(200);
    const cookie = String(ours.headers['set-cookie']).split(';')[0];
    const write = await viaProxy.app.inject({
      method: 'POST',
      url: '/api/admins/logout',
      headers: { ...evil, cookie, 'x-requested-with': 'fetch' },
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('names and addresses', () => {
  it('names an unknown browser "Unknown browser", never by its own words', async () => {
    for (const agent of ['<script>alert(1)</script>', 'lightMyRequest', 'Evil/1.0 (Subject: urgent)', '', undefined]) {
      expect(describeDevice(agent)).toBe(UNKNOWN_DEVICE);
    }
    const t = await createTestApp();
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/admins/login',
        headers: { 'user-agent': '<script>alert(1)</script>' },
        payload: TEST_ADMIN,
      });
      const sessions = await t.app.inject({ method: 'GET', url: '/api/admins/sessions', headers: bearer(login.json().token) });
      expect(sessions.json().data.map((row: { device: string }) => row.device)).toEqual([UNKNOWN_DEVICE]);
    } finally {
      await t.close();
    }
  });

  it('normalises emails (NFKC, lower case) and refuses those that mix scripts', async () => {
    expect(emailSchema.parse(' ＤＥＭＯ@Example.COM ')).toBe('demo@example.com');
    expect(emailSchema.parse('иван@example.com')).toBe('иван@example.com');
    expect(emailSchema.parse('demo@xn--80ak6aa92e.com')).toBe('demo@xn--80ak6aa92e.com');
    for (const lookAlike of ['demoİ@example.com', 'аdmin@example.com', 'josé@example.com', 'demo@exаmple.com']) {
      const result = emailSchema.safeParse(lookAlike);
      expect(result.success, lookAlike).toBe(false);
      expect(result.error?.issues[0].message).toBe(apiMessages.emailMixedScripts);
    }
    const t = await createTestApp();
    try {
      const headers = await stepUpHeaders(t.app, await t.login());
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/admins',
        headers,
        payload: { email: 'demoİ@example.com', password: 'a long enough password' },
      });
      expect(added.statusCode).toBe(400);
      expect(added.json().message).toBe(apiMessages.emailMixedScripts);
      await expect(
        t.services.auth.accounts.addAdmin('ｄｅｍｏ@example.com', 'a long enough password', { role: 'editor' }),
      ).resolves.toMatchObject({
        email: 'demo@example.com',
      });
      await expect(t.services.auth.accounts.addAdmin('demoİ@example.com', 'a long enough password', { role: 'editor' })).rejects.toThrow(
        apiMessages.emailMixedScripts,
      );
    } finally {
      await t.close();
    }
  });
});
