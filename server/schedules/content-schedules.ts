/**
 * Scheduled publishing (docs/decisions/0042): set, change and clear the Publish at / Unpublish at times of content
 * items and the Publish at of the About content and Site settings drafts; list what is due next; and do a due one
 * (the job kind's handler) through the ordinary publish path, ending the job in the publish's own transaction.
 */
import crypto from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { draftMessages } from '../../shared/drafts';
import {
  SCHEDULE_ACTIONS,
  scheduleLabels,
  scheduleMessages,
  type ItemSchedule,
  type ScheduleAction,
  type UpcomingSchedule,
} from '../../shared/schedules';
import { parseZoneTime, zoneStamp } from '../../shared/site-time';
import { imageCountProblem } from '../../shared/validation';
import type { AuditContext, AuditService, AuditTarget } from '../audit/audit-service';
import { recordLabel } from '../audit/content-changes';
import type { Db } from '../db/client';
import type { SettingsDocument } from '../db/settings-document';
import { ClientError } from '../errors';
import type { ContentHistory } from '../history/content-history';
import type { JobRow } from '../jobs/job-queue';
import type { Content } from '../resources/content';
import { findLiveRow, imageUrls, toRecord } from '../resources/content-records';
import { contentSchedules } from './content-schedule.job';
import type { ScheduledChange } from './scheduled-change';

type ScheduleRow = typeof contentSchedules.$inferSelect;

/** What scheduling uses of the About content and the Site settings, whatever their value's type. */
export type ScheduledDocument = Pick<SettingsDocument<unknown>, 'subject' | 'auditTarget' | 'draft' | 'publishDraft'>;

export interface ContentSchedulesOptions {
  db: Db;
  content: Content;
  history: ContentHistory;
  /** The About content and the Site settings, whose drafts may be published at a time. */
  documents: ScheduledDocument[];
  audit?: AuditService;
  /** SITE_TIMEZONE: times without an offset are read in it, and the activity log writes them in it. */
  timeZone: string;
}

/** The schedule was changed or cleared while its job ran: the publish is rolled back, the new schedule stands. */
class ScheduleGone extends Error {}

const NOT_SCHEDULED: ItemSchedule = { publishAt: null, unpublishAt: null };

/** The schedules of one resource's items, by item id (the admin list carries them beside each item's state). */
export async function itemSchedules(db: Db, key: string): Promise<Map<string, ItemSchedule>> {
  const rows = await db
    .select()
    .from(contentSchedules)
    .where(and(eq(contentSchedules.resource, key), isNull(contentSchedules.failedAt)));
  const schedules = new Map<string, ItemSchedule>();
  for (const row of rows) {
    const schedule = schedules.get(row.itemId) ?? { ...NOT_SCHEDULED };
    schedule[row.action === 'publish' ? 'publishAt' : 'unpublishAt'] = row.dueAt.toISOString();
    schedules.set(row.itemId, schedule);
  }
  return schedules;
}

export class ContentSchedules {
  constructor(private readonly options: ContentSchedulesOptions) {}

  /**
   * Sets both times of an item at once (null or left out: not scheduled). 404 for an unknown item; 400 for a time that
   * is no time or has passed, an unpublish not after the publish, a publish with nothing to publish (or a draft without its
   * images) or an unpublish of
   * an item that is not published and gets no publish first. Nothing changes when it refuses.
   */
  async setForItem(
    key: string,
    id: string,
    body: { publishAt?: string | null; unpublishAt?: string | null },
    by: AuditContext,
  ): Promise<ItemSchedule> {
    const served = this.options.content.resources.get(key);
    const { def } = served;
    const publishAt = this.timeOf(body.publishAt, scheduleLabels.publishAt);
    const unpublishAt = this.timeOf(body.unpublishAt, scheduleLabels.unpublishAt);
    if (publishAt && unpublishAt && unpublishAt <= publishAt) throw new ClientError(400, scheduleMessages.unpublishBeforePublish);
    const row = await findLiveRow(this.options.db, served, id);
    const published = row.published !== false;
    if (publishAt) {
      const draft = await this.options.history.newestDraft(this.options.db, { resource: key, itemId: id });
      if (published && !draft) throw new ClientError(400, draftMessages.nothingToPublish(def.noun));
      // a draft still waiting for its images (docs/decisions/0046) is refused now, not when it is due
      const short = imageCountProblem(def.image, imageUrls(draft ? draft.snapshot[def.image.field] : row[def.image.field]).length);
      if (short) throw new ClientError(400, short);
    }
    if (unpublishAt && !published && !publishAt) throw new ClientError(400, scheduleMessages.nothingToUnpublish(def.noun));
    const schedule = { publishAt: publishAt?.toISOString() ?? null, unpublishAt: unpublishAt?.toISOString() ?? null };
    await this.options.db.transaction(async (tx) => {
      // the item locked: a delete moving it to the trash waits, then clears what this wrote
      await tx.select({ id: served.table.id }).from(served.table).where(eq(served.table.id, id)).for('update');
      const target = { type: key, id, label: recordLabel(def, toRecord(def, row)) };
      await this.write(tx, { resource: key, itemId: id }, { publish: publishAt, unpublish: unpublishAt }, by, target, def.noun);
    });
    this.options.content.reads.afterWrite(key);
    return schedule;
  }

  /** The Publish at of a document's draft (null clears it); 400 when it has no draft or the time is no time or has passed. */
  async setForDocument(document: ScheduledDocument, publishAtText: string | null | undefined, by: AuditContext): Promise<ItemSchedule> {
    const publishAt = this.timeOf(publishAtText, scheduleLabels.publishAt);
    if (publishAt && !(await document.draft())) throw new ClientError(400, draftMessages.noDraftToPublish);
    await this.options.db.transaction(async (tx) => {
      await this.write(
        tx,
        { resource: document.subject.resource, itemId: '' },
        { publish: publishAt },
        by,
        document.auditTarget,
        document.auditTarget.label ?? '',
      );
    });
    return { publishAt: publishAt?.toISOString() ?? null, unpublishAt: null };
  }

  /** A document's schedule as its screen shows it. */
  async ofDocument(document: ScheduledDocument): Promise<ItemSchedule> {
    const [row] = await this.options.db
      .select({ dueAt: contentSchedules.dueAt })
      .from(contentSchedules)
      .where(
        and(eq(contentSchedules.resource, document.subject.resource), eq(contentSchedules.itemId, ''), isNull(contentSchedules.failedAt)),
      );
    return { publishAt: row?.dueAt.toISOString() ?? null, unpublishAt: null };
  }

  /** What is due next, soonest first: the dashboard's list. */
  async upcoming(limit = 10): Promise<UpcomingSchedule[]> {
    const rows = await this.options.db
      .select()
      .from(contentSchedules)
      .where(isNull(contentSchedules.failedAt))
      .orderBy(asc(contentSchedules.dueAt))
      .limit(limit);
    const upcoming: UpcomingSchedule[] = [];
    for (const row of rows) {
      const document = this.options.documents.find((each) => each.subject.resource === row.resource);
      const base = { action: row.action, at: row.dueAt.toISOString() };
      if (document) {
        const noun = document.auditTarget.label ?? row.resource;
        upcoming.push({ ...base, resource: row.resource, itemId: null, label: noun, noun });
      } else if (this.options.content.resources.serves(row.resource)) {
        const { def } = this.options.content.resources.get(row.resource);
        const records = (await this.options.content.reads.manageList(row.resource)).records;
        const record = records.find((each) => each._id === row.itemId);
        if (record) upcoming.push({ ...base, resource: row.resource, itemId: row.itemId, label: recordLabel(def, record), noun: def.noun });
      }
    }
    return upcoming;
  }

  /**
   * Does a due schedule (the job kind's handler): publishes or unpublishes through the publish path, recorded in the
   * activity log as the scheduler's, the job deleted under its claim in the same transaction. A schedule changed or
   * cleared meanwhile does nothing; one that has nothing left to do (the item gone, its draft discarded) ends quietly.
   */
  async run(job: ScheduleRow & JobRow): Promise<void> {
    const by: AuditContext = {
      actor: job.scheduledById || job.scheduledByEmail ? { adminId: job.scheduledById, email: job.scheduledByEmail } : null,
      ip: null,
    };
    const scheduled: ScheduledChange = {
      details: { scheduled: true, dueAt: zoneStamp(job.dueAt, this.options.timeZone) },
      within: async (tx) => {
        const ended = await tx
          .delete(contentSchedules)
          .where(and(eq(contentSchedules.id, job.id), eq(contentSchedules.claimToken, job.claimToken ?? '')))
          .returning({ id: contentSchedules.id });
        if (ended.length === 0) throw new ScheduleGone();
      },
    };
    const document = this.options.documents.find((each) => each.subject.resource === job.resource);
    try {
      if (document) await document.publishDraft(by, scheduled);
      else if (job.action === 'publish') await this.options.content.drafts.publish(job.resource, job.itemId, by, scheduled);
      else await this.options.content.drafts.unpublish(job.resource, job.itemId, by, scheduled);
    } catch (error) {
      if (error instanceof ScheduleGone) return;
      // refused as staff would be (nothing to publish, the item gone, a draft that no longer fits): nothing to retry,
      // but staff must learn that what they scheduled did not happen, and why
      if (error instanceof ClientError) {
        await this.recordRefusal(job, by, error.message, document);
        return;
      }
      throw error;
    }
  }

  /** The activity entry of a due schedule the publish path refused: whose it was, what and why. */
  private async recordRefusal(job: ScheduleRow, by: AuditContext, reason: string, document: ScheduledDocument | undefined) {
    if (!this.options.audit) return;
    let target: AuditTarget = document ? document.auditTarget : { type: job.resource, id: job.itemId };
    if (!document) {
      const served = this.options.content.resources.get(job.resource);
      const row = await findLiveRow(this.options.db, served, job.itemId).catch(() => null);
      if (row) target = { ...target, label: recordLabel(served.def, toRecord(served.def, row)) };
    }
    const details = { action: job.action, dueAt: zoneStamp(job.dueAt, this.options.timeZone), reason };
    await this.options.audit.record({ kind: 'content.schedule-refused', ...by, target, details });
  }

  /** Clears an item's schedules in the transaction that moves it to the trash. */
  static async cancelFor(tx: Db, resource: string, itemId: string): Promise<void> {
    await tx.delete(contentSchedules).where(and(eq(contentSchedules.resource, resource), eq(contentSchedules.itemId, itemId)));
  }

  /** A time from the body: null when left out or null; 400 when it is no time or not in the future. */
  private timeOf(text: string | null | undefined, field: string): Date | null {
    if (text === undefined || text === null || text === '') return null;
    const at = parseZoneTime(text, this.options.timeZone);
    if (!at) throw new ClientError(400, scheduleMessages.badTime(field));
    if (at.getTime() <= Date.now()) throw new ClientError(400, scheduleMessages.inThePast(field));
    return at;
  }

  /**
   * Replaces a subject's schedules with `times` (null: none) and records what changed. An upsert, not delete and insert:
   * two saves at once end with one row, and a claim in flight loses its token, so a job already running does nothing.
   */
  private async write(
    tx: Db,
    subject: { resource: string; itemId: string },
    times: Partial<Record<ScheduleAction, Date | null>>,
    by: AuditContext,
    target: AuditTarget,
    noun: string,
  ): Promise<void> {
    const before = await tx
      .select({ action: contentSchedules.action, dueAt: contentSchedules.dueAt })
      .from(contentSchedules)
      .where(and(eq(contentSchedules.resource, subject.resource), eq(contentSchedules.itemId, subject.itemId)));
    const changes: Record<string, { before: string | null; after: string | null }> = {};
    for (const action of SCHEDULE_ACTIONS) {
      // an action the subject has no field for (a document's unpublish) is left as it is
      const at = times[action];
      if (at === undefined) continue;
      const old = before.find((row) => row.action === action)?.dueAt ?? null;
      const where = and(
        eq(contentSchedules.resource, subject.resource),
        eq(contentSchedules.itemId, subject.itemId),
        eq(contentSchedules.action, action),
      );
      if (at) {
        const values = {
          dueAt: at,
          runAfter: at,
          scheduledById: by.actor?.adminId ?? null,
          scheduledByEmail: by.actor?.email ?? null,
          attempts: 0,
          lockedUntil: null,
          claimToken: null,
          failedAt: null,
          lastError: null,
        };
        await tx
          .insert(contentSchedules)
          .values({ id: crypto.randomUUID(), ...subject, action, ...values })
          .onConflictDoUpdate({ target: [contentSchedules.resource, contentSchedules.itemId, contentSchedules.action], set: values });
      } else await tx.delete(contentSchedules).where(where);
      if ((old?.getTime() ?? null) !== (at?.getTime() ?? null)) {
        const stamp = (date: Date | null) => (date ? zoneStamp(date, this.options.timeZone) : null);
        changes[action === 'publish' ? scheduleLabels.publishAt : scheduleLabels.unpublishAt] = { before: stamp(old), after: stamp(at) };
      }
    }
    if (Object.keys(changes).length > 0 && this.options.audit) {
      await this.options.audit.record({ kind: 'content.scheduled', ...by, target, details: { resource: noun, changes } }, tx);
    }
  }
}
