/**
 * Signing in and proving it again: the password step (the same answers whether the email exists or
 * not, counted toward the email's lockout), the second step (a code for two-factor accounts, the
 * first code of an enrolment under REQUIRE_2FA), and the step-up before a sensitive action.
 */
import { eq } from 'drizzle-orm';
import { accountSecurityMessages, apiMessages } from '../../shared/api-messages';
import { containsNul } from '../../shared/text-input';
import type { Db } from '../db/client';
import { admins } from '../db/schema';
import { ClientError } from '../errors';
import { normaliseEmail } from './auth-schemas';
import { consumeAccountToken, issueAccountToken, readAccountToken } from './account-tokens';
import { AttemptFailure, type LoginLockout } from './login-lockout';
import { PASSWORD_MAX, verifyAgainstDummy, verifyPassword } from './passwords';
import type { AuthenticatedAdmin, SessionClient, Sessions } from './sessions';
import { signStepUp, type StepUpScope, verifyStepUp } from './step-tokens';
import type { Enrolment, TwoFactorService } from './two-factor-service';

/** What a correct password gets: a session, or (two-factor sign-in) a challenge for the next step. */
export type LoginResult =
  | { token: string; expiresAt: Date; admin: { email: string } }
  | { twoFactorRequired: true; challenge: string }
  | { twoFactorSetupRequired: true; challenge: string };

/** Seconds a sign-in challenge lives: long enough to open an authenticator app; enrolling (scan, then type) gets more. */
const CHALLENGE_SECONDS = { login: 5 * 60, enrol: 15 * 60 } as const;

export class SignIn {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    /** REQUIRE_2FA: an account without two-factor sign-in sets it up before it gets a session. */
    private readonly require2fa: boolean,
    private readonly lockout: LoginLockout,
    private readonly sessions: Sessions,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** Whether REQUIRE_2FA is set (two-factor sign-in cannot be turned off then). */
  get twoFactorRequired(): boolean {
    return this.require2fa;
  }

  /**
   * Checks the credentials and opens a session. Each attempt first reserves its place in the email's
   * failure count, so concurrent guesses cannot share a count; known and unknown emails take the same
   * steps (a dummy hash check for unknown ones) and get the same answers.
   */
  async login(rawEmail: unknown, rawPassword: unknown, client: SessionClient = {}): Promise<LoginResult> {
    if (typeof rawEmail !== 'string' || typeof rawPassword !== 'string' || !rawEmail.trim() || !rawPassword) {
      throw new ClientError(400, apiMessages.loginRequired);
    }
    if (containsNul(rawEmail) || containsNul(rawPassword)) throw new ClientError(400, apiMessages.textHasNul('Email and password'));
    const email = normaliseEmail(rawEmail).slice(0, 254);
    const password = rawPassword.slice(0, PASSWORD_MAX * 4);
    const [admin] = await this.db.select().from(admins).where(eq(admins.email, email)).limit(1);

    const attempt = await this.lockout.reserve(email);
    let valid = false;
    if (admin) valid = await verifyPassword(admin.passwordHash, password);
    else await verifyAgainstDummy(password);
    if (!admin || !valid) {
      await this.lockout.failed(email, attempt);
      throw new AttemptFailure(401, apiMessages.invalidLogin, 'invalid email or password', null);
    }

    // two-factor sign-in: the failure count stays until the code step succeeds too
    const secondStep = await this.secondStepAfterPassword(admin.id);
    if (secondStep) return secondStep;
    await this.lockout.succeeded(email);
    return this.startSession(admin, client);
  }

  /** Opens a session for an account whose credentials (and code) are checked: the one way a sign-in ends. */
  private async startSession(
    admin: { id: string; email: string },
    client: SessionClient,
  ): Promise<{ token: string; expiresAt: Date; admin: { email: string } }> {
    return { ...(await this.sessions.issueSession(admin.id, client)), admin: { email: admin.email } };
  }

  /** After a correct password: a challenge when the account has two-factor sign-in (or must set it up), else null. */
  private async secondStepAfterPassword(adminId: string): Promise<LoginResult | null> {
    if ((await this.twoFactor.status(adminId)).enabled) {
      return { twoFactorRequired: true, challenge: await issueAccountToken(this.db, adminId, 'login', CHALLENGE_SECONDS.login) };
    }
    if (this.require2fa) {
      return { twoFactorSetupRequired: true, challenge: await issueAccountToken(this.db, adminId, 'enrol', CHALLENGE_SECONDS.enrol) };
    }
    return null;
  }

  /** The email of the account a sign-in challenge names (for the audit log), or null for a bad one. */
  async challengeEmail(challenge: unknown): Promise<string | null> {
    return this.challengedAdmin(challenge).then(
      ({ admin }) => admin.email,
      () => null,
    );
  }

  /** The account of an unused, unexpired challenge (which stays usable); 401 when it is unknown, used, expired or revoked. */
  private async challengedAdmin(challenge: unknown, purpose?: 'login' | 'enrol') {
    const claims = await readAccountToken(this.db, challenge, purpose ? [purpose] : ['login', 'enrol']);
    if (!claims) throw new ClientError(401, accountSecurityMessages.challengeExpired);
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
   * A wrong code leaves the challenge usable; a right one uses it up, so it opens one session only.
   */
  async loginSecondStep(
    challenge: unknown,
    code: string | undefined,
    recoveryCode: string | undefined,
    client: SessionClient = {},
  ): Promise<{ token: string; expiresAt: Date; admin: { email: string }; recoveryCodes?: string[]; usedRecoveryCode: boolean }> {
    const { admin, purpose } = await this.challengedAdmin(challenge);
    if (!code?.trim() && !recoveryCode?.trim()) throw new ClientError(400, accountSecurityMessages.codeRequired);
    const expired = new ClientError(401, accountSecurityMessages.challengeExpired);
    const wrongCode = new AttemptFailure(401, accountSecurityMessages.codeWrong, 'wrong two-factor code');
    let recoveryCodes: string[] | undefined;
    await this.lockout.counted(admin.email, async () => {
      if (purpose === 'login') return (await this.twoFactor.verify(admin.id, code, recoveryCode)) ? null : wrongCode;
      // the challenge is used up in the transaction that turns two-factor on (which revokes the account's other tokens)
      recoveryCodes =
        (await this.twoFactor.confirm(admin.id, code ?? '', (tx) => consumeAccountToken(tx, challenge, admin.id))) ?? undefined;
      return recoveryCodes ? null : wrongCode;
    });
    if (purpose === 'login' && !(await consumeAccountToken(this.db, challenge, admin.id))) throw expired;
    return {
      ...(await this.startSession(admin, client)),
      ...(recoveryCodes ? { recoveryCodes } : {}),
      usedRecoveryCode: purpose === 'login' && Boolean(recoveryCode),
    };
  }

  /**
   * Re-authentication before a sensitive action: the password, and a code when two-factor sign-in is
   * on. Counts toward the lockout like a login; a failure is 403 (the session stays; nothing changes).
   * Returns a step-up token good for this session for a few minutes.
   */
  async reauthenticate(
    current: AuthenticatedAdmin,
    password: unknown,
    code: unknown,
    recoveryCode?: unknown,
  ): Promise<{ stepUpToken: string; usedRecoveryCode: boolean }> {
    if (typeof password !== 'string' || !password) throw new ClientError(403, accountSecurityMessages.reauthRequired);
    const [admin] = await this.db.select().from(admins).where(eq(admins.id, current.adminId)).limit(1);
    if (!admin) throw new ClientError(401, apiMessages.unauthorized);
    const asText = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
    const twoFactor = (await this.twoFactor.status(admin.id)).enabled;
    await this.lockout.counted(admin.email, async () => {
      if (!(await verifyPassword(admin.passwordHash, password.slice(0, PASSWORD_MAX * 4)))) {
        return new AttemptFailure(403, accountSecurityMessages.reauthFailed, 'wrong password');
      }
      if (!twoFactor || (await this.twoFactor.verify(admin.id, asText(code), asText(recoveryCode)))) return null;
      return new AttemptFailure(403, accountSecurityMessages.reauthFailed, 'wrong two-factor code');
    });
    // REQUIRE_2FA and no two-factor yet: the password alone opens the enrolment, nothing else
    const scope: StepUpScope = !twoFactor && this.require2fa ? 'enrol' : 'all';
    return {
      stepUpToken: await signStepUp(this.secret, current.adminId, current.sessionId, scope),
      usedRecoveryCode: twoFactor && Boolean(asText(recoveryCode)),
    };
  }

  /** 403 unless the step-up token was made by re-authenticating in this session a few minutes ago (and covers `scope`). */
  async requireStepUp(current: AuthenticatedAdmin, token: string | undefined, scope: StepUpScope = 'all'): Promise<void> {
    if (!token || !(await verifyStepUp(this.secret, token, current.adminId, current.sessionId, scope))) {
      throw new ClientError(403, accountSecurityMessages.reauthRequired);
    }
  }
}
