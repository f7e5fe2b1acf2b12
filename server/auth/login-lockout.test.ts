/**
 * The login lockout under concurrent guesses: each attempt reserves its count in the database before
 * the password is checked, so a burst gets no more checks than the limit, and a known and an unknown
 * email answer alike.
 */
import argon2 from 'argon2';
import { lt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { loginAttempts } from '../db/schema';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

const LIMIT = 5;
const statuses = (replies: { statusCode: number }[]) => replies.map((reply) => reply.statusCode).sort();
const expected = (total: number) => [...Array<number>(LIMIT).fill(401), ...Array<number>(total - LIMIT).fill(429)];

describe('login lockout under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: LIMIT, loginLockMinutes: 15, loginRateLimit: 1000 });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const attempt = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { email, password } });
  const burst = (email: string, count: number) =>
    Promise.all(Array.from({ length: count }, (_, i) => attempt(email, `wrong password ${i}`)));

  it('refuses the right password after 12 concurrent wrong ones, until a password reset', async () => {
    expect(statuses(await burst(TEST_ADMIN.email, 12))).toEqual(expected(12));
    const right = await attempt(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ success: false, message: apiMessages.accountLocked });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);

    await t.services.auth.accounts.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await attempt(TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200);
  });

  it('checks at most the limit of passwords in a burst of 10, and none in the next burst', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    expect(statuses(await burst(TEST_ADMIN.email, 10))).toEqual(expected(10));
    expect(verify).toHaveBeenCalledTimes(LIMIT);
    expect(statuses(await burst(TEST_ADMIN.email, 10))).toEqual(Array(10).fill(429));
    expect(verify).toHaveBeenCalledTimes(LIMIT);
    await t.services.auth.accounts.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
  });

  it('answers a known and an unknown email alike under the same concurrent burst', async () => {
    const known = 'second@example.com';
    await t.services.auth.accounts.addAdmin(known, 'second admin password');
    const unknown = 'nobody@example.com';
    const verify = vi.spyOn(argon2, 'verify');
    const [knownReplies, unknownReplies] = await Promise.all([burst(known, 9), burst(unknown, 9)]);
    expect(statuses(knownReplies)).toEqual(expected(9));
    expect(statuses(unknownReplies)).toEqual(statuses(knownReplies));
    expect(verify).toHaveBeenCalledTimes(2 * LIMIT);
    const bodies = (replies: { body: string }[]) => [...new Set(replies.map((reply) => reply.body))].sort();
    expect(bodies(unknownReplies)).toEqual(bodies(knownReplies));
    for (const email of [known, unknown]) {
      const after = await attempt(email, 'second admin password');
      expect(after.statusCode).toBe(429);
      expect(Number(after.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
  });

  it('counts emails as normalised (case and spaces) so variants share one count', async () => {
    const replies = await Promise.all(
      ['Third@Example.com', ' third@example.com', 'THIRD@EXAMPLE.COM', 'third@example.com ', 'third@Example.com', 'third@example.COM'].map(
        (email) => attempt(email, 'wrong password'),
      ),
    );
    expect(statuses(replies)).toEqual(expected(6));
  });
});

describe('login timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 1000, loginRateLimit: 1000 });
  });
  afterAll(() => t.close());

  const timed = async (email: string) => {
    const started = performance.now();
    const reply = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { email, password: 'wrong password' } });
    expect(reply.statusCode).toBe(401);
    return performance.now() - started;
  };
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

  it('takes about as long for an unknown email as for a wrong password', async () => {
    await timed('warm-up@example.com'); // the dummy hash is made on first use
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await timed(TEST_ADMIN.email));
      unknown.push(await timed(`nobody${i}@example.com`));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1 / 0.6);
  });
});

describe('login attempt records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 3, loginLockMinutes: 10, loginRateLimit: 1000 });
  });
  afterAll(() => t.close());

  it('deletes records idle for the lock period and clears an email on success', async () => {
    const db = t.services.database.db;
    const old = new Date(Date.now() - 11 * 60_000);
    await db.insert(loginAttempts).values([
      { email: 'stale1@example.com', failures: 2, updatedAt: old },
      { email: 'stale2@example.com', failures: 9, lockedUntil: new Date(Date.now() - 60_000), updatedAt: old },
    ]);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { ...TEST_ADMIN, password: 'wrong password' } });
    expect(wrong.statusCode).toBe(401);
    expect((await db.select().from(loginAttempts)).map((row) => [row.email, row.failures])).toEqual([[TEST_ADMIN.email, 1]]);
    await t.login();
    expect(await db.select().from(loginAttempts)).toEqual([]);
  });

  it('starts a count again once the lock has ended', async () => {
    const db = t.services.database.db;
    const attempt = (password: string) => t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { ...TEST_ADMIN, password } });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong password')).statusCode).toBe(401);
    expect((await attempt(TEST_ADMIN.password)).statusCode).toBe(429);
    // the lock runs out (moved into the past rather than waiting ten minutes)
    await db
      .update(loginAttempts)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(lt(loginAttempts.failures, 100));
    expect((await attempt(TEST_ADMIN.password)).statusCode).toBe(200);
  });
});
