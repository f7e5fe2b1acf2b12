/**
 * Mails to an account's owner about its security: its password was changed, or it was signed in to
 * from a device it had not used before. Nothing is queued when SMTP_URL is unset.
 */
import type { MailOutbox } from './mail-outbox';

const PASSWORD_CHANGED = 'password-changed';
const NEW_DEVICE_SIGN_IN = 'new-device-sign-in';

const stamp = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

export class AccountMails {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly publicUrl: string,
  ) {}

  private get accountUrl() {
    return `${this.publicUrl}/admin/account`;
  }

  async passwordChanged(email: string, at = new Date()): Promise<void> {
    await this.outbox.queueAlone({
      kind: PASSWORD_CHANGED,
      to: email,
      subject: 'Your website admin password was changed',
      text: [
        `The password of the website admin account ${email} was changed at ${stamp(at)}, and every session of the account was ended.`,
        '',
        `If you did not change it, ask an Admin to reset it at once, and look at the Activity screen: ${this.publicUrl}/admin/activity`,
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
        `When:    ${stamp(at)}`,
        '',
        `If this was not you, change your password and end that session on the Account screen: ${this.accountUrl}`,
        '',
      ].join('\n'),
    });
  }
}
