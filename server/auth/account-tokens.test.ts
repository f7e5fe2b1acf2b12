import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, admins } from '../db/schema';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { consumeAccountToken, issueAccountToken, readAccountToken, revokeAccountTokens } from './account-tokens';

let t: TestApp;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.services.database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
  adminId = admin.id;
});
afterAll(() => t.close());

describe('account tokens', () => {
  it('are stored only as a hash, read for their purpose, and used once even when two uses race', async () => {
    const { db } = t.services.database;
    const token = await issueAccountToken(db, adminId, 'login', 60);
    const stored = await db.select().from(accountTokens).where(eq(accountTokens.adminId, adminId));
    expect(stored.map((row) => row.id)).not.toContain(token);
    expect(await readAccountToken(db, token, ['login'])).toEqual({ adminId, purpose: 'login' });
    expect(await readAccountToken(db, token, ['password-reset'])).toBeNull();
    const uses = await Promise.all([consumeAccountToken(db, token, adminId), consumeAccountToken(db, token, adminId)]);
    expect(uses.filter(Boolean)).toHaveLength(1);
    expect(await readAccountToken(db, token, ['login'])).toBeNull();
  });

  it('refuse what is not a token, an expired one, and every one of an account whose tokens were revoked', async () => {
    const { db } = t.services.database;
    for (const bad of [undefined, '', 'x'.repeat(43) + '!', 'a'.repeat(10_000), 42])
      expect(await readAccountToken(db, bad, ['login'])).toBeNull();
    const expired = await issueAccountToken(db, adminId, 'enrol', -1);
    expect(await readAccountToken(db, expired, ['enrol'])).toBeNull();
    expect(await consumeAccountToken(db, expired, adminId)).toBe(false);
    const challenge = await issueAccountToken(db, adminId, 'login', 60);
    const reset = await issueAccountToken(db, adminId, 'password-reset', 60);
    await revokeAccountTokens(db, adminId, ['password-reset']);
    expect(await readAccountToken(db, reset, ['password-reset'])).toBeNull();
    expect(await readAccountToken(db, challenge, ['login'])).not.toBeNull();
    await revokeAccountTokens(db, adminId);
    expect(await readAccountToken(db, challenge, ['login'])).toBeNull();
  });
});
