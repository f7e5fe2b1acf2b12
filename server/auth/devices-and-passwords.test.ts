/**
 * What sessions keep and check beside the cookie: ended sessions forgotten after 90 days (their devices
 * are the known ones), the common-password rule, the device names, and SESSION_IDLE_MINUTES.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { adminSessions, admins } from '../db/schema';
import { readEnv } from '../env';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { isCommonPassword } from './common-passwords';
import { describeDevice, UNKNOWN_DEVICE } from './device';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('old sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { renditionWorker: false });
  });
  afterAll(() => t.close());

  it('are removed at a sign-in once 90 days past their end; recent ones stay (their devices are the known ones)', async () => {
    const db = t.services.database.db;
    const [admin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
    const ended = (days: number) => ({
      id: crypto.randomUUID(),
      adminId: admin.id,
      expiresAt: new Date(Date.now() - days * 86_400_000),
      device: `Device ended ${days} days ago`,
      address: '',
    });
    const [old, recent] = [ended(91), ended(89)];
    await db.insert(adminSessions).values([old, recent]);
    await t.login();
    const left = (await db.select({ id: adminSessions.id }).from(adminSessions).where(eq(adminSessions.adminId, admin.id))).map(
      (row) => row.id,
    );
    expect(left).toHaveLength(2);
    expect(left).toContain(recent.id);
    expect(left).not.toContain(old.id);
  });
});

describe('common passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { renditionWorker: false });
  });
  afterAll(() => t.close());

  it('the list is the real 100,000: common ones of 12 characters or more are in it, ordinary long ones are not', async () => {
    for (const common of ['password1234', 'qwertyuiop123', '123456789012', '1qaz2wsx3edc', 'Password1234'])
      expect(await isCommonPassword(common)).toBe(true);
    // a password from beyond the first 100,000 lines of the list, and the test admin's
    for (const rare of ['qwertyuiopas', TEST_ADMIN.password, 'a long enough password']) expect(await isCommonPassword(rare)).toBe(false);
  });

  it('refuses one when an admin is added, with the message, and adds nobody', async () => {
    const token = await t.login();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: await stepUpHeaders(t.app, token),
      payload: { email: 'common@example.com', password: 'password1234' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ success: false, message: apiMessages.passwordCommon, errors: [apiMessages.passwordCommon] });
    expect((await t.services.auth.accounts.listAdmins()).map((admin) => admin.email)).not.toContain('common@example.com');
  });

  it('refuses one as a new password, and the old one still works', async () => {
    const token = await t.login();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/admins/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: TEST_ADMIN.password, newPassword: 'QwertyUiop123' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(apiMessages.passwordCommon);
    expect((await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      200,
    );
  });

  it('refuses one at the command line’s reset (the service it calls)', async () => {
    await expect(t.services.auth.accounts.resetPassword(TEST_ADMIN.email, '123456789012')).rejects.toThrow(apiMessages.passwordCommon);
    expect(await t.login()).toBeTruthy();
  });
});

describe('devices and settings', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('names the browser and system of a User-Agent', () => {
    expect(describeDevice(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(describeDevice(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on macOS');
    expect(
      describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36'),
    ).toBe('Chrome on Linux');
    expect(describeDevice('curl/8.5.0')).toBe('curl');
    expect(describeDevice('lightMyRequest')).toBe(UNKNOWN_DEVICE);
    expect(describeDevice(undefined)).toBe(UNKNOWN_DEVICE);
  });

  it('reads SESSION_IDLE_MINUTES (30 when unset) and refuses 0 or a word', () => {
    vi.stubEnv('SESSION_IDLE_MINUTES', '');
    expect(readEnv().sessionIdleMinutes).toBe(30);
    vi.stubEnv('SESSION_IDLE_MINUTES', '5');
    expect(readEnv().sessionIdleMinutes).toBe(5);
    vi.stubEnv('SESSION_IDLE_MINUTES', '0');
    expect(() => readEnv()).toThrow('SESSION_IDLE_MINUTES must be a number more than 0, got "0"');
    vi.stubEnv('SESSION_IDLE_MINUTES', 'soon');
    expect(() => readEnv()).toThrow('SESSION_IDLE_MINUTES must be a non-negative number, got "soon"');
  });
});
