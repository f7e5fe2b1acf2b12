/**
 * A forgotten password, when SMTP_URL is set: a single-use link by e-mail, good for 30 minutes, asked
 * for on the Forgot password screen (the same answer whether the address is an account's or not) or
 * sent by an account with the 'accounts' permission. Setting the new password ends every session and
 * every outstanding token of the account (sign-in challenges too).
 */
import { eq } from 'drizzle-orm';
import { apiMessages, passwordResetMessages } from '../../shared/api-messages';
import { UUID_PATTERN } from '../../shared/validation';
import type { AuditContext, AuditService } from '../audit/audit-service';
import type { Db } from '../db/client';
import { admins } from '../db/schema';
import { ClientError } from '../errors';
import type { AccountMails } from '../mail/account-mails';
import type { MailOutbox } from '../mail/mail-outbox';
import { withinLimit } from '../rate-limit';
import { consumeAccountToken, issueAccountToken, readAccountToken, revokeAccountTokens } from './account-tokens';
import type { Accounts } from './accounts';

const RESET_LINK_MINUTES = 30;
/** Links mailed to one address per window, whoever asks: more are not sent (the answer stays the same). */
const LINKS_PER_EMAIL = 3;

const normalised = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '');

export class PasswordResets {
  /** Mails being queued after an answer has gone (so a known address takes no longer to answer than an unknown one). */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly accounts: Accounts,
    private readonly outbox: MailOutbox,
    private readonly mails: AccountMails,
    private readonly audit: AuditService,
    private readonly emailWindowMs: number,
  ) {}

  /** Whether reset links can be mailed (SMTP_URL is set). */
  get available(): boolean {
    return this.outbox.enabled;
  }

  /**
   * The Forgot password form: answers at once, the same for every address; for an account's address
   * (under its per-address limit) the link is issued and queued after the answer.
   */
  request(rawEmail: unknown, context: AuditContext, onError: (error: unknown) => void): void {
    this.requireMail();
    const email = normalised(rawEmail);
    const work = this.sendFor(email, context).catch(onError);
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Resolves once every link asked for so far is queued (the server's close, and tests, wait for it). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  /** An account with 'accounts' sends a link to an account; its email, for the reply. */
  async sendTo(rawId: string, context: AuditContext): Promise<string> {
    this.requireMail();
    if (!UUID_PATTERN.test(rawId)) throw new ClientError(400, apiMessages.invalidId);
    const [admin] = await this.db.select({ id: admins.id, email: admins.email }).from(admins).where(eq(admins.id, rawId.toLowerCase()));
    if (!admin) throw new ClientError(404, apiMessages.recordNotFound('Admin'));
    await this.issueAndMail(admin, context);
    return admin.email;
  }

  /** Sets the new password from a link: the same rules as a change, the link used once, then every session and token of the account ends. */
  async reset(token: unknown, newPassword: unknown, context: AuditContext): Promise<void> {
    this.requireMail();
    const found = await readAccountToken(this.db, token, ['password-reset']);
    if (!found) throw new ClientError(400, passwordResetMessages.linkInvalid, [passwordResetMessages.linkInvalid]);
    // the password's rules first, so a refused password does not use the link up
    const password = await this.accounts.passwordToSet(newPassword);
    if (!(await consumeAccountToken(this.db, token, found.adminId))) {
      throw new ClientError(400, passwordResetMessages.linkInvalid, [passwordResetMessages.linkInvalid]);
    }
    const email = await this.accounts.setPasswordFromReset(found.adminId, password);
    await revokeAccountTokens(this.db, found.adminId);
    await this.audit.record({
      kind: 'account.password-reset',
      actor: { adminId: found.adminId, email },
      ip: context.ip,
      target: { type: 'account', id: found.adminId, label: email },
    });
  }

  private requireMail(): void {
    if (!this.available) throw new ClientError(409, passwordResetMessages.noMail);
  }

  private async sendFor(email: string, context: AuditContext): Promise<void> {
    if (!email || !(await withinLimit(this.db, `password-reset-email:${email}`, LINKS_PER_EMAIL, this.emailWindowMs))) return;
    const [admin] = await this.db.select({ id: admins.id, email: admins.email }).from(admins).where(eq(admins.email, email));
    if (admin) await this.issueAndMail(admin, context);
  }

  private async issueAndMail(admin: { id: string; email: string }, context: AuditContext): Promise<void> {
    const token = await issueAccountToken(this.db, admin.id, 'password-reset', RESET_LINK_MINUTES * 60);
    await this.mails.passwordResetLink(admin.email, token, RESET_LINK_MINUTES);
    await this.audit.record({ kind: 'account.reset-link-sent', ...context, target: { type: 'account', id: admin.id, label: admin.email } });
  }
}
