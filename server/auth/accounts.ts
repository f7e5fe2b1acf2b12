/**
 * Admin accounts: the first one, adding and removing, their areas (a preset or areas by hand), and
 * their passwords (changed by the owner, set from a reset link or at the command line). A new
 * password ends every session and outstanding token of the account.
 */
import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { z } from '../../shared/zod';
import { accountSecurityMessages, apiMessages } from '../../shared/api-messages';
import { ADMIN_ROLES, AREAS, permissionsOf, roleNameOf, type AdminRole, type Area, type RoleName } from '../../shared/roles';
import { UUID_PATTERN } from '../../shared/validation';
import type { Db } from '../db/client';
import { admins, adminTotp, loginAttempts } from '../db/schema';
import { ClientError } from '../errors';
import { mailQuietly, type AccountMails } from '../mail/account-mails';
import { revokeAccountTokens } from './account-tokens';
import { emailSchema, passwordSchema } from './auth-schemas';
import { isCommonPassword } from './common-passwords';
import { AttemptFailure, type LoginLockout } from './login-lockout';
import { hashPassword, PASSWORD_MAX, verifyPassword } from './passwords';
import type { Sessions } from './sessions';
import type { TwoFactorService } from './two-factor-service';

/** An account as the account screen lists it and the account calls answer. */
export interface AccountAccess {
  _id: string;
  email: string;
  role: RoleName;
  permissions: Area[];
}

/** What an account is given: a preset, or areas by hand (stored as the preset they make up when they make one). */
export type AccessChange = { role: unknown; permissions?: undefined } | { role?: undefined; permissions: unknown };

/** Parses a value or throws a 400 with the schema's message. */
function parseOr400<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? apiMessages.emailInvalid;
    throw new ClientError(400, message, [message]);
  }
  return result.data;
}

export class Accounts {
  constructor(
    private readonly db: Db,
    private readonly lockout: LoginLockout,
    private readonly sessions: Sessions,
    private readonly twoFactor: TwoFactorService,
    /** Tells an account's owner their password changed; null sends none. */
    private readonly mails: AccountMails | null,
  ) {}

  /** Creates the first admin when none exists. Returns the generated password, if one was made. */
  async ensureFirstAdmin(email: string | undefined, password: string | undefined): Promise<{ email: string; password?: string } | null> {
    const [existing] = await this.db.select({ id: admins.id }).from(admins).limit(1);
    if (existing) return null;
    const adminEmail = parseOr400(emailSchema, email ?? 'admin@example.com');
    const generated = password ? undefined : generatePassword();
    await this.addAdmin(adminEmail, password ?? generated!, { role: 'admin' });
    return { email: adminEmail, password: generated };
  }

  /**
   * Changes the admin's own password and ends all of their sessions. A wrong current password counts
   * toward the account's lockout like a sign-in (a stolen session cannot guess it without limit).
   */
  async changePassword(adminId: string, currentPassword: unknown, newPassword: unknown): Promise<void> {
    const [admin] = await this.db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
    if (!admin) throw new ClientError(401, apiMessages.unauthorized);
    await this.lockout.counted(admin.email, async () =>
      typeof currentPassword === 'string' && (await verifyPassword(admin.passwordHash, currentPassword.slice(0, PASSWORD_MAX * 4)))
        ? null
        : new AttemptFailure(400, apiMessages.passwordWrong, 'wrong current password'),
    );
    await this.setPasswordHash(adminId, await this.newPassword(newPassword));
    await mailQuietly(this.mails, (mails) => mails.passwordChanged(admin.email));
  }

  async listAdmins(): Promise<(AccountAccess & { twoFactor: boolean; createdAt: string })[]> {
    const rows = await this.db
      .select({
        id: admins.id,
        email: admins.email,
        role: admins.role,
        permissions: admins.permissions,
        createdAt: admins.createdAt,
        enabledAt: adminTotp.enabledAt,
      })
      .from(admins)
      .leftJoin(adminTotp, eq(adminTotp.adminId, admins.id))
      .orderBy(asc(admins.createdAt));
    return rows.map((row) => ({
      ...accessOf(row),
      twoFactor: row.enabledAt !== null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Adds an account with a preset (Admin unless given) or areas by hand. */
  async addAdmin(rawEmail: unknown, rawPassword: unknown, access: AccessChange = { role: 'admin' }): Promise<AccountAccess> {
    const email = parseOr400(emailSchema, rawEmail);
    const password = await this.newPassword(rawPassword);
    const stored = storedAccess(access, 'editor');
    const [existing] = await this.db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
    if (existing) throw new ClientError(409, apiMessages.adminExists, [apiMessages.adminExists]);
    const id = crypto.randomUUID();
    await this.db.insert(admins).values({ id, email, passwordHash: await hashPassword(password), ...stored });
    return accessOf({ id, email, ...stored });
  }

  /** Removes another admin; never oneself, and never the last one, even when two admins remove each other at once. */
  async removeAdmin(rawId: string, currentAdminId: string): Promise<void> {
    if (!UUID_PATTERN.test(rawId)) throw new ClientError(400, apiMessages.invalidId);
    // the database compares UUIDs case-insensitively, so this comparison must too
    const id = rawId.toLowerCase();
    if (id === currentAdminId.toLowerCase()) throw new ClientError(400, apiMessages.cannotDeleteSelf);
    await this.db.transaction(async (tx) => {
      // every admin row locked: a concurrent removal waits, then sees what this one left
      const rows = await tx.select({ id: admins.id, role: admins.role, permissions: admins.permissions }).from(admins).for('update');
      const target = rows.find((row) => row.id === id);
      if (!target) throw new ClientError(404, apiMessages.recordNotFound('Admin'));
      // the last account that manages accounts stays, whatever number of others there are
      if (rows.length <= 1 || (managesAccounts(target) && rows.filter(managesAccounts).length <= 1)) {
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

  /** A reset link's new password, checked by the same rules as a change before the link is used up. */
  async passwordToSet(rawPassword: unknown): Promise<string> {
    return this.newPassword(rawPassword);
  }

  /** Sets a password from a reset link: every session ends and the owner is told by mail; the account's email. */
  async setPasswordFromReset(adminId: string, password: string): Promise<string> {
    const [admin] = await this.db.select({ email: admins.email }).from(admins).where(eq(admins.id, adminId)).limit(1);
    if (!admin) throw new ClientError(404, apiMessages.recordNotFound('Admin'));
    await this.setPasswordHash(adminId, password);
    await mailQuietly(this.mails, (mails) => mails.passwordChanged(admin.email));
    return admin.email;
  }

  /** A password to set: the length rules, then not one of the 100,000 most common. */
  private async newPassword(rawPassword: unknown): Promise<string> {
    const password = parseOr400(passwordSchema, rawPassword);
    if (await isCommonPassword(password)) throw new ClientError(400, apiMessages.passwordCommon, [apiMessages.passwordCommon]);
    return password;
  }

  /** A new password also lifts any lockout, and ends every session of the admin. */
  private async setPasswordHash(adminId: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const [admin] = await tx.update(admins).set({ passwordHash }).where(eq(admins.id, adminId)).returning({ email: admins.email });
      if (admin) await tx.delete(loginAttempts).where(eq(loginAttempts.email, admin.email));
      await this.sessions.endAll(adminId, tx);
      // a sign-in challenge (or reset link) made with the old password dies with it
      await revokeAccountTokens(tx, adminId);
    });
  }

  /** For the command line: two-factor sign-in off (secret and recovery codes gone) for an account that lost them, and its sessions ended. */
  async resetTwoFactor(adminId: string): Promise<void> {
    await this.twoFactor.disable(adminId);
    await this.sessions.endAll(adminId);
  }

  /**
   * Gives an account (another, or one's own) a preset or areas by hand; the last account with
   * 'accounts' can never lose it, even when two changes race. Its outstanding tokens end.
   */
  async changeAccess(rawId: string, access: AccessChange): Promise<AccountAccess> {
    if (!UUID_PATTERN.test(rawId)) throw new ClientError(400, apiMessages.invalidId);
    const id = rawId.toLowerCase();
    return this.db.transaction(async (tx) => {
      // every account row locked, as removeAdmin does: a concurrent change waits, then counts what this one left
      const rows = await tx
        .select({ id: admins.id, email: admins.email, role: admins.role, permissions: admins.permissions })
        .from(admins)
        .for('update');
      const target = rows.find((row) => row.id === id);
      if (!target) throw new ClientError(404, apiMessages.recordNotFound('Admin'));
      const stored = storedAccess(access, target.role);
      if (managesAccounts(target) && !managesAccounts(stored) && rows.filter(managesAccounts).length <= 1) {
        throw new ClientError(409, accountSecurityMessages.lastAdminDemoted);
      }
      await tx.update(admins).set(stored).where(eq(admins.id, id));
      await revokeAccountTokens(tx, id);
      return accessOf({ id, email: target.email, ...stored });
    });
  }
}

export function generatePassword(): string {
  return crypto.randomBytes(15).toString('base64url');
}

function parseRole(raw: unknown): AdminRole {
  const role = ADMIN_ROLES.find((each) => each === raw);
  if (role) return role;
  throw new ClientError(400, accountSecurityMessages.roleInvalid, [accountSecurityMessages.roleInvalid]);
}

function parsePermissions(raw: unknown): Area[] {
  if (!Array.isArray(raw) || !raw.every((area) => AREAS.some((known) => known === area))) {
    throw new ClientError(400, accountSecurityMessages.permissionsInvalid, [accountSecurityMessages.permissionsInvalid]);
  }
  return AREAS.filter((area) => raw.includes(area));
}

/** The columns of an access change: a preset is its role with permissions NULL; areas that make up no preset are kept as a list. */
function storedAccess(access: AccessChange, currentRole: AdminRole): { role: AdminRole; permissions: Area[] | null } {
  if (access.permissions === undefined) return { role: parseRole(access.role), permissions: null };
  const permissions = parsePermissions(access.permissions);
  const preset = roleNameOf(permissions);
  return preset === 'custom' ? { role: currentRole, permissions } : { role: preset, permissions: null };
}

const managesAccounts = (row: { role: AdminRole; permissions: readonly string[] | null }) =>
  permissionsOf(row.role, row.permissions).includes('accounts');

function accessOf(row: { id: string; email: string; role: AdminRole; permissions: readonly string[] | null }): AccountAccess {
  const permissions = permissionsOf(row.role, row.permissions);
  return { _id: row.id, email: row.email, role: roleNameOf(permissions), permissions };
}
