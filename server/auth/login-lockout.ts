/**
 * The lockout every counted try shares (a login's password, a second-step code, a re-authentication,
 * a current password): each try first reserves its place in the email's failure count with one atomic
 * upsert, so concurrent guesses cannot share a count; past the limit the email is locked for a while.
 */
import { eq, lt, sql } from 'drizzle-orm';
import { apiMessages } from '../../shared/api-messages';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';
import { ClientError } from '../errors';

export interface LockoutSettings {
  loginMaxFailures: number;
  loginLockMinutes: number;
}

/** Why a counted try failed, for the activity log. */
export type AttemptFailureReason = 'invalid email or password' | 'wrong password' | 'wrong two-factor code' | 'wrong current password';

/** A counted try (code, password confirmation, current password) that failed: its reply, and why for the activity log. */
export class AttemptFailure extends ClientError {
  constructor(
    statusCode: number,
    message: string,
    readonly reason: AttemptFailureReason,
    errors: string[] | null = [message],
  ) {
    super(statusCode, message, errors ?? undefined);
  }
}

/** A try's place in its email's failure count. */
export interface Attempt {
  failures: number;
}

export class LoginLockout {
  /** When expired login attempts are next deleted (Date.now() time). */
  private nextCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly settings: LockoutSettings,
  ) {}

  /** Counts one more try for the email; 429 (with Retry-After) when the email is locked. */
  async reserve(email: string): Promise<Attempt> {
    const attempt = await this.reserveAttempt(email);
    if (attempt.lockedForSeconds > 0 || attempt.failures > this.settings.loginMaxFailures) {
      const retryAfter = attempt.lockedForSeconds || Math.ceil(this.lockMs() / 1000);
      throw new ClientError(429, apiMessages.accountLocked, undefined, { 'retry-after': String(retryAfter) });
    }
    return attempt;
  }

  /** The try failed: the last one the limit allows locks the email. */
  async failed(email: string, attempt: Attempt): Promise<void> {
    if (attempt.failures < this.settings.loginMaxFailures) return;
    await this.db
      .update(loginAttempts)
      .set({ lockedUntil: sql`now() + ${this.lockMs()}::float8 * interval '1 millisecond'`, updatedAt: sql`now()` })
      .where(eq(loginAttempts.email, email));
  }

  /** The try succeeded: the email's count starts again. */
  async succeeded(email: string): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.email, email));
  }

  /**
   * One counted try of a second factor, a re-authentication or a current password: reserved in the
   * email's failure count first (429 when locked); `check` returns null when right, else the failure
   * to throw (which may lock the email); a success clears the count.
   */
  async counted(email: string, check: () => Promise<AttemptFailure | null>): Promise<void> {
    const attempt = await this.reserve(email);
    const failure = await check();
    if (failure) {
      await this.failed(email, attempt);
      throw failure;
    }
    await this.succeeded(email);
  }

  private lockMs(): number {
    return this.settings.loginLockMinutes * 60_000;
  }

  /**
   * Counts one more attempt for the email and returns its number. A row whose lock has ended, or idle
   * for the lock period, starts again at 1. An attempt past the limit locks the email at once, so it
   * and every later one answer 429 without a password check (the count stops at limit + 1).
   */
  private async reserveAttempt(email: string): Promise<{ failures: number; lockedForSeconds: number }> {
    const limit = this.settings.loginMaxFailures;
    const lock = sql`${this.lockMs()}::float8 * interval '1 millisecond'`;
    const stale = sql`(${loginAttempts.lockedUntil} <= now() or (${loginAttempts.lockedUntil} is null and ${loginAttempts.updatedAt} <= now() - ${lock}))`;
    const failures = sql`case when ${stale} then 1 else least(${loginAttempts.failures} + 1, ${limit + 1}::int) end`;
    const [row] = await this.db
      .insert(loginAttempts)
      .values({ email, failures: 1, lockedUntil: null, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: loginAttempts.email,
        set: {
          failures,
          lockedUntil: sql`case when ${stale} then null when ${failures} > ${limit}::int then coalesce(${loginAttempts.lockedUntil}, now() + ${lock}) else ${loginAttempts.lockedUntil} end`,
          updatedAt: sql`now()`,
        },
      })
      .returning({
        failures: loginAttempts.failures,
        lockedForSeconds: sql<number>`coalesce(greatest(0, ceil(extract(epoch from ${loginAttempts.lockedUntil} - now())))::int, 0)`,
      });
    await this.cleanUpAttempts();
    return row;
  }

  /** Rows idle for the lock period mean nothing any more; deleting them now and then keeps a spray of emails from piling up. */
  private async cleanUpAttempts(): Promise<void> {
    if (Date.now() < this.nextCleanup) return;
    this.nextCleanup = Date.now() + 60_000;
    await this.db
      .delete(loginAttempts)
      .where(lt(loginAttempts.updatedAt, sql`now() - ${this.lockMs()}::float8 * interval '1 millisecond'`));
  }
}
