/**
 * Admin authentication, split at its seams: accounts (`accounts`), sessions (`sessions`), signing in
 * with its lockout, second step and step-up (`signIn`), and each account's two-factor sign-in
 * (`twoFactor`). See docs/decisions/0030.
 */
import type { Db } from '../db/client';
import type { AccountMails } from '../mail/account-mails';
import { Accounts } from './accounts';
import { LoginLockout, type LockoutSettings } from './login-lockout';
import { Sessions, type SessionSettings } from './sessions';
import { SignIn } from './sign-in';
import { loadSigningSecret } from './tokens';
import { TwoFactorService } from './two-factor-service';

export interface AuthSettings extends LockoutSettings, SessionSettings {
  /** REQUIRE_2FA: an account without two-factor sign-in sets it up before it gets a session. */
  require2fa: boolean;
}

export interface Auth {
  accounts: Accounts;
  sessions: Sessions;
  signIn: SignIn;
  /** Each account's two-factor sign-in (TOTP, recovery codes). */
  twoFactor: TwoFactorService;
}

/** `mails` tell an account's owner of a password change or a sign-in from a new device; without them none is sent. */
export async function createAuth(db: Db, settings: AuthSettings, mails?: AccountMails): Promise<Auth> {
  const secret = await loadSigningSecret(db);
  const twoFactor = await TwoFactorService.create(db);
  const lockout = new LoginLockout(db, settings);
  const sessions = new Sessions(db, secret, settings, mails ?? null);
  return {
    accounts: new Accounts(db, lockout, sessions, twoFactor, mails ?? null),
    sessions,
    signIn: new SignIn(db, secret, settings.require2fa, lockout, sessions, twoFactor),
    twoFactor,
  };
}
