// engine-independent: runs the built command line on an embedded database folder of its own
/**
 * The built admin command line (dist/admin-cli.js) on an embedded database: adding an Editor, changing
 * a preset (Sales too), turning off two-factor sign-in for someone who lost their phone, each in the activity log;
 * a wrong role or command is refused with a clear message and changes nothing.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMessages } from '../shared/api-messages';
import { readEnv } from './env';
import { startServices } from './start';
import { totpCode } from './test/step-up';
import { adminCliBundle, prepareDataDir, runToEnd, serverEnv } from './test/server-process';

const EDITOR = { email: 'carver@example.com', password: 'a carver long password' };

describe('npm run admin', () => {
  let dataDir: string;
  const cli = (...args: string[]) => runToEnd(adminCliBundle, args, serverEnv(dataDir));
  /** The site's services on the same folder, between command-line runs (the folder takes one process at a time). */
  async function withServices<T>(check: (services: Awaited<ReturnType<typeof startServices>>) => Promise<T>): Promise<T> {
    const services = await startServices(readEnv({ dataDir, databaseUrl: undefined }));
    try {
      return await check(services);
    } finally {
      await services.database.close();
    }
  }

  beforeAll(async () => {
    dataDir = await prepareDataDir('admin-cli-');
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('adds an Editor, refuses an unknown role, makes the Editor an Admin; the log says so', async () => {
    const added = await cli('add', EDITOR.email, EDITOR.password, '--role', 'editor');
    expect(added).toMatchObject({ code: 0, output: expect.stringContaining(`Editor ${EDITOR.email} added.`) });

    const wrong = await cli('set-role', EDITOR.email, 'superuser');
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain(accountSecurityMessages.roleInvalid);
    expect((await cli('frobnicate')).code).toBe(2);

    const sales = await cli('set-role', EDITOR.email, 'sales');
    expect(sales).toMatchObject({ code: 0, output: expect.stringContaining(`${EDITOR.email} is now Sales: enquiries.`) });
    expect((await cli('list')).output).toContain(`${EDITOR.email}\tsales (enquiries)`);

    const promoted = await cli('set-role', EDITOR.email, 'admin');
    expect(promoted).toMatchObject({
      code: 0,
      output: expect.stringContaining(`${EDITOR.email} is now Admin: content, enquiries, settings, accounts, activity.`),
    });

    await withServices(async (services) => {
      expect((await services.auth.accounts.listAdmins()).find((admin) => admin.email === EDITOR.email)?.role).toBe('admin');
      const changes = (await services.audit.list({ kind: 'account.role-changed', limit: 10 })).entries;
      expect(changes).toHaveLength(2);
      expect(changes[0]).toMatchObject({ actor: null, target: { label: EDITOR.email }, details: { role: 'admin', via: 'command line' } });
    });
  }, 120_000);

  it('turns two-factor sign-in off for an account that lost its phone, and ends its sessions', async () => {
    const sessionToken = await withServices(async (services) => {
      const account = (await services.auth.accounts.listAdmins()).find((admin) => admin.email === EDITOR.email)!;
      const { secret } = await services.auth.twoFactor.begin(account._id, account.email);
      expect(await services.auth.twoFactor.confirm(account._id, totpCode(secret))).toHaveLength(10);
      return (await services.auth.sessions.issueSession(account._id)).token;
    });

    const reset = await cli('reset-2fa', EDITOR.email);
    expect(reset).toMatchObject({ code: 0, output: expect.stringContaining(`Two-factor sign-in is off for ${EDITOR.email}`) });
    const again = await cli('reset-2fa', EDITOR.email);
    expect(again).toMatchObject({ code: 1, output: expect.stringContaining('already off') });

    await withServices(async (services) => {
      const account = (await services.auth.accounts.listAdmins()).find((admin) => admin.email === EDITOR.email)!;
      expect(account.twoFactor).toBe(false);
      expect((await services.auth.twoFactor.status(account._id)).recoveryCodesLeft).toBe(0);
      await expect(services.auth.sessions.authenticateToken(sessionToken)).rejects.toMatchObject({ statusCode: 401 });
      expect((await services.audit.list({ kind: '2fa.disabled', limit: 10 })).entries[0]).toMatchObject({
        target: { label: EDITOR.email },
        details: { via: 'command line' },
      });
      // the password step alone signs in again
      expect(await services.auth.signIn.login(EDITOR.email, EDITOR.password)).toMatchObject({ token: expect.any(String) });
    });
  }, 120_000);
});
