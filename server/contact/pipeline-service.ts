/**
 * services.pipeline (issue 26, docs/decisions/0040): an enquiry's stage, owner, next follow-up and
 * notes. Each change is one transaction with its audit entry, its webhook deliveries (a stage change
 * fires `enquiry.stage-changed`) and its mail (the new owner is told), so all of them exist exactly
 * when the change does. Also the board, and the morning reminders of each owner's follow-ups.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, isNotNull, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { InboxView, InboxMessage } from '../../shared/contact-inbox';
import {
  pipelineLimits,
  pipelineMessages,
  STAGES,
  type EnquiryNote,
  type EnquiryOwner,
  type Stage,
  type StageChange,
} from '../../shared/enquiry-pipeline';
import { zoneDate, zoneDateTime } from '../../shared/site-time';
import type { AuditContext, AuditService } from '../audit/audit-service';
import type { Db } from '../db/client';
import { admins, contactMessages, enquiryNotes } from '../db/schema';
import { ClientError } from '../errors';
import type { MailOutbox } from '../mail/mail-outbox';
import type { WebhookService } from '../webhooks/webhook-service';
import { followUpReminders } from './follow-up-reminder.job';
import { columns, toMessage, viewWhere } from './inbox-service';
import { firstContact } from './enquiry-sql';
import { assignedMail, reminderMail } from './pipeline-mails';

/** The hour (in SITE_TIMEZONE) from which the day's reminders go out. */
const REMINDER_HOUR = 8;
/** Days a reminder row is kept after its day, for the job's own record. */
const REMINDER_KEEP_DAYS = 30;
/** Stages that end the pipeline: no follow-up reminder for them. */
const CLOSED: Stage[] = ['Won', 'Lost'];

export interface PipelineSettings {
  publicUrl: string;
  timeZone: string;
}

/** An enquiry as the target of an audit entry: who sent it (its text stays in the inbox). */
export const enquiryTarget = (message: { _id: string; name: string; email: string }) => ({
  type: 'enquiry',
  id: message._id,
  label: `${message.name} <${message.email}>`,
});

const inInbox = isNull(contactMessages.deletedAt);

/**
 * A view as an account may read it: unchanged with the enquiries area (`scope` null), else narrowed to the enquiries
 * assigned to the account (`enquiryScope`); asking for another owner's is a 403.
 */
export function scopedView<V extends Pick<InboxView, 'owner'>>(view: V, scope: string | null): V {
  if (scope === null) return view;
  if (view.owner && view.owner !== scope) throw new ClientError(403, pipelineMessages.ownEnquiriesOnly);
  return { ...view, owner: scope };
}

/** The enquiry when the account may open it: any with the enquiries area (`scope` null), else only its own (403). */
export function ownEnquiry<M extends Pick<InboxMessage, 'owner'>>(message: M | null, scope: string | null): M | null {
  if (message && scope !== null && message.owner?._id !== scope) throw new ClientError(403, pipelineMessages.notYourEnquiry);
  return message;
}

export class PipelineService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly webhooks: WebhookService,
    private readonly mail: MailOutbox,
    private readonly settings: PipelineSettings,
  ) {}

  /**
   * The message as the inbox replies with it, read inside the change's transaction (locked for the change); 403 when
   * `scope` (an account without the enquiries area) does not own it, checked under the lock so a reassignment cannot slip in.
   */
  private async locked(tx: Db, id: string, scope: string | null): Promise<InboxMessage | null> {
    const [row] = await tx
      .select(columns)
      .from(contactMessages)
      .where(and(eq(contactMessages.id, id), inInbox))
      .for('update', { of: contactMessages });
    return ownEnquiry(row ? toMessage(row) : null, scope);
  }

  private async read(tx: Db, id: string): Promise<InboxMessage> {
    const [row] = await tx.select(columns).from(contactMessages).where(eq(contactMessages.id, id));
    return toMessage(row);
  }

  /** Moves an enquiry to a stage (Lost with its reason); fires `enquiry.stage-changed`. Null when there is no such enquiry. */
  async changeStage(id: string, change: StageChange, by: AuditContext, scope: string | null = null): Promise<InboxMessage | null> {
    const lostReason = change.stage === 'Lost' ? (change.lostReason ?? null) : null;
    const result = await this.db.transaction(async (tx) => {
      const before = await this.locked(tx, id, scope);
      if (!before) return null;
      if (before.stage === change.stage && before.lostReason === lostReason) return { message: before, hooked: false };
      await tx
        .update(contactMessages)
        .set({ stage: change.stage, lostReason, ...(change.stage === 'New' ? {} : { firstContactedAt: firstContact }) })
        .where(eq(contactMessages.id, id));
      const message = await this.read(tx, id);
      await this.audit.record(
        {
          kind: 'enquiry.stage-changed',
          ...by,
          target: enquiryTarget(message),
          details: { from: before.stage, to: message.stage, ...(lostReason ? { reason: lostReason } : {}) },
        },
        tx,
      );
      const enquiry = { id, name: message.name, email: message.email, number: message.number };
      const hooked = await this.webhooks.emit(tx, 'enquiry.stage-changed', {
        enquiry,
        from: before.stage,
        to: message.stage,
        lostReason,
        owner: message.owner?.email ?? null,
      });
      return { message, hooked: hooked > 0 };
    });
    if (result?.hooked) this.webhooks.notifyQueued();
    return result?.message ?? null;
  }

  /**
   * Gives an enquiry an owner (any staff account: one without the enquiries area then sees its own enquiries) or none;
   * the new owner is e-mailed. Only the enquiries area assigns (the route's guard).
   */
  async assign(id: string, ownerId: string | null, by: AuditContext): Promise<InboxMessage | null> {
    const result = await this.db.transaction(async (tx) => {
      const before = await this.locked(tx, id, null);
      if (!before) return null;
      // checked in the transaction, with the account's row locked: it cannot go before the commit
      const owner = ownerId ? await this.owner(tx, ownerId) : null;
      if ((before.owner?._id ?? null) === ownerId) return { message: before, mailed: false };
      await tx.update(contactMessages).set({ ownerId }).where(eq(contactMessages.id, id));
      const message = await this.read(tx, id);
      await this.audit.record(
        {
          kind: 'enquiry.assigned',
          ...by,
          target: enquiryTarget(message),
          details: { from: before.owner?.email ?? null, to: owner?.email ?? null },
        },
        tx,
      );
      // the owner hears of it, unless they assigned it to themselves
      const mailed =
        owner && owner._id !== by.actor?.adminId
          ? await this.mail.queue(tx, assignedMail({ ...message, id }, owner.email, by.actor?.email ?? null, this.settings.publicUrl))
          : false;
      return { message, mailed };
    });
    if (result?.mailed) this.mail.notifyAdded();
    return result?.message ?? null;
  }

  /** Sets (a day in SITE_TIMEZONE) or clears the next follow-up. */
  async setFollowUp(id: string, followUpOn: string | null, by: AuditContext, scope: string | null = null): Promise<InboxMessage | null> {
    return this.db.transaction(async (tx) => {
      const before = await this.locked(tx, id, scope);
      if (!before) return null;
      if (before.followUpOn === followUpOn) return before;
      await tx.update(contactMessages).set({ followUpOn }).where(eq(contactMessages.id, id));
      const message = await this.read(tx, id);
      await this.audit.record(
        { kind: 'enquiry.follow-up-set', ...by, target: enquiryTarget(message), details: { from: before.followUpOn, to: followUpOn } },
        tx,
      );
      return message;
    });
  }

  /** Adds a note by the signed-in account; null when there is no such enquiry. */
  async addNote(id: string, text: string, by: AuditContext, scope: string | null = null): Promise<EnquiryNote | null> {
    const author = by.actor;
    if (!author) throw new Error('A note needs an author');
    return this.db.transaction(async (tx) => {
      const message = await this.locked(tx, id, scope);
      if (!message) return null;
      const [note] = await tx
        .insert(enquiryNotes)
        .values({ id: crypto.randomUUID(), messageId: id, authorId: author.adminId, authorEmail: author.email ?? '', text })
        .returning();
      await this.audit.record({ kind: 'enquiry.note-added', ...by, target: enquiryTarget(message), details: { length: text.length } }, tx);
      return toNote(note);
    });
  }

  /** An enquiry's notes, oldest first; null when there is no such enquiry in the inbox (403 when `scope` does not own it). */
  async notes(id: string, scope: string | null = null): Promise<EnquiryNote[] | null> {
    const [message] = await this.db
      .select({ id: contactMessages.id, ownerId: contactMessages.ownerId })
      .from(contactMessages)
      .where(and(eq(contactMessages.id, id), inInbox));
    if (!message) return null;
    ownEnquiry({ owner: message.ownerId ? { _id: message.ownerId, email: '' } : null }, scope);
    const rows = await this.db
      .select()
      .from(enquiryNotes)
      .where(eq(enquiryNotes.messageId, id))
      .orderBy(asc(enquiryNotes.createdAt), asc(enquiryNotes.id));
    return rows.map(toNote);
  }

  /** The accounts an enquiry may be assigned to: every staff account, by e-mail. */
  async owners(): Promise<EnquiryOwner[]> {
    const rows = await this.db.select({ id: admins.id, email: admins.email }).from(admins).orderBy(asc(admins.email));
    return rows.map((row) => ({ _id: row.id, email: row.email }));
  }

  private async owner(tx: Db, id: string): Promise<EnquiryOwner> {
    const [row] = await tx.select({ id: admins.id, email: admins.email }).from(admins).where(eq(admins.id, id)).for('share');
    if (!row) throw new ClientError(400, pipelineMessages.ownerNotFound, [pipelineMessages.ownerNotFound]);
    return { _id: row.id, email: row.email };
  }

  /** The board: per stage, how many enquiries of the view it holds and the newest of them. */
  async board(view: Omit<InboxView, 'stage'>): Promise<{ stage: Stage; total: number; data: InboxMessage[] }[]> {
    const where = viewWhere(view);
    const totals = await this.db
      .select({ stage: contactMessages.stage, n: count() })
      .from(contactMessages)
      .where(where)
      .groupBy(contactMessages.stage);
    return Promise.all(
      STAGES.map(async (stage) => {
        const rows = await this.db
          .select(columns)
          .from(contactMessages)
          .where(and(where, eq(contactMessages.stage, stage)))
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(pipelineLimits.boardPerStage);
        return { stage, total: totals.find((row) => row.stage === stage)?.n ?? 0, data: rows.map(toMessage) };
      }),
    );
  }

  /**
   * From REMINDER_HOUR in SITE_TIMEZONE, adds the day's reminder job of every owner with an open enquiry
   * due that day or before; the unique key (day, owner) lets any number of instances run this at once.
   * Returns how many jobs it added (0 before the hour, when mail is off, or once the day's are in).
   */
  async scheduleReminders(now = new Date()): Promise<number> {
    if (!this.mail.enabled) return 0;
    const local = zoneDateTime(now, this.settings.timeZone);
    if (Number(local.slice(11, 13)) < REMINDER_HOUR) return 0;
    const day = local.slice(0, 10);
    const owners = await this.db
      .selectDistinct({ ownerId: contactMessages.ownerId })
      .from(contactMessages)
      .where(
        and(inInbox, isNotNull(contactMessages.ownerId), lte(contactMessages.followUpOn, day), notInArray(contactMessages.stage, CLOSED)),
      );
    const ids = owners.flatMap((row) => (row.ownerId ? [row.ownerId] : []));
    if (ids.length === 0) return 0;
    const added = await this.db
      .insert(followUpReminders)
      .values(ids.map((ownerId) => ({ id: crypto.randomUUID(), day, ownerId })))
      .onConflictDoNothing({ target: [followUpReminders.day, followUpReminders.ownerId] })
      .returning({ id: followUpReminders.id });
    if (added.length) this.remindersAdded();
    return added.length;
  }

  /**
   * Deletes reminder rows of days more than 30 days ago (the daily purge): long sent or given up, and no schedule looks
   * back further than today, so nothing is sent again. Returns how many went.
   */
  async purgeReminders(now = new Date()): Promise<number> {
    const today = zoneDate(now, this.settings.timeZone);
    const gone = await this.db
      .delete(followUpReminders)
      .where(lt(followUpReminders.day, sql`${today}::date - ${REMINDER_KEEP_DAYS}::int`))
      .returning({ id: followUpReminders.id });
    return gone.length;
  }

  private remindersAdded: () => void = () => {};

  /** Set once by createServices: wakes this process's reminder worker. */
  onRemindersAdded(wake: () => void): void {
    this.remindersAdded = wake;
  }

  /** The job's work: queues the owner's mail once (the row is marked in the same transaction). */
  async sendReminder(reminder: typeof followUpReminders.$inferSelect): Promise<void> {
    const mailed = await this.db.transaction(async (tx) => {
      const [mark] = await tx
        .update(followUpReminders)
        .set({ mailedAt: sql`now()` })
        .where(and(eq(followUpReminders.id, reminder.id), isNull(followUpReminders.mailedAt)))
        .returning({ id: followUpReminders.id });
      if (!mark) return false;
      const [owner] = await tx.select({ email: admins.email }).from(admins).where(eq(admins.id, reminder.ownerId));
      const due = await tx
        .select({ ...columns })
        .from(contactMessages)
        .where(
          and(
            inInbox,
            eq(contactMessages.ownerId, reminder.ownerId),
            lte(contactMessages.followUpOn, reminder.day),
            notInArray(contactMessages.stage, CLOSED),
          ),
        )
        .orderBy(asc(contactMessages.followUpOn), asc(contactMessages.createdAt));
      if (!owner || due.length === 0) return false;
      const enquiries = due.map(toMessage).map((message) => ({ ...message, id: message._id }));
      return this.mail.queue(tx, reminderMail(reminder.day, owner.email, enquiries, this.settings.publicUrl));
    });
    if (mailed) this.mail.notifyAdded();
  }
}

function toNote(row: typeof enquiryNotes.$inferSelect): EnquiryNote {
  return { _id: row.id, text: row.text, createdAt: row.createdAt.toISOString(), author: { _id: row.authorId, email: row.authorEmail } };
}
