/**
 * Mails to an account's owner about its security: its password was changed, or it was signed in to
 * from a device it had not used before. Nothing is queued when SMTP_URL is unset.
 */
import { zoneStamp } from '../../shared/site-time';
import type { MailOutbox } from './mail-outbox';

/** Account mails are a courtesy: one that cannot be queued neither undoes nor fails the change it tells of; `mails` null sends none. */
export async function mailQuietly(mails: AccountMails | null, send: (mails: AccountMails) => Promise<void>): Promise<void> {
  if (!mails) return;
  await send(mails).catch(() => undefined);
}

const PASSWORD_CHANGED = 'password-changed';
const NEW_DEVICE_SIGN_IN = 'new-device-sign-in';
const PASSWORD_RESET = 'password-reset';

export class AccountMails {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly publicUrl: string,
    /** SITE_TIMEZONE: the zone the mails' times are written in. */
    private readonly timeZone: string,
  ) {}

  private stamp(at: Date): string {
    return zoneStamp(at, this.timeZone);
  }

  private get accountUrl() {
    return `${this.publicUrl}/admin/account`;
  }

  async passwordChanged(email: string, at = new Date()): Promise<void> {
    await this.outbox.queueAlone({
      kind: PASSWORD_CHANGED,
      to: email,
      subject: 'Your website admin password was changed',
      text: [
        `The password of the website admin account ${email} was changed at ${this.stamp(at)}, and every session of the account was ended.`,
        '',
        `If you did not change it, ask an Admin to reset it at once, and look at the Activity screen: ${this.publicUrl}/admin/activity`,
        '',
      ].join('\n'),
    });
  }

  /** A link to set a new password; the token travels only in this mail and the link. */
  async passwordResetLink(email: string, token: string, minutes: number): Promise<boolean> {
    return this.outbox.queueAlone({
      kind: PASSWORD_RESET,
      to: email,
      subject: 'Set a new password for the website admin',
      text: [
        `Someone asked to set a new password for the website admin account ${email}.`,
        '',
        `To choose a new one, open this link within ${minutes} minutes. It works once:`,
        `${this.publicUrl}/admin/reset-password?token=${token}`,
        '',
        'Setting it ends every session of the account. If you did not ask for this, ignore this mail: your password stays as it is.',
        '',
      ].join('\n'),
    });
  }

  async newDeviceSignIn(email: string, device: string, address: string, at = new Date()): Promise<void> {
    await this.outbox.queueAlone({
      kind: NEW_DEVICE_SIGN_IN,
      to: email,
      subject: `New sign-in to the website admin from ${device}`,
      text: [
        `The website admin account ${email} was signed in to from a device it had not used before.`,
        '',
        `Device:  ${device}`,
        `Address: ${address || 'unknown'}`,
        `When:    ${this.stamp(at)}`,
        '',
        `If this was not you, change your password and end that session on the Account screen: ${this.accountUrl}`,
        '',
      ].join('\n'),
    });
  }
}
