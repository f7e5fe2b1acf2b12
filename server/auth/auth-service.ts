/**
 * Admin accounts, logins and sessions. Failed logins answer the same whether the
 * email exists or not; repeated failures lock the email for a while.
 */
import crypto from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from '../../shared/zod';
import { apiMessages } from '../../shared/api-messages';
import type { Db } from '../db/client';
import { admins, adminSessions } from '../db/schema';
import { ClientError } from '../errors';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyAgainstDummy, verifyPassword } from './passwords';
import { loadSigningSecret, signToken, verifyToken } from './tokens';

export interface AuthSettings {
  loginMaxFailures: number;
  loginLockMinutes: number;
  tokenTtlHours: number;
}

export interface AuthenticatedAdmin {
  adminId: string;
  email: string;
  sessionId: string;
}

export const emailSchema = z
  .string({ error: apiMessages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, apiMessages.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, apiMessages.emailInvalid);
export const passwordSchema = z
  .string({ error: apiMessages.passwordTooShort })
  .min(PASSWORD_MIN, apiMessages.passwordTooShort)
  .max(PASSWORD_MAX, apiMessages.passwordTooLong);

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
  /** Failure counts for emails with no account, so they lock exactly like real ones. */
  private readonly unknownEmailFailures = new Map<string, { failures: number; lockedUntil: number }>();

  private constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly settings: AuthSettings,
  ) {}

  static async create(db: Db, settings: AuthSettings): Promise<AuthService> {
    return new AuthService(db, await loadSigningSecret(db), settings);
  }

  /** Creates the first admin when none exists. Returns the generated password, if one was made. */
  async ensureFirstAdmin(email: string | undefined, password: string | undefined): Promise<{ email: string; password?: string } | null> {
    const [existing] = await this.db.select({ id: admins.id }).from(admins).limit(1);
    if (existing) return null;
    const adminEmail = parseOr400(emailSchema, email ?? 'admin@example.com');
    const generated = password ? undefined : generatePassword();
    await this.addAdmin(adminEmail, password ?? generated!);
    return { email: adminEmail, password: generated };
  }

  /** Checks the credentials and opens a session. */
  async login(rawEmail: unknown, rawPassword: unknown): Promise<{ token: string; admin: { email: string } }> {
    if (typeof rawEmail !== 'string' || typeof rawPassword !== 'string' || !rawEmail.trim() || !rawPassword) {
      throw new ClientError(400, apiMessages.loginRequired);
    }
    const email = rawEmail.trim().toLowerCase().slice(0, 254);
    const password = rawPassword.slice(0, PASSWORD_MAX * 4);
    const now = Date.now();
    const [admin] = await this.db.select().from(admins).where(eq(admins.email, email)).limit(1);

    if (!admin) {
      const record = this.unknownEmailFailures.get(email);
      if (record && record.lockedUntil > now) throw this.lockedError(record.lockedUntil - now);
      await verifyAgainstDummy(password);
      this.countUnknownFailure(email, now);
      throw new ClientError(401, apiMessages.invalidLogin);
    }
    if (admin.lockedUntil && admin.lockedUntil.getTime() > now) throw this.lockedError(admin.lockedUntil.getTime() - now);

    if (!(await verifyPassword(admin.passwordHash, password))) {
      const failures = admin.failedLogins + 1;
      const lock = failures >= this.settings.loginMaxFailures;
      await this.db
        .update(admins)
        .set({
          failedLogins: lock ? 0 : failures,
          lockedUntil: lock ? new Date(now + this.settings.loginLockMinutes * 60_000) : admin.lockedUntil,
        })
        .where(eq(admins.id, admin.id));
      throw new ClientError(401, apiMessages.invalidLogin);
    }

    await this.db.update(admins).set({ failedLogins: 0, lockedUntil: null }).where(eq(admins.id, admin.id));
    const sessionId = crypto.randomUUID();
    const expiresAt = new Date(now + this.settings.tokenTtlHours * 3_600_000);
    await this.db.insert(adminSessions).values({ id: sessionId, adminId: admin.id, expiresAt });
    const token = await signToken(this.secret, { adminId: admin.id, sessionId }, expiresAt);
    return { token, admin: { email: admin.email } };
  }

  /** Resolves a bearer token to its admin; 401 when missing, forged, expired or ended. */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedAdmin> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) throw new ClientError(401, apiMessages.unauthorized);
    const check = await verifyToken(this.secret, match[1]);
    if (!check.ok) throw new ClientError(401, check.expired ? apiMessages.sessionExpired : apiMessages.unauthorized);
    const [session] = await this.db
      .select({ email: admins.email })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(
        and(
          eq(adminSessions.id, check.claims.sessionId),
          eq(adminSessions.adminId, check.claims.adminId),
          eq(adminSessions.revoked, false),
          gt(adminSessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (!session) throw new ClientError(401, apiMessages.sessionExpired);
    return { adminId: check.claims.adminId, email: session.email, sessionId: check.claims.sessionId };
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
    await this.setPasswordHash(adminId, parseOr400(passwordSchema, newPassword));
  }

  async listAdmins(): Promise<{ _id: string; email: string; createdAt: string }[]> {
    const rows = await this.db.select().from(admins).orderBy(asc(admins.createdAt));
    return rows.map((row) => ({ _id: row.id, email: row.email, createdAt: row.createdAt.toISOString() }));
  }

  async addAdmin(rawEmail: unknown, rawPassword: unknown): Promise<{ _id: string; email: string }> {
    const email = parseOr400(emailSchema, rawEmail);
    const password = parseOr400(passwordSchema, rawPassword);
    const [existing] = await this.db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
    if (existing) throw new ClientError(409, apiMessages.adminExists, [apiMessages.adminExists]);
    const id = crypto.randomUUID();
    await this.db.insert(admins).values({ id, email, passwordHash: await hashPassword(password) });
    return { _id: id, email };
  }

  async removeAdmin(id: string, currentAdminId: string): Promise<void> {
    if (id === currentAdminId) throw new ClientError(400, apiMessages.cannotDeleteSelf);
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ClientError(400, apiMessages.invalidId);
    const deleted = await this.db.delete(admins).where(eq(admins.id, id)).returning({ id: admins.id });
    if (deleted.length === 0) throw new ClientError(404, apiMessages.recordNotFound('Admin'));
  }

  /** For the command line: sets a password by email (creating the admin if asked) and ends its sessions. */
  async resetPassword(rawEmail: string, rawPassword: string): Promise<void> {
    const email = parseOr400(emailSchema, rawEmail);
    const [admin] = await this.db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
    if (!admin) throw new ClientError(404, `No admin with the email ${email}`);
    await this.setPasswordHash(admin.id, parseOr400(passwordSchema, rawPassword));
  }

  /** A new password also lifts any lockout, and ends every session of the admin. */
  private async setPasswordHash(adminId: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.update(admins).set({ passwordHash, failedLogins: 0, lockedUntil: null }).where(eq(admins.id, adminId));
    await this.db.update(adminSessions).set({ revoked: true }).where(eq(adminSessions.adminId, adminId));
  }

  private countUnknownFailure(email: string, now: number) {
    const record = this.unknownEmailFailures.get(email) ?? { failures: 0, lockedUntil: 0 };
    record.failures += 1;
    if (record.failures >= this.settings.loginMaxFailures) {
      record.failures = 0;
      record.lockedUntil = now + this.settings.loginLockMinutes * 60_000;
    }
    this.unknownEmailFailures.set(email, record);
    if (this.unknownEmailFailures.size > 10_000) this.unknownEmailFailures.clear(); // bounded memory under a spray
  }

  private lockedError(remainingMs: number): ClientError {
    return new ClientError(429, apiMessages.accountLocked, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(remainingMs / 1000))),
    });
  }
}

export function generatePassword(): string {
  return crypto.randomBytes(15).toString('base64url');
}
