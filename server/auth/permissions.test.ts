/**
 * Permissions by area through the real app: every area's routes refused (403, naming the area) without
 * it and let through with it, for each preset and for areas set by hand; accounts made before areas
 * (permissions NULL) keep what their role gave; Sales answers the inbox and nothing else; the trash
 * follows each item's area; the last account with 'accounts' keeps it, even when two changes race.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMessages as messages, apiMessages, areaLabels } from '../../shared/api-messages';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { AREAS, type Area } from '../../shared/roles';
import { admins } from '../db/schema';
import { createRecord } from '../test/backup-helpers';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

const PASSWORD = 'a staff member long password';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const emailOf = (name: string) => `staff-${name.replace(/\W+/g, '-')}@example.com`;

/** One call of each kind per area; "allowed" means past the guard (a 400 for an empty body is the route's own answer). */
const ROUTES: { area: Area; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] = [
  { area: 'content', method: 'GET', url: '/api/clients/manage' },
  { area: 'content', method: 'POST', url: '/api/clients', payload: {} },
  { area: 'content', method: 'PUT', url: '/api/clients/order', payload: { ids: [] } },
  { area: 'content', method: 'PUT', url: '/api/about-content', payload: {} },
  // the inbox's list and counts are every account's (its own enquiries without the area: own-enquiries.test.ts)
  { area: 'enquiries', method: 'GET', url: '/api/user/export' },
  { area: 'enquiries', method: 'GET', url: '/api/user/owners' },
  { area: 'settings', method: 'PUT', url: '/api/site-settings', payload: {} },
  { area: 'accounts', method: 'GET', url: '/api/admins' },
  { area: 'accounts', method: 'GET', url: '/api/backup/summary' },
  { area: 'activity', method: 'GET', url: '/api/activity' },
];

const ACCOUNTS = {
  admin: { role: 'admin' },
  editor: { role: 'editor' },
  sales: { role: 'sales' },
  'settings and activity (by hand)': { permissions: ['settings', 'activity'] },
} as const;

const EXPECTED: Record<keyof typeof ACCOUNTS, readonly Area[]> = {
  admin: AREAS,
  editor: ['content'],
  sales: ['enquiries'],
  'settings and activity (by hand)': ['settings', 'activity'],
};

describe('permissions by area', () => {
  let t: TestApp;
  let adminToken: string;
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();

  async function addAccount(name: string, access: object): Promise<void> {
    const email = emailOf(name);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: await stepUpHeaders(t.app, adminToken),
      payload: { email, password: PASSWORD, ...access },
    });
    expect(added.statusCode, added.body).toBe(201);
    ids.set(name, added.json().data._id);
    const login = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { email, password: PASSWORD } });
    tokens.set(name, login.json().token);
  }

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.login();
    for (const [name, access] of Object.entries(ACCOUNTS)) await addAccount(name, access);
  });
  afterAll(() => t.close());

  it('adds each preset as asked, and the reply and its message name what was added', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: await stepUpHeaders(t.app, adminToken),
      payload: { email: 'second-admin@example.com', password: PASSWORD, role: 'admin' },
    });
    expect(added.json()).toMatchObject({ message: messages.accountAdded('Admin'), data: { role: 'admin', permissions: [...AREAS] } });
    const list = (await t.app.inject({ method: 'GET', url: '/api/admins', headers: bearer(adminToken) })).json().data;
    expect(list.find((row: { email: string }) => row.email === emailOf('sales'))).toMatchObject({
      role: 'sales',
      permissions: ['enquiries'],
    });
    expect(list.find((row: { email: string }) => row.email.startsWith('staff-settings-and'))).toMatchObject({ role: 'custom' });
  });

  for (const name of Object.keys(ACCOUNTS) as (keyof typeof ACCOUNTS)[]) {
    it(`${name}: /me lists its areas; each area's routes answer 403 without it and pass with it`, async () => {
      const token = tokens.get(name)!;
      const me = (await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: bearer(token) })).json().admin;
      expect(me.permissions).toEqual([...EXPECTED[name]]);
      for (const route of ROUTES) {
        const reply = await t.app.inject({ method: route.method, url: route.url, headers: bearer(token), payload: route.payload });
        const label = `${name} ${route.method} ${route.url}`;
        if (EXPECTED[name].includes(route.area)) {
          expect([401, 403], label).not.toContain(reply.statusCode);
        } else {
          expect(reply.statusCode, label).toBe(403);
          expect(reply.json(), label).toEqual({ success: false, message: messages.areaRequired(areaLabels[route.area]) });
        }
      }
    });
  }

  it('an account made before areas (permissions NULL) keeps what its role gave: an Admin everything, an Editor content', async () => {
    const rows = await t.services.database.db.select({ email: admins.email, permissions: admins.permissions }).from(admins);
    expect(rows.find((row) => row.email === TEST_ADMIN.email)?.permissions).toBeNull();
    expect(rows.find((row) => row.email === emailOf('editor'))?.permissions).toBeNull();
    const admin = await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: bearer(adminToken) });
    expect(admin.json().admin).toMatchObject({ role: 'admin', permissions: [...AREAS] });
    const editor = tokens.get('editor')!;
    await createRecord(t, editor, 'clients', 'by an editor of before');
    const about = await t.app.inject({ method: 'PUT', url: '/api/about-content', headers: bearer(editor), payload: DEFAULT_ABOUT_CONTENT });
    expect(about.statusCode).toBe(200);
  });

  it('Sales reads and answers the inbox; an Editor cannot change the site settings', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { name: 'Asha Rao', email: 'asha@example.in', number: '+91 98450 12345', message: 'Please call me about a kitchen.' },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const sales = tokens.get('sales')!;
    const list = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(sales) });
    expect(list.statusCode).toBe(200);
    const id = list.json().data[0]._id as string;
    const answered = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${id}`,
      headers: bearer(sales),
      payload: { status: 'Replied' },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const settings = (await t.app.inject({ method: 'GET', url: '/api/site-settings' })).json().data;
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/site-settings',
      headers: bearer(tokens.get('editor')!),
      payload: { ...settings, email: 'attacker@example.net' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/site-settings' })).json().data.email).toBe(settings.email);
  });

  it('the trash shows and restores each item by its area: Sales the enquiries, an Editor the content', async () => {
    const sales = tokens.get('sales')!;
    const editor = tokens.get('editor')!;
    const message = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(sales) })).json().data[0];
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${message._id}`, headers: bearer(sales) })).statusCode).toBe(200);
    const record = await createRecord(t, editor, 'clients', 'to the trash');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clients/${record._id}`, headers: bearer(editor) })).statusCode).toBe(200);

    const trashOf = async (token: string) =>
      ((await t.app.inject({ method: 'GET', url: '/api/trash', headers: bearer(token) })).json().data as { id: string }[]).map(
        (item) => item.id,
      );
    expect(await trashOf(sales)).toEqual([message._id]);
    expect(await trashOf(editor)).toEqual([record._id]);
    const salesRestoresContent = await t.app.inject({
      method: 'POST',
      url: `/api/trash/clients/${record._id}/restore`,
      headers: bearer(sales),
    });
    expect(salesRestoresContent.statusCode).toBe(403);
    const editorRestoresEnquiry = await t.app.inject({
      method: 'POST',
      url: `/api/trash/enquiries/${message._id}/restore`,
      headers: bearer(editor),
    });
    expect(editorRestoresEnquiry.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/trash/enquiries/${message._id}/restore`, headers: bearer(sales) })).statusCode,
    ).toBe(200);
  });

  it('sets a preset or areas by hand (step-up needed), and refuses what is not one', async () => {
    const id = ids.get('editor')!;
    const patch = async (payload: object, headers?: Record<string, string>) =>
      t.app.inject({ method: 'PATCH', url: `/api/admins/${id}`, headers: headers ?? (await stepUpHeaders(t.app, adminToken)), payload });
    expect((await patch({ role: 'sales' }, bearer(adminToken))).statusCode).toBe(403);
    expect((await patch({ role: 'owner' })).json().message).toBe(messages.roleInvalid);
    expect((await patch({ permissions: ['content', 'everything'] })).json().message).toBe(messages.permissionsInvalid);
    expect((await patch({ role: 'sales', permissions: ['content'] })).json().message).toBe(messages.roleOrPermissions);
    expect((await patch({ permissions: ['enquiries', 'content'] })).json()).toMatchObject({
      data: { role: 'custom', permissions: ['content', 'enquiries'] },
    });
    const [row] = await t.services.database.db.select().from(admins).where(eq(admins.id, id));
    expect(row.permissions).toEqual(['content', 'enquiries']);
    // the change holds at the account's next request, without a new sign-in
    expect((await t.app.inject({ method: 'GET', url: '/api/user/owners', headers: bearer(tokens.get('editor')!) })).statusCode).toBe(200);
    // areas that make up a preset are that preset (permissions NULL again)
    expect((await patch({ permissions: ['content'] })).json().data).toMatchObject({ role: 'editor', permissions: ['content'] });
    const [back] = await t.services.database.db.select().from(admins).where(eq(admins.id, id));
    expect(back).toMatchObject({ role: 'editor', permissions: null });
  });

  it('the last account with accounts can never lose it, even when two such accounts take it from each other at once', async () => {
    const handMade = ids.get('settings and activity (by hand)')!;
    await t.services.auth.accounts.changeAccess(handMade, { permissions: ['accounts', 'settings'] });
    const others = (await t.services.auth.accounts.listAdmins()).filter(
      (row) => row.permissions.includes('accounts') && row._id !== handMade,
    );
    for (const other of others) await t.services.auth.accounts.changeAccess(other._id, { role: 'sales' });
    const firstAdmin = (await t.services.auth.accounts.listAdmins()).find((row) => row.email === TEST_ADMIN.email)!._id;
    await t.services.auth.accounts.changeAccess(firstAdmin, { role: 'admin' });

    const results = await Promise.allSettled([
      t.services.auth.accounts.changeAccess(handMade, { permissions: ['settings'] }),
      t.services.auth.accounts.changeAccess(firstAdmin, { role: 'editor' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ statusCode: 409, message: messages.lastAdminDemoted });
    const holders = (await t.services.auth.accounts.listAdmins()).filter((row) => row.permissions.includes('accounts'));
    expect(holders).toHaveLength(1);
    await expect(t.services.auth.accounts.removeAdmin(holders[0]._id, ids.get('sales')!)).rejects.toMatchObject({
      statusCode: 409,
      message: apiMessages.lastAdmin,
    });
  });
});
