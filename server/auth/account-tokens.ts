/**
 * Single-use tokens of an account (table account_tokens): sign-in challenges and password-reset links.
 * The token is random and handed out once; only its SHA-256 is stored, so a database read gives
 * nothing to use. Using one deletes it (one caller wins a race), and a change of the account's
 * password, two-factor state or permissions deletes all of its tokens.
 */
import crypto from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountTokens } from '../db/schema';

/** 'login': a code comes next; 'enrol': REQUIRE_2FA, two-factor is set up first; 'password-reset': a link by e-mail. */
export type AccountTokenPurpose = 'login' | 'enrol' | 'password-reset';

/** The database or a transaction of it. */
type Executor = Pick<Db, 'delete' | 'insert' | 'select'>;

/** 32 random bytes in base64url: what issueAccountToken hands out; anything else is not ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const isToken = (token: unknown): token is string => typeof token === 'string' && TOKEN_PATTERN.test(token);

/** A new token of the account for this purpose, good for `seconds`; expired ones of the account are deleted on the way. */
export async function issueAccountToken(db: Executor, adminId: string, purpose: AccountTokenPurpose, seconds: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.delete(accountTokens).where(and(eq(accountTokens.adminId, adminId), lt(accountTokens.expiresAt, sql`now()`)));
  await db.insert(accountTokens).values({
    id: hashOf(token),
    adminId,
    purpose,
    expiresAt: sql`now() + make_interval(secs => ${seconds})`,
  });
  return token;
}

/** The account and purpose of an unused, unexpired token of one of these purposes, or null; the token stays usable. */
export async function readAccountToken<P extends AccountTokenPurpose>(
  db: Executor,
  token: unknown,
  purposes: readonly P[],
): Promise<{ adminId: string; purpose: P } | null> {
  if (!isToken(token)) return null;
  const [row] = await db
    .select({ adminId: accountTokens.adminId, purpose: accountTokens.purpose })
    .from(accountTokens)
    .where(and(eq(accountTokens.id, hashOf(token)), inArray(accountTokens.purpose, [...purposes]), gt(accountTokens.expiresAt, sql`now()`)))
    .limit(1);
  // the row's purpose is one of `purposes` (the query says so): found again to keep its type
  const purpose = purposes.find((each) => each === row?.purpose);
  return row && purpose ? { adminId: row.adminId, purpose } : null;
}

/** Uses the token up: true for exactly one caller (two racing requests cannot both have it), false when used, expired or unknown. */
export async function consumeAccountToken(db: Executor, token: unknown, adminId: string): Promise<boolean> {
  if (!isToken(token)) return false;
  const used = await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.id, hashOf(token)), eq(accountTokens.adminId, adminId), gt(accountTokens.expiresAt, sql`now()`)))
    .returning({ id: accountTokens.id });
  return used.length > 0;
}

/** Ends every outstanding token of the account (or only those of some purposes): its password, two-factor state or permissions changed. */
export async function revokeAccountTokens(db: Executor, adminId: string, purposes?: readonly AccountTokenPurpose[]): Promise<void> {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.adminId, adminId), purposes ? inArray(accountTokens.purpose, [...purposes]) : undefined));
}
