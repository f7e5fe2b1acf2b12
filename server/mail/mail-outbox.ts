/**
 * The durable queue of mails to send (table mail_outbox): a mail is written in the same transaction
 * as the change it tells of, so it exists exactly when that change does. Several processes may share
 * the table: a mail is claimed with FOR UPDATE SKIP LOCKED and held by a lease its worker renews while
 * the mail server is talking; a worker that died lets it pass on once the lease runs out.
 */
import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { isPlainAddress, type MailSettings } from './mail-settings';

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

/** A mail in the hands of one worker: `token` names its claim. */
export interface ClaimedMail {
  id: string;
  kind: string;
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  messageId: string;
  attempts: number;
  createdAt: Date;
  token: string;
}

export type AlertStatus = 'pending' | 'sent' | 'failed';

/** The kind of the mail that tells NOTIFY_EMAIL of a new enquiry. */
export const ENQUIRY_ALERT = 'enquiry-alert';

/** Error text kept for the report: enough to tell what went wrong, not a whole stack. */
const MAX_ERROR_LENGTH = 500;
const MAX_SUBJECT_LENGTH = 200;

const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

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

export class MailOutbox {
  private readonly queuedListeners = new Set<() => void>();

  /** `settings` null (SMTP_URL unset): nothing is queued. */
  constructor(
    private readonly db: Db,
    readonly settings: MailSettings | null,
  ) {}

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
   * commits; call notifyQueued() after the commit so this process sends it at once. Returns false
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
    if (queued) this.notifyQueued();
    return queued;
  }

  /** Tells this process's worker that mails were committed, so it need not wait for its next poll. */
  notifyQueued(): void {
    for (const listener of this.queuedListeners) listener();
  }

  onQueued(listener: () => void): () => void {
    this.queuedListeners.add(listener);
    return () => this.queuedListeners.delete(listener);
  }

  /** Takes the oldest mail that is due and not held by a live lease; null when there is none. */
  async claim(leaseMs: number): Promise<ClaimedMail | null> {
    if (!this.settings) return null;
    const now = sql`now()`;
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.runAfter, now),
          or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.runAfter), asc(mailOutbox.createdAt))
      .limit(1)
      // another process's claim in flight is passed over, not waited for
      .for('update', { skipLocked: true });
    const token = crypto.randomUUID();
    const [row] = await this.db
      .update(mailOutbox)
      .set({ lockedUntil: leaseEnd(leaseMs), claimToken: token, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      from: this.settings.from,
      to: row.recipients,
      replyTo: row.replyTo,
      subject: row.subject,
      text: row.text,
      html: row.html,
      messageId: row.messageId,
      attempts: row.attempts,
      createdAt: row.createdAt,
      token,
    };
  }

  /** Extends a claim; false when it is no longer this worker's (the lease ran out and another took it, or the mail was deleted). */
  async renew(mail: ClaimedMail, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(mailOutbox)
      .set({ lockedUntil: leaseEnd(leaseMs) })
      .where(and(this.held(mail), isNull(mailOutbox.sentAt)))
      .returning({ id: mailOutbox.id });
    return rows.length > 0;
  }

  /**
   * The mail server accepted the mail: marked sent, which ends the claim, in one statement. Not
   * conditional on the claim: a mail that went out is sent, even if a lost lease let another worker
   * claim it meanwhile (that one then finds it sent). False when it was marked already or deleted.
   */
  async markSent(mail: ClaimedMail): Promise<boolean> {
    const rows = await this.db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, lockedUntil: null, claimToken: null, lastError: null })
      .where(and(eq(mailOutbox.id, mail.id), isNull(mailOutbox.sentAt)))
      .returning({ id: mailOutbox.id });
    return rows.length > 0;
  }

  /** Gives a claim back untried (the process is stopping): due at once, the attempt not counted. */
  async release(mail: ClaimedMail): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ lockedUntil: null, claimToken: null, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
      .where(this.held(mail));
  }

  /**
   * Records a failed attempt: due again after `retryMs`, or failed for good when `giveUp` (the mail
   * has waited long enough). Returns 'failed' only to the one caller that set failed_at.
   */
  async fail(mail: ClaimedMail, error: unknown, retryMs: number, giveUp: boolean): Promise<'retry' | 'failed' | 'lost'> {
    const lastError = errorText(error);
    const [row] = await this.db
      .update(mailOutbox)
      .set(
        giveUp
          ? { failedAt: sql`now()`, lockedUntil: null, claimToken: null, lastError }
          : { lockedUntil: null, claimToken: null, lastError, runAfter: sql`now() + make_interval(secs => ${retryMs / 1000})` },
      )
      .where(and(this.held(mail), isNull(mailOutbox.sentAt)))
      .returning({ id: mailOutbox.id });
    return row ? (giveUp ? 'failed' : 'retry') : 'lost';
  }

  /**
   * Mails queued before `olderThanMs` ago and still unsent with no live claim (their worker kept
   * dying, or their retries outlived the limit): failed here, and returned to the one caller that
   * marked them, to report.
   */
  async failExpired(olderThanMs: number): Promise<{ id: string; kind: string; attempts: number; lastError: string | null }[]> {
    return this.db
      .update(mailOutbox)
      .set({ failedAt: sql`now()`, lockedUntil: null, claimToken: null, lastError: sql`coalesce(${mailOutbox.lastError}, 'never sent')` })
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
          or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .returning({ id: mailOutbox.id, kind: mailOutbox.kind, attempts: mailOutbox.attempts, lastError: mailOutbox.lastError });
  }

  /** Ends every lease: for the embedded database at start, whose one process is this one, so no claim can be alive. */
  async releaseAllLeases(): Promise<void> {
    await this.db.update(mailOutbox).set({ lockedUntil: null, claimToken: null }).where(isNotNull(mailOutbox.lockedUntil));
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

  /** Mails still to send (including those waiting for a retry) and those given up. */
  async counts(): Promise<{ pending: number; failed: number }> {
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where ${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null)`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${mailOutbox.failedAt} is not null)`.mapWith(Number),
      })
      .from(mailOutbox);
    return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
  }

  private held(mail: ClaimedMail) {
    return and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimToken, mail.token));
  }
}

/** The domain of the From address, for Message-IDs. */
function domainOf(from: string): string {
  const address = /<([^>]+)>$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}
