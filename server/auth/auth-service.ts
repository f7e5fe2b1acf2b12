/**
 * Admin accounts, logins and sessions. Failed logins answer the same whether the
 * email exists or not; repeated failures lock the email for a while.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { z } from '../../shared/zod';
import { accountSecurityMessages, apiMessages } from '../../shared/api-messages';
import { ADMIN_ROLES, type AdminRole } from '../../shared/roles';
import { containsNul } from '../../shared/text-input';
import { UUID_PATTERN } from '../../shared/validation';
import type { Db } from '../db/client';
import { admins, adminSessions, adminTotp, loginAttempts } from '../db/schema';
import { ClientError } from '../errors';
import { emailSchema, passwordSchema } from './auth-schemas';
import { isCommonPassword } from './common-passwords';
import { describeDevice } from './device';
import type { AccountMails } from '../mail/account-mails';
import { hashPassword, PASSWORD_MAX, verifyAgainstDummy, verifyPassword } from './passwords';
import { signChallenge, signStepUp, verifyChallenge, verifyStepUp } from './step-tokens';
import { loadSigningSecret, signToken, verifyToken } from './tokens';
import { type Enrolment, TwoFactorService } from './two-factor-service';

export interface AuthSettings {
  loginMaxFailures: number;
  loginLockMinutes: number;
  tokenTtlHours: number;
  sessionIdleMinutes: number;
  /** PUBLIC_URL: an https one makes the session cookie Secure. */
  publicUrl: string;
  /** REQUIRE_2FA: an account without two-factor sign-in sets it up before it gets a session. */
  require2fa: boolean;
}

/** What a correct password gets: a session, or (two-factor sign-in) a challenge for the next step. */
export type LoginResult =
  | { token: string; expiresAt: Date; admin: { email: string } }
  | { twoFactorRequired: true; challenge: string }
  | { twoFactorSetupRequired: true; challenge: string };

export interface AuthenticatedAdmin {
  adminId: string;
  email: string;
  sessionId: string;
  role: AdminRole;
}

/** Where a sign-in comes from: shown in the session list. */
export interface SessionClient {
  userAgent?: string;
  address?: string;
}

/** A session as the account screen lists it. */
export interface SessionInfo {
  _id: string;
  device: string;
  address: string;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** A session's last-seen time is written at most this often (and a few times per idle period when that is short). */
const TOUCH_MAX_MS = 60_000;
/** Days an ended session is kept: the devices of these are the account's known ones (no new-device mail from them). */
const KNOWN_DEVICE_DAYS = 90;

/** Parses a value or throws a 400 with the schema's message. */
function parseOr400<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? apiMessages.emailInvalid;
    throw new ClientError(400, message, [message]);
  }
  return result.data;
}

export class AuthService {
  /** When expired login attempts are next deleted (Date.now() time). */
  private nextCleanup = 0;
  private nextSessionCleanup = 0;

  private constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly settings: AuthSettings,
    /** Each account's two-factor sign-in (TOTP, recovery codes). */
    readonly twoFactor: TwoFactorService,
  ) {}

  /** PUBLIC_URL, for the session cookie's attributes. */
  get publicUrl(): string {
    return this.settings.publicUrl;
  }

  static async create(db: Db, settings: AuthSettings, mails?: AccountMails): Promise<AuthService> {
    const service = new AuthService(db, await loadSigningSecret(db), settings, await TwoFactorService.create(db));
    service.mails = mails ?? null;
    return service;
  }

  /** Mails to an account's owner (password changed, a sign-in from a new device); null sends none. */
  private mails: AccountMails | null = null;

  /** Account mails are a courtesy: one that cannot be queued neither undoes nor fails the change it tells of. */
  private async mailQuietly(send: (mails: AccountMails) => Promise<void>): Promise<void> {
    if (!this.mails) return;
    await send(this.mails).catch(() => undefined);
  }

  /** Creates the first admin when none exists. Returns the generated password, if one was made. */
  async ensureFirstAdmin(email: string | undefined, password: string | undefined): Promise<{ email: string; password?: string } | null> {
    const [existing] = await this.db.select({ id: admins.id }).from(admins).limit(1);
    if (existing) return null;
    const adminEmail = parseOr400(emailSchema, email ?? 'admin@example.com');
    const generated = password ? undefined : generatePassword();
    await this.addAdmin(adminEmail, password ?? generated!, 'admin');
    return { email: adminEmail, password: generated };
  }

  /**
   * Checks the credentials and opens a session. Each attempt first reserves its place in the email's
   * failure count with one atomic upsert, so concurrent guesses cannot share a count; known and
   * unknown emails take the same steps (a dummy hash check for unknown ones) and get the same answers.
   */
  async login(rawEmail: unknown, rawPassword: unknown, client: SessionClient = {}): Promise<LoginResult> {
    if (typeof rawEmail !== 'string' || typeof rawPassword !== 'string' || !rawEmail.trim() || !rawPassword) {
      throw new ClientError(400, apiMessages.loginRequired);
    }
    if (containsNul(rawEmail) || containsNul(rawPassword)) throw new ClientError(400, apiMessages.textHasNul('Email and password'));
    const email = rawEmail.trim().toLowerCase().slice(0, 254);
    const password = rawPassword.slice(0, PASSWORD_MAX * 4);
    const [admin] = await this.db.select().from(admins).where(eq(admins.email, email)).limit(1);

    const attempt = await this.reserveAttempt(email);
    if (attempt.lockedForSeconds > 0 || attempt.failures > this.settings.loginMaxFailures) {
      const retryAfter = attempt.lockedForSeconds || Math.ceil(this.lockMs() / 1000);
      throw new ClientError(429, apiMessages.accountLocked, undefined, { 'retry-after': String(retryAfter) });
    }
    let valid = false;
    if (admin) valid = await verifyPassword(admin.passwordHash, password);
    else await verifyAgainstDummy(password);
    if (!admin || !valid) {
      if (attempt.failures >= this.settings.loginMaxFailures) {
        await this.db
          .update(loginAttempts)
          .set({ lockedUntil: sql`now() + ${this.lockMs()}::float8 * interval '1 millisecond'`, updatedAt: sql`now()` })
          .where(eq(loginAttempts.email, email));
      }
      throw new ClientError(401, apiMessages.invalidLogin);
    }

    // two-factor sign-in: the failure count stays until the code step succeeds too
    const secondStep = await this.secondStepAfterPassword(admin.id);
    if (secondStep) return secondStep;
    await this.db.delete(loginAttempts).where(eq(loginAttempts.email, email));
    return this.startSession(admin, client);
  }

  /** Opens a session for an account whose credentials (and code) are checked: the one way a sign-in ends. */
  private async startSession(
    admin: { id: string; email: string },
    client: SessionClient,
  ): Promise<{ token: string; expiresAt: Date; admin: { email: string } }> {
    return { ...(await this.issueSession(admin.id, client)), admin: { email: admin.email } };
  }

  /**
   * Opens a session for an admin whose sign-in is complete: its row (device, address, times) and
   * its signed token, which the routes hand out as the reply's `token` and the session cookie.
   */
  async issueSession(adminId: string, client: SessionClient = {}): Promise<{ token: string; expiresAt: Date }> {
    const sessionId = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + this.settings.tokenTtlHours * 3_600_000);
    const device = describeDevice(client.userAgent);
    const address = (client.address ?? '').slice(0, 64);
    await this.forgetOldSessions();
    // a device this account has signed in from before (a session of the last KNOWN_DEVICE_DAYS) is not news; the very first sign-in is not either
    const [earlier] = await this.db
      .select({ sessions: count(), fromThisDevice: sql<boolean>`coalesce(bool_or(${adminSessions.device} = ${device}), false)` })
      .from(adminSessions)
      .where(eq(adminSessions.adminId, adminId));
    await this.db.insert(adminSessions).values({ id: sessionId, adminId, expiresAt, device, address });
    if (earlier.sessions > 0 && !earlier.fromThisDevice) {
      const [owner] = await this.db.select({ email: admins.email }).from(admins).where(eq(admins.id, adminId)).limit(1);
      if (owner) await this.mailQuietly((mails) => mails.newDeviceSignIn(owner.email, device, address));
    }
    const token = await signToken(this.secret, { adminId, sessionId }, expiresAt);
    return { token, expiresAt };
  }

  /** Resolves an `Authorization: Bearer` header to its admin; 401 when missing, forged, expired or ended. */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedAdmin> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) throw new ClientError(401, apiMessages.unauthorized);
    return this.authenticateToken(match[1]);
  }

  /**
   * Resolves a session token (from the bearer header or the cookie) to its admin; 401 when forged,
   * past its absolute expiry, idle too long, or ended. Notes the session's use, at most once a minute.
   */
  async authenticateToken(token: string): Promise<AuthenticatedAdmin> {
    const check = await verifyToken(this.secret, token);
    if (!check.ok) throw new ClientError(401, check.expired ? apiMessages.sessionExpired : apiMessages.unauthorized);
    const { adminId, sessionId } = check.claims;
    const [session] = await this.db
      .select({
        email: admins.email,
        role: admins.role,
        stale: sql<boolean>`${adminSessions.lastSeenAt} < now() - ${this.touchMs()}::float8 * interval '1 millisecond'`,
      })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(and(eq(adminSessions.id, sessionId), eq(adminSessions.adminId, adminId), this.activeSession()))
      .limit(1);
    if (!session) throw new ClientError(401, apiMessages.sessionExpired);
    if (session.stale)
      await this.db
        .update(adminSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(adminSessions.id, sessionId));
    return { adminId, email: session.email, sessionId, role: session.role };
  }

  /** The admin's sessions still in force, most recently used first; `current` marks the one asking. */
  async listSessions(adminId: string, currentSessionId: string): Promise<SessionInfo[]> {
    const rows = await this.db
      .select()
      .from(adminSessions)
      .where(and(eq(adminSessions.adminId, adminId), this.activeSession()))
      .orderBy(desc(adminSessions.lastSeenAt), desc(adminSessions.createdAt));
    return rows.map((row) => ({
      _id: row.id,
      device: row.device,
      address: row.address,
      startedAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === currentSessionId,
    }));
  }

  /** Ends one of the admin's own sessions at once; 404 for another admin's, an ended one, or none. */
  async revokeSession(adminId: string, rawId: string): Promise<void> {
    if (!UUID_PATTERN.test(rawId)) throw new ClientError(400, apiMessages.invalidId);
    const ended = await this.db
      .update(adminSessions)
      .set({ revoked: true })
      .where(and(eq(adminSessions.id, rawId.toLowerCase()), eq(adminSessions.adminId, adminId), this.activeSession()))
      .returning({ id: adminSessions.id });
    if (ended.length === 0) throw new ClientError(404, apiMessages.recordNotFound('Session'));
  }

  /** Ends every session of the admin but the one asking; returns how many ended. */
  async revokeOtherSessions(adminId: string, currentSessionId: string): Promise<number> {
    const ended = await this.db
      .update(adminSessions)
      .set({ revoked: true })
      .where(and(eq(adminSessions.adminId, adminId), ne(adminSessions.id, currentSessionId), this.activeSession()))
      .returning({ id: adminSessions.id });
    return ended.length;
  }

  async logout(sessionId: string): Promise<void> {
    await this.db.update(adminSessions).set({ revoked: true }).where(eq(adminSessions.id, sessionId));
  }

  /** Changes the admin's own password and ends all of their sessions. */
  async changePassword(adminId: string, currentPassword: unknown, newPassword: unknown): Promise<void> {
    const [admin] = await this.db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
    if (!admin) throw new ClientError(401, apiMessages.unauthorized);
    if (typeof currentPassword !== 'string' || !(await verifyPassword(admin.passwordHash, currentPassword))) {
      throw new ClientError(400, apiMessages.passwordWrong, [apiMessages.passwordWrong]);
    }
    await this.setPasswordHash(adminId, await this.newPassword(newPassword));
    await this.mailQuietly((mails) => mails.passwordChanged(admin.email));
  }

  async listAdmins(): Promise<{ _id: string; email: string; role: AdminRole; twoFactor: boolean; createdAt: string }[]> {
    const rows = await this.db
      .select({ id: admins.id, email: admins.email, role: admins.role, createdAt: admins.createdAt, enabledAt: adminTotp.enabledAt })
      .from(admins)
      .leftJoin(adminTotp, eq(adminTotp.adminId, admins.id))
      .orderBy(asc(admins.createdAt));
    return rows.map((row) => ({
      _id: row.id,
      email: row.email,
      role: row.role,
      twoFactor: row.enabledAt !== null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async addAdmin(
    rawEmail: unknown,
    rawPassword: unknown,
    rawRole: unknown = 'admin',
  ): Promise<{ _id: string; email: string; role: AdminRole }> {
    const email = parseOr400(emailSchema, rawEmail);
    const password = await this.newPassword(rawPassword);
    const role = parseRole(rawRole);
    const [existing] = await this.db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
    if (existing) throw new ClientError(409, apiMessages.adminExists, [apiMessages.adminExists]);
    const id = crypto.randomUUID();
    await this.db.insert(admins).values({ id, email, passwordHash: await hashPassword(password), role });
    return { _id: id, email, role };
  }

  /** Removes another admin; never oneself, and never the last one, even when two admins remove each other at once. */
  async removeAdmin(rawId: string, currentAdminId: string): Promise<void> {
    if (!UUID_PATTERN.test(rawId)) throw new ClientError(400, apiMessages.invalidId);
    // the database compares UUIDs case-insensitively, so this comparison must too
    const id = rawId.toLowerCase();
    if (id === currentAdminId.toLowerCase()) throw new ClientError(400, apiMessages.cannotDeleteSelf);
    await this.db.transaction(async (tx) => {
      // every admin row locked: a concurrent removal waits, then sees what this one left
      const rows = await tx.select({ id: admins.id, role: admins.role }).from(admins).for('update');
      const target = rows.find((row) => row.id === id);
      if (!target) throw new ClientError(404, apiMessages.recordNotFound('Admin'));
      // the last Admin stays, whatever number of Editors there are
      if (rows.length <= 1 || (target.role === 'admin' && rows.filter((row) => row.role === 'admin').length <= 1)) {
        throw new ClientError(409, apiMessages.lastAdmin);
      }
      if (!rows.some((row) => row.id === currentAdminId)) throw new ClientError(401, apiMessages.unauthorized);
      await tx.delete(admins).where(eq(admins.id, id));
    });
  }

  /** For the command line: sets a password by email (creating the admin if asked) and ends its sessions. */
  async resetPassword(rawEmail: string, rawPassword: string): Promise<void> {
    const email = parseOr400(emailSchema, rawEmail);
    const [admin] = await this.db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
    if (!admin) throw new ClientError(404, `No admin with the email ${email}`);
    await this.setPasswordHash(admin.id, await this.newPassword(rawPassword));
  }

  /** A password to set: the length rules, then not one of the 100,000 most common. */
  private async newPassword(rawPassword: unknown): Promise<string> {
    const password = parseOr400(passwordSchema, rawPassword);
    if (await isCommonPassword(password)) throw new ClientError(400, apiMessages.passwordCommon, [apiMessages.passwordCommon]);
    return password;
  }

  /** Not ended, not past its absolute expiry, and used within the idle period. */
  private activeSession() {
    return and(
      eq(adminSessions.revoked, false),
      gt(adminSessions.expiresAt, sql`now()`),
      gt(adminSessions.lastSeenAt, sql`now() - ${this.idleMs()}::float8 * interval '1 millisecond'`),
    );
  }

  private idleMs(): number {
    return this.settings.sessionIdleMinutes * 60_000;
  }

  /** How old a last-seen time may get before a request rewrites it. */
  private touchMs(): number {
    return Math.min(TOUCH_MAX_MS, this.idleMs() / 4);
  }

  /** A new password also lifts any lockout, and ends every session of the admin. */
  private async setPasswordHash(adminId: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const [admin] = await tx.update(admins).set({ passwordHash }).where(eq(admins.id, adminId)).returning({ email: admins.email });
      if (admin) await tx.delete(loginAttempts).where(eq(loginAttempts.email, admin.email));
      await tx.update(adminSessions).set({ revoked: true }).where(eq(adminSessions.adminId, adminId));
    });
  }

  /** For the command line: two-factor sign-in off (secret and recovery codes gone) for an account that lost them, and its sessions ended. */
  async resetTwoFactor(adminId: string): Promise<void> {
    await this.twoFactor.disable(adminId);
    await this.db.update(adminSessions).set({ revoked: true }).where(eq(adminSessions.adminId, adminId));
  }

  /** Changes another account's role (or one's own); the last Admin can never become an Editor, even when two demotions race. */
  async changeRole(rawId: string, rawRole: unknown): Promise<{ _id: string; email: string; role: AdminRole }> {
    if (!UUID_PATTERN.test(rawId)) throw new ClientError(400, apiMessages.invalidId);
    const id = rawId.toLowerCase();
    const role = parseRole(rawRole);
    return this.db.transaction(async (tx) => {
      // every account row locked, as removeAdmin does: a concurrent demotion waits, then counts what this one left
      const rows = await tx.select({ id: admins.id, email: admins.email, role: admins.role }).from(admins).for('update');
      const target = rows.find((row) => row.id === id);
      if (!target) throw new ClientError(404, apiMessages.recordNotFound('Admin'));
      if (target.role === 'admin' && role !== 'admin' && rows.filter((row) => row.role === 'admin').length <= 1) {
        throw new ClientError(409, accountSecurityMessages.lastAdminDemoted);
      }
      await tx.update(admins).set({ role }).where(eq(admins.id, id));
      return { _id: id, email: target.email, role };
    });
  }

  /** After a correct password: a challenge when the account has two-factor sign-in (or must set it up), else null. */
  private async secondStepAfterPassword(adminId: string): Promise<LoginResult | null> {
    if ((await this.twoFactor.status(adminId)).enabled) {
      return { twoFactorRequired: true, challenge: await signChallenge(this.secret, adminId, 'login') };
    }
    if (this.settings.require2fa) return { twoFactorSetupRequired: true, challenge: await signChallenge(this.secret, adminId, 'enrol') };
    return null;
  }

  /** The account a sign-in challenge names; 401 when it is forged, expired or its account is gone. */
  /** The email of the account a sign-in challenge names (for the audit log), or null for a bad one. */
  async challengeEmail(challenge: unknown): Promise<string | null> {
    return this.challengedAdmin(challenge).then(
      ({ admin }) => admin.email,
      () => null,
    );
  }

  private async challengedAdmin(challenge: unknown, purpose?: 'login' | 'enrol') {
    const claims = typeof challenge === 'string' ? await verifyChallenge(this.secret, challenge) : null;
    if (!claims || (purpose && claims.purpose !== purpose)) throw new ClientError(401, accountSecurityMessages.challengeExpired);
    const [admin] = await this.db.select().from(admins).where(eq(admins.id, claims.adminId)).limit(1);
    if (!admin) throw new ClientError(401, accountSecurityMessages.challengeExpired);
    return { admin, purpose: claims.purpose };
  }

  /** REQUIRE_2FA, at sign-in: a new secret for the challenged account to scan before it gets a session. */
  async beginEnrolmentAtLogin(challenge: unknown): Promise<Enrolment> {
    const { admin } = await this.challengedAdmin(challenge, 'enrol');
    return this.twoFactor.begin(admin.id, admin.email);
  }

  /**
   * The second step of a sign-in: a code (or recovery code) for a 'login' challenge; for an 'enrol'
   * challenge, the first code of the secret just set up, which turns two-factor on and returns the
   * recovery codes beside the session. Every try counts toward the email's lockout, as passwords do.
   */
  async loginSecondStep(
    challenge: unknown,
    code: string | undefined,
    recoveryCode: string | undefined,
    client: SessionClient = {},
  ): Promise<{ token: string; expiresAt: Date; admin: { email: string }; recoveryCodes?: string[] }> {
    const { admin, purpose } = await this.challengedAdmin(challenge);
    if (!code?.trim() && !recoveryCode?.trim()) throw new ClientError(400, accountSecurityMessages.codeRequired);
    let recoveryCodes: string[] | undefined;
    await this.countedAttempt(admin.email, 401, async () => {
      if (purpose === 'login') return this.twoFactor.verify(admin.id, code, recoveryCode);
      recoveryCodes = (await this.twoFactor.confirm(admin.id, code ?? '')) ?? undefined;
      return recoveryCodes !== undefined;
    });
    return { ...(await this.startSession(admin, client)), ...(recoveryCodes ? { recoveryCodes } : {}) };
  }

  /**
   * Re-authentication before a sensitive action: the password, and a code when two-factor sign-in is
   * on. Counts toward the lockout like a login; a failure is 403 (the session stays; nothing changes).
   * Returns a step-up token good for this session for a few minutes.
   */
  async reauthenticate(current: AuthenticatedAdmin, password: unknown, code: unknown, recoveryCode?: unknown): Promise<string> {
    if (typeof password !== 'string' || !password) throw new ClientError(403, accountSecurityMessages.reauthRequired);
    const [admin] = await this.db.select().from(admins).where(eq(admins.id, current.adminId)).limit(1);
    if (!admin) throw new ClientError(401, apiMessages.unauthorized);
    await this.countedAttempt(admin.email, 403, async () => {
      if (!(await verifyPassword(admin.passwordHash, password.slice(0, PASSWORD_MAX * 4)))) return false;
      if (!(await this.twoFactor.status(admin.id)).enabled) return true;
      const asText = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
      return this.twoFactor.verify(admin.id, asText(code), asText(recoveryCode));
    });
    return signStepUp(this.secret, current.adminId, current.sessionId);
  }

  /** 403 unless the step-up token was made by re-authenticating in this session a few minutes ago. */
  async requireStepUp(current: AuthenticatedAdmin, token: string | undefined): Promise<void> {
    if (!token || !(await verifyStepUp(this.secret, token, current.adminId, current.sessionId))) {
      throw new ClientError(403, accountSecurityMessages.reauthRequired);
    }
  }

  /** Whether REQUIRE_2FA is set (two-factor sign-in cannot be turned off then). */
  get twoFactorRequired(): boolean {
    return this.settings.require2fa;
  }

  /**
   * One counted try of a second factor or a re-authentication: reserved in the email's failure count
   * first (429 when locked), a failure answers `failStatus` and may lock the email, a success clears it.
   */
  private async countedAttempt(email: string, failStatus: 401 | 403, check: () => Promise<boolean>): Promise<void> {
    const attempt = await this.reserveAttempt(email);
    if (attempt.lockedForSeconds > 0 || attempt.failures > this.settings.loginMaxFailures) {
      const retryAfter = attempt.lockedForSeconds || Math.ceil(this.lockMs() / 1000);
      throw new ClientError(429, apiMessages.accountLocked, undefined, { 'retry-after': String(retryAfter) });
    }
    if (!(await check())) {
      if (attempt.failures >= this.settings.loginMaxFailures) {
        await this.db
          .update(loginAttempts)
          .set({ lockedUntil: sql`now() + ${this.lockMs()}::float8 * interval '1 millisecond'`, updatedAt: sql`now()` })
          .where(eq(loginAttempts.email, email));
      }
      const message = failStatus === 401 ? accountSecurityMessages.codeWrong : accountSecurityMessages.reauthFailed;
      throw new ClientError(failStatus, message, [message]);
    }
    await this.db.delete(loginAttempts).where(eq(loginAttempts.email, email));
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

  /** Sessions over KNOWN_DEVICE_DAYS past their end go (at most once an hour): the table stays small, and a device unused that long is new again. */
  private async forgetOldSessions(): Promise<void> {
    if (Date.now() < this.nextSessionCleanup) return;
    this.nextSessionCleanup = Date.now() + 3_600_000;
    await this.db.delete(adminSessions).where(lt(adminSessions.expiresAt, sql`now() - make_interval(days => ${KNOWN_DEVICE_DAYS})`));
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

export function generatePassword(): string {
  return crypto.randomBytes(15).toString('base64url');
}

function parseRole(raw: unknown): AdminRole {
  if (typeof raw === 'string' && (ADMIN_ROLES as readonly string[]).includes(raw)) return raw as AdminRole;
  throw new ClientError(400, accountSecurityMessages.roleInvalid, [accountSecurityMessages.roleInvalid]);
}
