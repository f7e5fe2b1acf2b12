/**
 * The durable queue of mails to send (table mail_outbox, on the one job queue of server/jobs): a mail
 * is written in the same transaction as the change it tells of, so it exists exactly when that change
 * does; claims, leases and retries are the job queue's.
 */
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { JobQueue, type Claim } from '../jobs/job-queue';
import { isPlainAddress, type MailSettings } from './mail-settings';
import type { SmtpMail } from './mailer';

/** A mail to queue: plain text always (every client reads it), HTML optionally. */
export interface OutgoingMail {
  /** What it is about ('enquiry-alert', 'password-changed', …): for the log and the inbox's status. */
  kind: string;
  /** Plain addresses (see isPlainAddress); anything else is refused as a programming error. */
  to: string | readonly string[];
  subject: string;
  text: string;
  html?: string;
  /** Where replies go: the name is cleaned of anything that could break out of the header. */
  replyTo?: { name: string; address: string };
  /** The enquiry this mail tells of: its alert status, and the mail goes when the enquiry is deleted. */
  contactMessageId?: string;
}

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** A mail in the hands of one worker (`token` names its claim), addressed as the mail server gets it. */
export type ClaimedMail = Claim<OutboxMail> & SmtpMail;

export type AlertStatus = 'pending' | 'sent' | 'failed';

/** The kind of the mail that tells NOTIFY_EMAIL of a new enquiry. */
export const ENQUIRY_ALERT = 'enquiry-alert';

const MAX_SUBJECT_LENGTH = 200;

/** One header line's worth of text: line breaks and other control characters become spaces. */
export function oneLine(value: string, max = MAX_SUBJECT_LENGTH): string {
  const flat = value
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `"Name" <address>` with the name unable to end its quotes or start another address. */
function mailbox(name: string, address: string): string {
  const clean = oneLine(name, 100).replace(/["\\<>]/g, '');
  return clean ? `"${clean}" <${address}>` : address;
}

/** The queue of mails (table mail_outbox) on the one job queue of server/jobs; a sent mail's row stays, as its enquiry's alert status. */
export class MailOutbox extends JobQueue<typeof mailOutbox> {
  /** `settings` null (SMTP_URL unset): nothing is queued. */
  constructor(
    db: Db,
    readonly settings: MailSettings | null,
  ) {
    super(db, mailOutbox, { doneAt: mailOutbox.sentAt });
  }

  /** True when mail can be sent (SMTP_URL is set). */
  get enabled(): boolean {
    return this.settings !== null;
  }

  /** The addresses told of new enquiries; empty when alerts are off (SMTP_URL or NOTIFY_EMAIL unset). */
  get alertRecipients(): readonly string[] {
    return this.settings?.notify ?? [];
  }

  /**
   * Queues a mail inside the caller's transaction, so it is sent if and only if the transaction
   * commits; call notifyAdded() after the commit so this process sends it at once. Returns false
   * (and queues nothing) when SMTP_URL is unset.
   */
  async queue(tx: Db, mail: OutgoingMail): Promise<boolean> {
    if (!this.settings) return false;
    const to = typeof mail.to === 'string' ? [mail.to] : [...mail.to];
    const bad = to.find((address) => !isPlainAddress(address));
    if (to.length === 0 || bad !== undefined) throw new Error(`Cannot queue a mail to "${bad ?? ''}": not a plain e-mail address`);
    const replyTo = mail.replyTo && isPlainAddress(mail.replyTo.address) ? mailbox(mail.replyTo.name, mail.replyTo.address) : null;
    const id = crypto.randomUUID();
    await tx.insert(mailOutbox).values({
      id,
      kind: mail.kind,
      recipients: to.join(', '),
      replyTo,
      subject: oneLine(mail.subject),
      text: mail.text,
      html: mail.html ?? null,
      messageId: `<${id}@${domainOf(this.settings.from)}>`,
      contactMessageId: mail.contactMessageId ?? null,
    });
    return true;
  }

  /**
   * Queues a mail that goes with no other write (a sign-in from a new device) and wakes this process's
   * worker. False (nothing queued) when SMTP_URL is unset.
   */
  async queueAlone(mail: OutgoingMail): Promise<boolean> {
    const queued = await this.queue(this.db, mail);
    if (queued) this.notifyAdded();
    return queued;
  }

  /** Takes the oldest mail that is due and not held by a live lease; null when there is none or SMTP_URL is unset. */
  override async claim(leaseMs: number): Promise<ClaimedMail | null> {
    if (!this.settings) return null;
    const claim = await super.claim(leaseMs);
    return claim && addressed(claim, this.settings.from);
  }

  /**
   * The alert status of each enquiry that has an alert: 'pending' (queued or waiting for a retry),
   * 'sent' (the mail server accepted it) or 'failed' (retries given up). Enquiries stored while alerts
   * were off are absent from the map.
   */
  async alertStatuses(contactMessageIds: readonly string[]): Promise<Map<string, AlertStatus>> {
    const statuses = new Map<string, AlertStatus>();
    if (contactMessageIds.length === 0) return statuses;
    const rows = await this.db
      .select({ contactMessageId: mailOutbox.contactMessageId, sentAt: mailOutbox.sentAt, failedAt: mailOutbox.failedAt })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, ENQUIRY_ALERT), inArray(mailOutbox.contactMessageId, [...contactMessageIds])));
    for (const row of rows) {
      if (row.contactMessageId) statuses.set(row.contactMessageId, row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'pending');
    }
    return statuses;
  }
}

/** A claimed mail as the mail server gets it: the From of the settings at send time. */
export function addressed(mail: Claim<OutboxMail>, from: string): ClaimedMail {
  return { ...mail, from, to: mail.recipients };
}

/** The domain of the From address, for Message-IDs. */
function domainOf(from: string): string {
  const address = /<([^>]+)>$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}
