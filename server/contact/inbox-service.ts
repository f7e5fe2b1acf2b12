/**
 * The enquiry inbox: lists messages newest first by search, status and page, changes a message's
 * status, moves one to the trash (and back, or out for good), and reads a whole view in batches for the CSV export.
 */
import { and, count, desc, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGE_STATUSES,
  type InboxCounts,
  type InboxListQuery,
  type InboxMessage,
  type InboxPage,
  type InboxProjectCount,
  type InboxSourceCount,
  type InboxView,
  type MessageStatus,
} from '../../shared/contact-inbox';
import type { Db } from '../db/client';
import { admins, contactMessages } from '../db/schema';
import { STAGES, type Stage } from '../../shared/enquiry-pipeline';
import { isOneOf } from '../../shared/narrow';
import { enquirySourceSql, firstContact } from './enquiry-sql';

const EXPORT_BATCH = 500;

/**
 * The view's conditions. A search finds its text, ignoring case, in the four fields joined: one
 * strpos over each row (four ILIKEs cost PGlite about 1.5 times as much, and need % and _ escaped);
 * a phone number also matches without its spaces, dashes and brackets.
 */
export function viewWhere({ q, status, source, project, stage, owner }: InboxView): SQL | undefined {
  // enquiries in the trash are out of every view
  const conditions: SQL[] = [isNull(contactMessages.deletedAt)];
  if (status) conditions.push(eq(contactMessages.status, status));
  if (stage) conditions.push(eq(contactMessages.stage, stage));
  if (owner) conditions.push(owner === 'none' ? isNull(contactMessages.ownerId) : eq(contactMessages.ownerId, owner));
  if (source) conditions.push(eq(sourceOf, source));
  if (project) conditions.push(eq(contactMessages.projectId, project));
  if (q) {
    const { name, email, number, message } = contactMessages;
    const found = sql`strpos(lower(${name} || ' ' || ${email} || ' ' || ${number} || ' ' || ${message}), lower(${q})) > 0`;
    const digits = q.replace(/[\s().-]/g, '');
    conditions.push(
      /^\+?\d{3,}$/.test(digits) ? sql`(${found} or strpos(regexp_replace(${number}, '[\\s().-]', '', 'g'), ${digits}) > 0)` : found,
    );
  }
  return and(...conditions);
}

const sourceOf = enquirySourceSql;

const inInbox = isNull(contactMessages.deletedAt);
/** No condition for null (every enquiry); else the enquiries this account owns. */
const ownedBy = (ownerId: string | null) => (ownerId ? eq(contactMessages.ownerId, ownerId) : undefined);
const inTrash = isNotNull(contactMessages.deletedAt);

/** A message's columns, its owner's e-mail read beside them (a subquery, so an update's RETURNING has it too). */
export const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  number: contactMessages.number,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  status: contactMessages.status,
  sourcePage: contactMessages.sourcePage,
  projectId: contactMessages.projectId,
  projectTitle: contactMessages.projectTitle,
  utmSource: contactMessages.utmSource,
  utmMedium: contactMessages.utmMedium,
  utmCampaign: contactMessages.utmCampaign,
  referrerHost: contactMessages.referrerHost,
  contactBy: contactMessages.contactBy,
  preferredTime: contactMessages.preferredTime,
  language: contactMessages.language,
  stage: contactMessages.stage,
  lostReason: contactMessages.lostReason,
  ownerId: contactMessages.ownerId,
  ownerEmail: sql<string | null>`(select ${admins.email} from ${admins} where ${admins.id} = ${contactMessages.ownerId})`,
  followUpOn: contactMessages.followUpOn,
};

type SourceColumns = Pick<
  InboxMessage,
  | 'sourcePage'
  | 'projectId'
  | 'projectTitle'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
  | 'referrerHost'
  | 'contactBy'
  | 'preferredTime'
  | 'language'
>;
type PipelineColumns = {
  stage: string;
  lostReason: string | null;
  ownerId: string | null;
  ownerEmail: string | null;
  followUpOn: string | null;
};
export type Row = {
  id: string;
  name: string;
  email: string;
  number: string;
  message: string;
  createdAt: Date;
  status: string;
} & SourceColumns &
  PipelineColumns;

const isStatus = (value: string): value is MessageStatus => isOneOf(MESSAGE_STATUSES, value);
const isStage = (value: string): value is Stage => isOneOf(STAGES, value);

export function toMessage({ id, createdAt, status, stage, ownerId, ownerEmail, ...rest }: Row): InboxMessage {
  return {
    _id: id,
    ...rest,
    createdAt: createdAt.toISOString(),
    status: isStatus(status) ? status : 'New',
    stage: isStage(stage) ? stage : 'New',
    owner: ownerId && ownerEmail !== null ? { _id: ownerId, email: ownerEmail } : null,
  };
}

const newest = [desc(contactMessages.createdAt), desc(contactMessages.id)];

export class ContactInbox {
  constructor(private readonly db: Db) {}

  /** One page of a view, newest first, with the view's total and the whole inbox's (or `ownerId`'s) count per status. */
  async list(query: InboxListQuery, ownerId: string | null = null): Promise<InboxPage> {
    const where = viewWhere(query);
    const offset = (query.page - 1) * query.limit;
    const counts = await this.counts(ownerId);
    if (!query.q && !query.source && !query.project && !query.stage && !query.owner) {
      // without a search, the view's total is one of the counts, and the page comes straight from an index
      const rows = await this.db
        .select(columns)
        .from(contactMessages)
        .where(where)
        .orderBy(...newest)
        .limit(query.limit)
        .offset(offset);
      const total = query.status ? counts[query.status] : MESSAGE_STATUSES.reduce((sum, status) => sum + counts[status], 0);
      return { data: rows.map(toMessage), total, page: query.page, limit: query.limit, counts };
    }
    // a search or a source filter reads every row once: the page and the view's total come from that one pass
    const rows = await this.db
      .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(contactMessages)
      .where(where)
      .orderBy(...newest)
      .limit(query.limit)
      .offset(offset);
    const total = rows.length
      ? rows[0].total
      : offset === 0
        ? 0
        : (await this.db.select({ n: count() }).from(contactMessages).where(where))[0].n;
    return {
      data: rows.map(({ total: _total, ...row }) => toMessage(row)),
      total,
      page: query.page,
      limit: query.limit,
      counts,
    };
  }

  /**
   * The source and project filters' choices: every source and every project of the inbox (of `ownerId`'s enquiries
   * when given), most enquiries first.
   */
  async filterChoices(ownerId: string | null = null): Promise<{ sources: InboxSourceCount[]; projects: InboxProjectCount[] }> {
    const inView = and(inInbox, ownedBy(ownerId));
    const sources = await this.db
      .select({ source: sourceOf, count: count() })
      .from(contactMessages)
      .where(inView)
      .groupBy(sourceOf)
      .orderBy(desc(count()), sourceOf);
    const projects = await this.db
      .select({ _id: contactMessages.projectId, title: sql<string>`max(${contactMessages.projectTitle})`, count: count() })
      .from(contactMessages)
      .where(and(inView, isNotNull(contactMessages.projectId)))
      .groupBy(contactMessages.projectId)
      .orderBy(desc(count()));
    return {
      sources,
      projects: projects.flatMap(({ _id, title, count: n }) => (_id ? [{ _id, title: title ?? '', count: n }] : [])),
    };
  }

  /** How many messages each status holds (the status index answers it), of `ownerId`'s enquiries when given. */
  async counts(ownerId: string | null = null): Promise<InboxCounts> {
    const rows = await this.db
      .select({ status: contactMessages.status, n: count() })
      .from(contactMessages)
      .where(and(inInbox, ownedBy(ownerId)))
      .groupBy(contactMessages.status);
    const counts: InboxCounts = { New: 0, Replied: 0, Archived: 0 };
    for (const row of rows) if (isStatus(row.status)) counts[row.status] = row.n;
    return counts;
  }

  /** One message; null when there is no such message. */
  async get(id: string): Promise<InboxMessage | null> {
    const [row] = await this.db
      .select(columns)
      .from(contactMessages)
      .where(and(eq(contactMessages.id, id), inInbox))
      .limit(1);
    return row ? toMessage(row) : null;
  }

  /** Sets a message's status; null when there is no such message. */
  async setStatus(id: string, status: MessageStatus): Promise<InboxMessage | null> {
    const [row] = await this.db
      .update(contactMessages)
      .set({ status, ...(status === 'Replied' ? { firstContactedAt: firstContact } : {}) })
      .where(and(eq(contactMessages.id, id), inInbox))
      .returning(columns);
    return row ? toMessage(row) : null;
  }

  /** Moves a message to the trash; the message (for the caller's record), or null when there was none in the inbox. */
  async remove(id: string): Promise<InboxMessage | null> {
    const [row] = await this.db
      .update(contactMessages)
      .set({ deletedAt: new Date() })
      .where(and(eq(contactMessages.id, id), inInbox))
      .returning(columns);
    return row ? toMessage(row) : null;
  }

  /** Messages in the trash, with the time each was deleted. */
  async trashed(): Promise<(InboxMessage & { deletedAt: string })[]> {
    const rows = await this.db
      .select({ ...columns, deletedAt: contactMessages.deletedAt })
      .from(contactMessages)
      .where(inTrash);
    return rows.map(({ deletedAt, ...row }) => ({ ...toMessage(row), deletedAt: deletedAt!.toISOString() }));
  }

  /** Brings a message back to the inbox as it was; null when it is not in the trash. */
  async restore(id: string): Promise<InboxMessage | null> {
    const [row] = await this.db
      .update(contactMessages)
      .set({ deletedAt: null })
      .where(and(eq(contactMessages.id, id), inTrash))
      .returning(columns);
    return row ? toMessage(row) : null;
  }

  /** Deletes a message in the trash for good (its alert goes with it); null when it is not in the trash. */
  async deleteForever(id: string): Promise<InboxMessage | null> {
    const [row] = await this.db
      .delete(contactMessages)
      .where(and(eq(contactMessages.id, id), inTrash))
      .returning(columns);
    return row ? toMessage(row) : null;
  }

  /** Ids of messages trashed before `cutoff`, for the purge. */
  async trashedBefore(cutoff: Date): Promise<string[]> {
    const rows = await this.db.select({ id: contactMessages.id }).from(contactMessages).where(lt(contactMessages.deletedAt, cutoff));
    return rows.map((row) => row.id);
  }

  /**
   * Every message of a view, newest first, a batch at a time: the position is kept as the last row's
   * time in the database's own text form (microseconds; a JS Date keeps only milliseconds) and id.
   */
  async *exportView(view: InboxView): AsyncGenerator<InboxMessage[]> {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const position: SQL | undefined = after
        ? sql`(${contactMessages.createdAt}, ${contactMessages.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
        : undefined;
      const rows: (Row & { at: string })[] = await this.db
        .select({ ...columns, at: sql<string>`${contactMessages.createdAt}::text` })
        .from(contactMessages)
        .where(and(viewWhere(view), position))
        .orderBy(...newest)
        .limit(EXPORT_BATCH);
      if (rows.length === 0) return;
      yield rows.map(({ at: _at, ...row }) => toMessage(row));
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1];
      after = { at: last.at, id: last.id };
    }
  }
}
