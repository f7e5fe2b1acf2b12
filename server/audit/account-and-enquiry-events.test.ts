/**
 * The audit entries of the parts built beside the log: roles, two-factor sign-in (turned on, used
 * with a code and with a recovery code, turned off), sessions ended, and enquiries handled in the
 * inbox. Each appears with who, the address and the record it is about.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR, editorToken, stepUpHeaders, totpCode } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

let t: TestApp;
let token: string;
const bearer = (value = token) => ({ authorization: `Bearer ${value}` });

interface Entry {
  kind: string;
  actor: { email: string | null } | null;
  ip: string | null;
  target: { type: string | null; id: string | null; label: string | null } | null;
  details: Record<string, unknown>;
}

async function entries(kind: string): Promise<Entry[]> {
  const reply = await t.app.inject({ method: 'GET', url: `/api/activity?kind=${kind}`, headers: bearer() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data.entries as Entry[];
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

describe('audit entries of roles, two-factor sign-in, sessions and enquiries', () => {
  it('a role change names the account, its new preset and permissions', async () => {
    await editorToken(t.app, token);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admins', headers: bearer() })).json().data as {
      _id: string;
      email: string;
    }[];
    const editor = list.find((account) => account.email === EDITOR.email)!;
    const reply = await t.app.inject({
      method: 'PATCH',
      url: `/api/admins/${editor._id}`,
      headers: await stepUpHeaders(t.app, token),
      payload: { role: 'admin' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [entry] = await entries('account.role-changed');
    expect(entry.actor?.email).toBe(TEST_ADMIN.email);
    expect(entry.target).toMatchObject({ type: 'account', id: editor._id, label: EDITOR.email });
    expect(entry.details).toEqual({ role: 'admin', permissions: ['content', 'enquiries', 'settings', 'accounts', 'activity'] });
  });

  it('two-factor sign-in turned on, a sign-in with a recovery code, and turned off are each recorded', async () => {
    const confirmed = await stepUpHeaders(t.app, token);
    const setup = await t.app.inject({ method: 'POST', url: '/api/admins/2fa/setup', headers: confirmed });
    const { secret } = setup.json().data as { secret: string };
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/admins/2fa/confirm',
      headers: confirmed,
      payload: { code: totpCode(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await entries('2fa.enabled'))[0].actor?.email).toBe(TEST_ADMIN.email);

    const password = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
    const { challenge } = password.json() as { challenge: string };
    expect(challenge).toBeTruthy();
    // the password step alone is not a sign-in yet
    const signInsBefore = (await entries('sign-in.succeeded')).length;
    const recoveryCode = (confirm.json().recoveryCodes as string[])[0];
    const second = await t.app.inject({ method: 'POST', url: '/api/admins/login/2fa', payload: { challenge, recoveryCode } });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers['set-cookie']).toBeDefined();
    token = second.json().token as string;
    expect(await entries('sign-in.succeeded')).toHaveLength(signInsBefore + 1);
    expect((await entries('2fa.recovery-code-used'))[0].actor?.email).toBe(TEST_ADMIN.email);

    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admins/2fa/disable',
      headers: await stepUpHeaders(t.app, token, { code: totpCode(secret, Date.now() + 30_000) }),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await entries('2fa.disabled'))[0].target?.label).toBe(TEST_ADMIN.email);
  });

  it('ending another session is recorded', async () => {
    const other = await t.login();
    const sessions = (await t.app.inject({ method: 'GET', url: '/api/admins/sessions', headers: bearer() })).json().data as {
      _id: string;
      current: boolean;
    }[];
    const target = sessions.find((session) => !session.current)!;
    const reply = await t.app.inject({ method: 'DELETE', url: `/api/admins/sessions/${target._id}`, headers: bearer() });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: bearer(other) })).statusCode).toBe(401);
    const [entry] = await entries('session.revoked');
    expect(entry.details).toEqual({ session: target._id });
  });

  it('an enquiry marked Replied and then deleted is recorded with its sender, not its text', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { name: 'Ravi Kumar', email: 'ravi@example.com', number: '9876543210', message: 'A quote for a teak door, please.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer() })).json().data as { _id: string }[];
    const id = list[0]._id;
    const status = await t.app.inject({ method: 'PATCH', url: `/api/user/${id}`, headers: bearer(), payload: { status: 'Replied' } });
    expect(status.statusCode, status.body).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: bearer() });
    expect(removed.statusCode, removed.body).toBe(200);

    const [changed] = await entries('enquiry.status-changed');
    expect(changed.target).toEqual({ type: 'enquiry', id, label: 'Ravi Kumar <ravi@example.com>' });
    expect(changed.details).toEqual({ status: 'Replied' });
    const [deleted] = await entries('enquiry.trashed');
    expect(deleted.target?.id).toBe(id);
    expect(JSON.stringify(deleted)).not.toContain('teak door');
  });
});
