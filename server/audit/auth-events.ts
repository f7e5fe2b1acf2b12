/**
 * Audit entries of sign-ins and accounts, recorded around the auth routes' calls so that the
 * routes change by a line each: the outcome (a token, or the ClientError's status) says which.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { UUID_PATTERN } from '../../shared/validation';
import type { Db } from '../db/client';
import { admins, loginAttempts } from '../db/schema';
import type { AuditKind } from '../../shared/audit';
import { normaliseEmail } from '../auth/auth-schemas';
import { AttemptFailure } from '../auth/login-lockout';
import { ClientError } from '../errors';
import { auditContext } from './audit-context';
import type { AuditService, AuditTarget } from './audit-service';

/** The email as the login normalises it; null when it is not text (the login answers 400 then). */
const normalised = (email: unknown) => (typeof email === 'string' && email.trim() ? normaliseEmail(email).slice(0, 254) : null);

async function adminIdOf(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
  return row?.id ?? null;
}

/**
 * Records a failed counted try as what it was (`kind`, and the reason: a wrong password, code or
 * current password, or refused during a lockout) and the lockout it started. The attempted email
 * is the actor (with the account's id when one has it), so the person filter finds attacks on it.
 * Other errors (a bad request, an expired challenge) are not attempts and record nothing.
 */
async function recordFailedAttempt(audit: AuditService, db: Db, ip: string | null, email: string, kind: AuditKind, error: unknown) {
  if (!(error instanceof ClientError)) return;
  const reason = error.statusCode === 429 ? 'locked' : error instanceof AttemptFailure ? error.reason : null;
  if (!reason) return;
  const adminId = await adminIdOf(db, email);
  const actor = { adminId, email };
  const target = { type: 'account', id: adminId, label: email };
  await audit.record({ kind, actor, ip, target, details: { reason } });
  if (reason === 'locked') return;
  // this failure was the one that reached the limit: the email is locked from now on
  const [locked] = await db
    .select({ until: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), gt(loginAttempts.lockedUntil, sql`now()`)))
    .limit(1);
  // a lock starts with the failure that reached the limit: later ones (refused as locked) record none
  if (locked?.until) await audit.record({ kind: 'sign-in.locked', actor, ip, target, details: { until: locked.until.toISOString() } });
}

/**
 * A counted try of a signed-in account (a password confirmation, a password change), run and
 * recorded as `kind` when it fails.
 */
export async function auditedAttempt<T>(
  audit: AuditService,
  db: Db,
  request: FastifyRequest,
  kind: AuditKind,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    const email = request.admin?.email;
    if (email) await recordFailedAttempt(audit, db, auditContext(request).ip, email, kind, error);
    throw error;
  }
}

/**
 * Runs the login (or its code step) and records its outcome: success; a wrong password or unknown
 * email, a wrong two-factor code, and the lockout it started; an attempt refused during a lockout.
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
    if (email) await recordFailedAttempt(audit, db, ip, email, 'sign-in.failed', error);
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
