/**
 * Admin sessions: opened once a sign-in is complete (a row with device, address and times, and a
 * signed token), resolved on every request (absolute expiry, idle period, ended), kept alive, listed
 * and ended, one, all but the current, or all.
 */
import type { SessionInfo } from '../../shared/sessions';
import crypto from 'node:crypto';
import { and, count, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { apiMessages } from '../../shared/api-messages';
import { permissionsOf, roleNameOf, type Area, type RoleName } from '../../shared/roles';
import { UUID_PATTERN } from '../../shared/validation';
import type { Db } from '../db/client';
import { admins, adminSessions, adminTotp } from '../db/schema';
import { ClientError } from '../errors';
import { mailQuietly, type AccountMails } from '../mail/account-mails';
import { describeDevice } from './device';
import { signToken, verifyToken } from './tokens';

export interface SessionSettings {
  tokenTtlHours: number;
  sessionIdleMinutes: number;
  /** PUBLIC_URL: an https one makes the session cookie Secure. */
  publicUrl: string;
}

export interface AuthenticatedAdmin {
  adminId: string;
  email: string;
  sessionId: string;
  /** The preset the account's areas make up, or 'custom'. */
  role: RoleName;
  /** What the account may do, read with the session on every request. */
  permissions: Area[];
  /** Whether the account signs in with a code (REQUIRE_2FA keeps one without it to its enrolment). */
  twoFactor: boolean;
}

/** Where a sign-in comes from: shown in the session list. */
export interface SessionClient {
  userAgent?: string;
  address?: string;
}

/** A session's last-seen time is written at most this often (and a few times per idle period when that is short). */
const TOUCH_MAX_MS = 60_000;
/** Days an ended session is kept: the devices of these are the account's known ones (no new-device mail from them). */
const KNOWN_DEVICE_DAYS = 90;

export class Sessions {
  private nextSessionCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly settings: SessionSettings,
    /** Tells the owner of a sign-in from a new device; null sends none. */
    private readonly mails: AccountMails | null,
  ) {}

  /** PUBLIC_URL, for the session cookie's attributes. */
  get publicUrl(): string {
    return this.settings.publicUrl;
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
      if (owner) await mailQuietly(this.mails, (mails) => mails.newDeviceSignIn(owner.email, device, address));
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
        permissions: admins.permissions,
        twoFactor: sql<boolean>`${adminTotp.enabledAt} is not null`,
        stale: sql<boolean>`${adminSessions.lastSeenAt} < now() - ${this.touchMs()}::float8 * interval '1 millisecond'`,
      })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .leftJoin(adminTotp, eq(adminTotp.adminId, adminSessions.adminId))
      .where(and(eq(adminSessions.id, sessionId), eq(adminSessions.adminId, adminId), this.activeSession()))
      .limit(1);
    if (!session) throw new ClientError(401, apiMessages.sessionExpired);
    if (session.stale)
      await this.db
        .update(adminSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(adminSessions.id, sessionId));
    const permissions = permissionsOf(session.role, session.permissions);
    return { adminId, email: session.email, sessionId, role: roleNameOf(permissions), permissions, twoFactor: Boolean(session.twoFactor) };
  }

  /**
   * The screens' keep-alive (typing counts as use): restarts the idle period now, whatever the touch
   * interval, and says how long the session has left: idle, and until its absolute end.
   */
  async keepAlive(sessionId: string): Promise<{ idleSeconds: number; absoluteSeconds: number }> {
    const [row] = await this.db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(adminSessions.id, sessionId), this.activeSession()))
      .returning({ left: sql<number>`extract(epoch from ${adminSessions.expiresAt} - now())::float8` });
    if (!row) throw new ClientError(401, apiMessages.sessionExpired);
    return { idleSeconds: this.settings.sessionIdleMinutes * 60, absoluteSeconds: Math.max(0, Math.floor(Number(row.left))) };
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

  /** Signing out: the session ends. */
  async logout(sessionId: string): Promise<void> {
    await this.db.update(adminSessions).set({ revoked: true }).where(eq(adminSessions.id, sessionId));
  }

  /** Ends every session of the admin (a new password, two-factor reset), in `tx` when given. */
  async endAll(adminId: string, tx: Db = this.db): Promise<void> {
    await tx.update(adminSessions).set({ revoked: true }).where(eq(adminSessions.adminId, adminId));
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

  /** Sessions over KNOWN_DEVICE_DAYS past their end go (at most once an hour): the table stays small, and a device unused that long is new again. */
  private async forgetOldSessions(): Promise<void> {
    if (Date.now() < this.nextSessionCleanup) return;
    this.nextSessionCleanup = Date.now() + 3_600_000;
    await this.db.delete(adminSessions).where(lt(adminSessions.expiresAt, sql`now() - make_interval(days => ${KNOWN_DEVICE_DAYS})`));
  }
}
