/**
 * The audit log through the real app: every wired kind of event appears with who, when, from which
 * address, what and the details; filters and pages; no route changes or deletes an entry, nor may
 * the database outside the retention purge, which removes only entries older than AUDIT_DAYS.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { apiMessages } from '../../shared/api-messages';
import type { AuditEntry, AuditKind, AuditPage } from '../../shared/audit';
import { queryRows } from '../db/client';
import { readEnv } from '../env';
import { createRecord } from '../test/backup-helpers';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';

const ADDRESS = '203.0.113.7';

let t: TestApp;
let token: string;
let adminId: string;
const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });

async function activity(query = '', bearer = token): Promise<AuditPage> {
  const reply = await t.app.inject({ method: 'GET', url: `/api/activity${query}`, headers: auth(bearer) });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { data: AuditPage }).data;
}

/** The newest entry of a kind. */
async function latest(kind: AuditKind): Promise<AuditEntry> {
  const { entries } = await activity(`?kind=${kind}&limit=1`);
  expect(entries, kind).toHaveLength(1);
  return entries[0];
}

/** Who, when and from where, as every entry made by the test admin carries them. */
function expectByAdmin(entry: AuditEntry, since: number) {
  expect(entry.actor).toEqual({ adminId, email: TEST_ADMIN.email });
  expect(entry.ip).toBe(ADDRESS);
  expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(since - 1000);
  expect(Date.parse(entry.at)).toBeLessThanOrEqual(Date.now() + 1000);
}

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: 2 });
  token = await t.login();
  adminId = (await t.services.auth.accounts.listAdmins())[0]._id;
});
afterAll(() => t.close());

describe('content changes', () => {
  it('create, update and delete of a record: which record, which fields changed (before and after), images as counts', async () => {
    const since = Date.now();
    const created = await createRecord(t, token, 'project', 'audit');
    // createRecord sends from the default address: read the entry by its record
    const createdEntry = await latest('content.created');
    expect(createdEntry.target).toEqual({ type: 'project', id: created._id, label: created.title });
    expect(createdEntry.details).toMatchObject({
      resource: 'Project',
      images: 1,
      values: { title: created.title, status: created.status },
    });
    expect(JSON.stringify(createdEntry.details)).not.toContain('/uploads/');

    const image = await makeImage('jpeg', 400, 300);
    const body = multipart({ title: 'Renamed project', location: 'Whitefield' }, [{ field: 'images', data: image }]);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/project/${created._id}`,
      payload: body.payload,
      headers: { ...body.headers, ...auth() },
      remoteAddress: ADDRESS,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const entry = await latest('content.updated');
    expectByAdmin(entry, since);
    expect(entry.target).toEqual({ type: 'project', id: created._id, label: 'Renamed project' });
    // only the fields that changed, each before and after; the images as counts
    expect(entry.details).toEqual({
      resource: 'Project',
      changes: {
        title: { before: created.title, after: 'Renamed project' },
        location: { before: created.location, after: 'Whitefield' },
      },
      images: { before: 1, after: 2, added: 1, removed: 0 },
    });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/project/${created._id}`, headers: auth(), remoteAddress: ADDRESS });
    expect(removed.statusCode).toBe(200);
    const deleted = await latest('content.trashed');
    expectByAdmin(deleted, since);
    expect(deleted.target).toEqual({ type: 'project', id: created._id, label: 'Renamed project' });
    expect(deleted.details).toMatchObject({ resource: 'Project', images: 2, values: { title: 'Renamed project', location: 'Whitefield' } });
  });

  it('a refused write records nothing', async () => {
    const before = (await activity('?kind=content.updated')).entries.length;
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/property/00000000-0000-4000-8000-000000000000',
      payload: { title: 'Nothing' },
      headers: auth(),
    });
    expect(reply.statusCode).toBe(404);
    expect((await activity('?kind=content.updated')).entries).toHaveLength(before);
  });

  it('About content: each changed text before and after', async () => {
    const since = Date.now();
    const content = {
      ...DEFAULT_ABOUT_CONTENT,
      hero: { ...DEFAULT_ABOUT_CONTENT.hero, title: 'A new title' },
      cards: DEFAULT_ABOUT_CONTENT.cards.slice(1),
    };
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/about-content',
      headers: auth(),
      payload: content,
      remoteAddress: ADDRESS,
    });
    expect(reply.statusCode).toBe(200);
    const entry = await latest('about.updated');
    expectByAdmin(entry, since);
    const removedCard = DEFAULT_ABOUT_CONTENT.cards[0];
    expect(entry.details).toEqual({
      changes: {
        'hero.title': { before: DEFAULT_ABOUT_CONTENT.hero.title, after: 'A new title' },
        [`cards[${removedCard.id}].title`]: { before: removedCard.title },
        [`cards[${removedCard.id}].description`]: { before: removedCard.description },
      },
    });
  });
});

describe('sign-ins and accounts', () => {
  it('sign-in success, failure, lockout and the attempts refused during it; sign-out', async () => {
    const since = Date.now();
    const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admins/login', payload, remoteAddress: ADDRESS });
    const ok = await login(TEST_ADMIN);
    expect(ok.statusCode).toBe(200);
    const success = await latest('sign-in.succeeded');
    expectByAdmin(success, since);
    expect(success.target).toEqual({ type: 'account', id: adminId, label: TEST_ADMIN.email });

    // an email without an account: the attempted email is the actor, without an id
    expect((await login({ email: 'Nobody@Example.com', password: 'wrong password' })).statusCode).toBe(401);
    const unknown = await latest('sign-in.failed');
    expect(unknown.actor).toEqual({ adminId: null, email: 'nobody@example.com' });
    expect(unknown.ip).toBe(ADDRESS);
    expect(unknown.details).toEqual({ reason: 'invalid email or password' });

    // loginMaxFailures is 2 here: the second failure locks the account, the third attempt is refused
    const victim = 'victim@example.com';
    await t.services.auth.accounts.addAdmin(victim, 'a long enough password');
    expect((await login({ email: victim, password: 'wrong password 1' })).statusCode).toBe(401);
    expect((await t.app.inject(`/api/activity?kind=sign-in.locked&person=${victim}`)).statusCode).toBe(401); // no token, no log
    expect((await activity(`?kind=sign-in.locked&person=${victim}`)).entries).toHaveLength(0);
    expect((await login({ email: victim, password: 'wrong password 2' })).statusCode).toBe(401);
    const locked = await latest('sign-in.locked');
    expect(locked.actor).toMatchObject({ email: victim });
    expect(locked.actor!.adminId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(String(locked.details.until))).toBeGreaterThan(Date.now());
    expect((await login({ email: victim, password: 'a long enough password' })).statusCode).toBe(429);
    const refused = await latest('sign-in.failed');
    expect(refused.actor!.email).toBe(victim);
    expect(refused.details).toEqual({ reason: 'locked' });
    const victims = await activity(`?person=${victim}`);
    expect(victims.entries.map((entry) => entry.kind)).toEqual(['sign-in.failed', 'sign-in.locked', 'sign-in.failed', 'sign-in.failed']);

    // a malformed login is not an attempt on anyone's account
    const before = (await activity('?kind=sign-in.failed')).entries.length;
    expect((await login({ email: '', password: '' })).statusCode).toBe(400);
    expect((await activity('?kind=sign-in.failed')).entries).toHaveLength(before);

    const spare = ok.json().token as string;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admins/logout', headers: auth(spare), remoteAddress: ADDRESS })).statusCode,
    ).toBe(200);
    const signOut = await latest('sign-out');
    expectByAdmin(signOut, since);
  });

  it('account added and removed (the entry keeps the email once the account is gone), password changed', async () => {
    const since = Date.now();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: await stepUpHeaders(t.app, token),
      payload: { email: 'Editor@Example.com', password: 'another long password' },
      remoteAddress: ADDRESS,
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().data._id as string;
    const addedEntry = await latest('account.added');
    expectByAdmin(addedEntry, since);
    expect(addedEntry.target).toEqual({ type: 'account', id, label: 'editor@example.com' });

    // the new account signs in, changes its password, and is then removed
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admins/login',
        payload: { email: 'editor@example.com', password: 'another long password' },
      })
    ).json().token as string;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admins/password',
      headers: auth(theirs),
      payload: { currentPassword: 'another long password', newPassword: 'a changed long password' },
      remoteAddress: ADDRESS,
    });
    expect(changed.statusCode).toBe(200);
    const passwordEntry = await latest('account.password-changed');
    expect(passwordEntry.actor).toEqual({ adminId: id, email: 'editor@example.com' });
    expect(passwordEntry.target).toEqual({ type: 'account', id, label: 'editor@example.com' });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admins/${id.toUpperCase()}`,
      headers: await stepUpHeaders(t.app, token),
      remoteAddress: ADDRESS,
    });
    expect(removed.statusCode).toBe(200);
    const removedEntry = await latest('account.removed');
    expectByAdmin(removedEntry, since);
    expect(removedEntry.target).toEqual({ type: 'account', id, label: 'editor@example.com' });
    // their entries outlive the account, found by email or by id
    const byEmail = await activity('?person=EDITOR@example.com');
    expect(byEmail.entries.map((entry) => entry.kind)).toEqual(['account.password-changed', 'sign-in.succeeded']);
    expect((await activity(`?person=${id}`)).entries).toEqual(byEmail.entries);
  });

  it('backup downloaded', async () => {
    const since = Date.now();
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/backup',
      headers: await stepUpHeaders(t.app, token),
      remoteAddress: ADDRESS,
    });
    expect(reply.statusCode).toBe(200);
    const entry = await latest('backup.downloaded');
    expectByAdmin(entry, since);
  });
});

describe('reading the log', () => {
  it('newest first, a page at a time, every entry once', async () => {
    const all = (await activity('?limit=200')).entries;
    expect(all.length).toBeGreaterThan(10);
    const times = all.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const seen: AuditEntry[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const page: AuditPage = await activity(`?limit=3${next ? `&cursor=${next}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries);
      next = page.next;
      pages += 1;
    } while (next);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 3));
  });

  it('filters by kind, person and dates, combined', async () => {
    const kinds = (await activity('?kind=content.trashed')).entries.map((entry) => entry.kind);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['content.trashed']));
    const mine = await activity(`?person=${TEST_ADMIN.email.toUpperCase()}&limit=200`);
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((entry) => entry.actor?.email === TEST_ADMIN.email)).toBe(true);
    expect((await activity(`?person=${adminId}&limit=200`)).entries).toEqual(mine.entries);
    expect((await activity(`?person=${TEST_ADMIN.email}&kind=sign-out`)).entries.map((entry) => entry.kind)).toEqual(['sign-out']);

    const today = new Date().toISOString().slice(0, 10);
    const all = (await activity('?limit=200')).entries;
    expect((await activity(`?from=${today}&to=${today}&limit=200`)).entries).toEqual(all);
    expect((await activity('?to=2020-01-01')).entries).toEqual([]);
    expect((await activity(`?from=${new Date(Date.now() + 60_000).toISOString()}`)).entries).toEqual([]);
    // an instant with an offset, as the screen sends the admin's local midnight
    const middle = all[Math.floor(all.length / 2)];
    const since = (await activity(`?from=${encodeURIComponent(middle.at.replace('Z', '+00:00'))}&limit=200`)).entries;
    expect(since.length).toBeGreaterThan(0);
    expect(since.every((entry) => entry.at >= middle.at)).toBe(true);
  });

  it('refuses filters it cannot read with a clear 400, and strangers with 401', async () => {
    for (const query of [
      '?kind=content.stolen',
      '?from=yesterday',
      '?to=2026-13-45',
      '?limit=0',
      '?limit=1000',
      '?cursor=abc',
      `?person=${'x'.repeat(300)}`,
    ]) {
      const reply = await t.app.inject({ method: 'GET', url: `/api/activity${query}`, headers: auth() });
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toMatch(/^The activity filter is not valid: \w+\.$/);
    }
    const stranger = await t.app.inject({ method: 'GET', url: '/api/activity' });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toEqual({ success: false, message: apiMessages.unauthorized });
  });
});

describe('append-only', () => {
  it('no route changes or deletes an entry', async () => {
    const [entry] = (await activity('?limit=1')).entries;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/activity', `/api/activity/${entry._id}`]) {
        const reply = await t.app.inject({ method, url, headers: auth(), payload: { kind: 'sign-out', details: {} } });
        expect([404, 405], `${method} ${url}`).toContain(reply.statusCode);
      }
    }
    const [again] = (await activity(`?limit=200`)).entries.filter((each) => each._id === entry._id);
    expect(again).toEqual(entry);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE, even a purge-style DELETE of recent entries', async () => {
    const { db } = t.services.database;
    const count = async () => Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_events`))[0].n);
    const before = await count();
    for (const statement of [
      sql`update audit_events set kind = 'sign-out'`,
      sql`update audit_events set details = '{}'::jsonb where kind = 'content.updated'`,
      sql`delete from audit_events`,
      sql`truncate audit_events`,
    ]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    // the purge's setting with a cutoff of now: recent entries stay anyway
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('audit.purge_before', ${new Date(Date.now() + 60_000).toISOString()}, true)`);
        await tx.execute(sql`delete from audit_events`);
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  it('the purge removes entries older than AUDIT_DAYS only', async () => {
    const { db } = t.services.database;
    const days = t.env.auditDays;
    expect(days).toBe(365);
    await db.execute(sql`
      insert into audit_events (id, at, kind, actor_email, details) values
        (gen_random_uuid(), now() - interval '400 days', 'sign-out', 'old@example.com', '{}'),
        (gen_random_uuid(), now() - interval '366 days', 'sign-out', 'old@example.com', '{}'),
        (gen_random_uuid(), now() - interval '364 days', 'sign-out', 'kept@example.com', '{}'),
        (gen_random_uuid(), now() - interval '30 days', 'sign-out', 'kept@example.com', '{}')`);
    const total = (await activity('?limit=200')).entries.length;
    expect(await t.services.audit.purge()).toBe(2);
    expect((await activity('?person=old@example.com')).entries).toEqual([]);
    expect((await activity('?person=kept@example.com')).entries).toHaveLength(2);
    expect((await activity('?limit=200')).entries).toHaveLength(total - 2);
    // a second purge (another instance's) finds nothing left
    expect(await t.services.audit.purge()).toBe(0);
  });
});

describe('AUDIT_DAYS', () => {
  it('is 365 when unset, a whole number of days otherwise', () => {
    vi.stubEnv('AUDIT_DAYS', '');
    expect(readEnv().auditDays).toBe(365);
    vi.stubEnv('AUDIT_DAYS', '30');
    expect(readEnv().auditDays).toBe(30);
    for (const value of ['0', '1.5', '-3', 'a year', '100000']) {
      vi.stubEnv('AUDIT_DAYS', value);
      expect(() => readEnv(), value).toThrow(/AUDIT_DAYS must be/);
    }
    vi.unstubAllEnvs();
  });
});
