/**
 * Two-factor sign-in of one account: enrolment (a secret shown, confirmed by a first code), codes
 * checked without replay, single-use recovery codes, and turning it off. The TOTP secrets are
 * encrypted with a key kept in settings; backups carry that key, so a restored site keeps working.
 */
import crypto from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { accountSecurityMessages as messages } from '../../shared/api-messages';
import type { Db } from '../db/client';
import { adminRecoveryCodes, adminTotp, settings } from '../db/schema';
import { ClientError } from '../errors';
import { revokeAccountTokens } from './account-tokens';
import {
  decryptSecret,
  encryptSecret,
  enrolmentOf,
  hashRecoveryCode,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  RECOVERY_CODE_COUNT,
} from './totp';

/** Settings key of the key that encrypts TOTP secrets at rest. */
const TOTP_KEY = 'totp_encryption_key';

export interface Enrolment {
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUrl: string;
  /** The QR code of otpauthUrl as a data: URL (SVG), drawn on this server. */
  qrCode: string;
}

export class TwoFactorService {
  private constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
  ) {}

  static async create(db: Db): Promise<TwoFactorService> {
    const read = async () => (await db.select().from(settings).where(eq(settings.key, TOTP_KEY)).limit(1))[0];
    if (!(await read())) {
      await db
        .insert(settings)
        .values({ key: TOTP_KEY, value: crypto.randomBytes(32).toString('base64') })
        .onConflictDoNothing();
    }
    const stored = await read();
    if (!stored) throw new Error('The two-factor key could not be stored');
    return new TwoFactorService(db, Buffer.from(String(stored.value), 'base64'));
  }

  /** Whether the account signs in with a code, and how many unused recovery codes it has. */
  async status(adminId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const [row] = await this.db.select({ enabledAt: adminTotp.enabledAt }).from(adminTotp).where(eq(adminTotp.adminId, adminId));
    if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
    const [left] = await this.db
      .select({ n: count() })
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
    return { enabled: true, recoveryCodesLeft: Number(left?.n ?? 0) };
  }

  /** Makes a new secret waiting for its first code (replacing one that waited); 409 when two-factor is already on. */
  async begin(adminId: string, email: string): Promise<Enrolment> {
    if ((await this.status(adminId)).enabled) throw new ClientError(409, messages.twoFactorAlreadyOn);
    const secret = newTotpSecret();
    const pendingSecret = encryptSecret(this.key, adminId, secret);
    await this.db
      .insert(adminTotp)
      .values({ adminId, pendingSecret })
      .onConflictDoUpdate({ target: adminTotp.adminId, set: { pendingSecret } });
    return { secret, ...(await enrolmentOf(secret, email)) };
  }

  /**
   * Confirms the waiting secret with a code of it: two-factor is on from now, and the 10 new recovery
   * codes are returned (the only time they are readable). Null when the code is wrong. The account's
   * sign-in challenges end with the change; `claim` (a sign-in's enrolment) uses its challenge up in
   * the same transaction, and when it cannot (used meanwhile) nothing changes and the sign-in is refused.
   */
  async confirm(
    adminId: string,
    code: string,
    claim?: (tx: Pick<Db, 'delete' | 'insert' | 'select'>) => Promise<boolean>,
  ): Promise<string[] | null> {
    const [row] = await this.db.select().from(adminTotp).where(eq(adminTotp.adminId, adminId));
    if (row?.enabledAt) throw new ClientError(409, messages.twoFactorAlreadyOn);
    const secret = row?.pendingSecret ? decryptSecret(this.key, adminId, row.pendingSecret) : null;
    if (!row?.pendingSecret || !secret) throw new ClientError(400, messages.twoFactorNotStarted, [messages.twoFactorNotStarted]);
    const step = matchingStep(secret, code);
    if (step === null) return null;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const done = await this.db.transaction(async (tx) => {
      const [enabled] = await tx
        .update(adminTotp)
        .set({ secret: row.pendingSecret, pendingSecret: null, enabledAt: sql`now()`, lastStep: step })
        // the secret confirmed is the one checked: a set-up started again meanwhile makes this one fail
        .where(and(eq(adminTotp.adminId, adminId), isNull(adminTotp.enabledAt), eq(adminTotp.pendingSecret, row.pendingSecret!)))
        .returning({ adminId: adminTotp.adminId });
      if (!enabled) return false;
      if (claim && !(await claim(tx))) throw new ClientError(401, messages.challengeExpired);
      await this.replaceRecoveryCodes(tx, adminId, codes);
      await revokeAccountTokens(tx, adminId);
      return true;
    });
    if (!done) throw new ClientError(409, messages.twoFactorNotStarted);
    return codes;
  }

  /**
   * Checks a TOTP code (now ±1 step) or a recovery code. A code's step is taken only if it is later
   * than the last one taken, in one conditional update, so a code works once even when sent twice at
   * once; a recovery code is spent in one conditional update too.
   */
  async verify(adminId: string, code: string | undefined, recoveryCode: string | undefined): Promise<boolean> {
    if (recoveryCode) {
      const spent = await this.db
        .update(adminRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(adminRecoveryCodes.adminId, adminId),
            eq(adminRecoveryCodes.codeHash, hashRecoveryCode(recoveryCode)),
            isNull(adminRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: adminRecoveryCodes.id });
      return spent.length > 0;
    }
    if (!code) return false;
    const [row] = await this.db.select().from(adminTotp).where(eq(adminTotp.adminId, adminId));
    const secret = row?.enabledAt && row.secret ? decryptSecret(this.key, adminId, row.secret) : null;
    if (!secret) return false;
    const step = matchingStep(secret, code);
    if (step === null) return false;
    const taken = await this.db
      .update(adminTotp)
      .set({ lastStep: step })
      .where(and(eq(adminTotp.adminId, adminId), or(isNull(adminTotp.lastStep), lt(adminTotp.lastStep, step))))
      .returning({ adminId: adminTotp.adminId });
    return taken.length > 0;
  }

  /** Ten new recovery codes in place of the old ones (used or not), returned once; 409 when two-factor sign-in is off. */
  async replaceRecoveryCodesOf(adminId: string): Promise<string[]> {
    if (!(await this.status(adminId)).enabled) throw new ClientError(409, messages.twoFactorOffNoCodes);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction((tx) => this.replaceRecoveryCodes(tx, adminId, codes));
    return codes;
  }

  /** Turns two-factor sign-in off: the secret and every recovery code are deleted. */
  async disable(adminId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
      await tx.delete(adminTotp).where(eq(adminTotp.adminId, adminId));
      await revokeAccountTokens(tx, adminId);
    });
  }

  private async replaceRecoveryCodes(tx: Pick<Db, 'delete' | 'insert'>, adminId: string, codes: string[]): Promise<void> {
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
    await tx
      .insert(adminRecoveryCodes)
      .values(codes.map((code) => ({ id: crypto.randomUUID(), adminId, codeHash: hashRecoveryCode(code) })));
  }
}
