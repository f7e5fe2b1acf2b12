/**
 * Audit entries of sign-ins and accounts, recorded around the auth routes' calls so that the
 * routes change by a line each: the outcome (a token, or the ClientError's status) says which.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { UUID_PATTERN } from '../../shared/validation';
import type { Db } from '../db/client';
import { admins, loginAttempts } from '../db/schema';
import { ClientError } from '../errors';
import { auditContext } from './audit-context';
import type { AuditService, AuditTarget } from './audit-service';

/** The email as the login normalises it; null when it is not text (the login answers 400 then). */
const normalised = (email: unknown) => (typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 254) : null);

async function adminIdOf(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
  return row?.id ?? null;
}

/**
 * Runs the login and records its outcome: success; a wrong password or unknown email (401), and
 * the lockout it started; an attempt refused during a lockout (429). The attempted email is the
 * actor of a failure (with the account's id when one has it), so the person filter finds attacks on it.
 */
export async function auditedLogin<T>(
  audit: AuditService,
  db: Db,
  request: FastifyRequest,
  rawEmail: unknown,
  login: () => Promise<T>,
): Promise<T> {
  const email = normalised(rawEmail);
  const { ip } = auditContext(request);
  try {
    const result = await login();
    // a correct password that still needs a code is not a sign-in yet: the code step records it
    const signedIn = typeof result !== 'object' || result === null || 'token' in result;
    if (email && signedIn) {
      const adminId = await adminIdOf(db, email);
      await audit.record({
        kind: 'sign-in.succeeded',
        actor: { adminId, email },
        ip,
        target: { type: 'account', id: adminId, label: email },
      });
    }
    return result;
  } catch (error) {
    if (email && error instanceof ClientError && (error.statusCode === 401 || error.statusCode === 429)) {
      const adminId = await adminIdOf(db, email);
      const actor = { adminId, email };
      const target = { type: 'account', id: adminId, label: email };
      if (error.statusCode === 429) {
        await audit.record({ kind: 'sign-in.failed', actor, ip, target, details: { reason: 'locked' } });
      } else {
        await audit.record({ kind: 'sign-in.failed', actor, ip, target, details: { reason: 'invalid email or password' } });
        // this failure was the one that reached the limit: the email is locked from now on
        const [locked] = await db
          .select({ until: loginAttempts.lockedUntil })
          .from(loginAttempts)
          .where(and(eq(loginAttempts.email, email), gt(loginAttempts.lockedUntil, sql`now()`)))
          .limit(1);
        if (locked?.until)
          await audit.record({ kind: 'sign-in.locked', actor, ip, target, details: { until: locked.until.toISOString() } });
      }
    }
    throw error;
  }
}

/** An account as the target of an entry. */
export const accountTarget = (id: string | null, email: string | null): AuditTarget => ({ type: 'account', id, label: email });

/** The email of the account `rawId` names, read before it is removed (null when there is none). */
export async function accountEmail(db: Db, rawId: string): Promise<string | null> {
  if (!UUID_PATTERN.test(rawId)) return null;
  const [row] = await db.select({ email: admins.email }).from(admins).where(eq(admins.id, rawId.toLowerCase())).limit(1);
  return row?.email ?? null;
}
