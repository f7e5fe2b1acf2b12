/**
 * The versions of content items, the About content and the Site settings (docs/decisions/0038). A write
 * records its version in its own transaction (`record`), which also prunes what REVISIONS_KEEP no longer
 * keeps; reads list, show and compare versions. Which image files may go is the caller's business
 * (`unusedImages` tells it): the files of a kept version stay.
 */
import crypto from 'node:crypto';
import { and, count, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import { historyMessages, VERSION_EVENTS, VERSION_STATUSES, type VersionEvent, type VersionSummary } from '../../shared/history';
import { isOneOf } from '../../shared/narrow';
import type { AuditContext } from '../audit/audit-service';
import { queryRows, type Db } from '../db/client';
import { contentVersions } from '../db/schema';
import { editConflictMessages, revisionOf } from '../../shared/edit-conflicts';
import { ClientError, EditConflictError } from '../errors';
import { changedFields, snapshotImageUrls } from '../../shared/version-snapshots';

/** Whose history: a resource key and an item id, or `about` / `site-settings` with id ''. */
export interface HistorySubject {
  resource: string;
  itemId: string;
}

export interface VersionWrite {
  snapshot: Record<string, unknown>;
  event: VersionEvent;
  by?: AuditContext;
  /** The state before this write, with its time: kept as the first version when the item has none yet. */
  before?: { snapshot: Record<string, unknown>; at: Date } | null;
  restoredFrom?: number;
  /** 'published' (the default: the row now holds it) or 'draft' (the row untouched; docs/decisions/0039). */
  status?: 'published' | 'draft';
  /** An autosave: when the newest version is a draft, it is overwritten in place instead of a new one added. */
  replaceDraft?: boolean;
}

/** The newest draft of an item, when it is newer than every published version. */
export interface NewestDraft {
  number: number;
  snapshot: Record<string, unknown>;
}

export interface VersionRow extends VersionSummary {
  snapshot: Record<string, unknown>;
  images: string[];
}

type Selected = typeof contentVersions.$inferSelect;

const summaryColumns = {
  number: contentVersions.number,
  status: contentVersions.status,
  event: contentVersions.event,
  restoredFrom: contentVersions.restoredFrom,
  authorId: contentVersions.authorId,
  authorName: contentVersions.authorName,
  at: contentVersions.at,
  changedFields: contentVersions.changedFields,
};

type SummaryRow = Pick<Selected, keyof typeof summaryColumns>;

function summaryOf(row: SummaryRow, current: number | null): VersionSummary {
  return {
    number: row.number,
    status: isOneOf(VERSION_STATUSES, row.status) ? row.status : 'published',
    event: isOneOf(VERSION_EVENTS, row.event) ? row.event : 'updated',
    restoredFrom: row.restoredFrom,
    author: { id: row.authorId, name: row.authorName },
    at: row.at.toISOString(),
    changedFields: Array.isArray(row.changedFields) ? row.changedFields.map(String) : [],
    current: row.number === current,
  };
}

const ofSubject = ({ resource, itemId }: HistorySubject) => and(eq(contentVersions.resource, resource), eq(contentVersions.itemId, itemId));

export class ContentHistory {
  constructor(
    private readonly db: Db,
    /** REVISIONS_KEEP: versions kept per item; older ones go as a new one is written. */
    readonly keep: number,
  ) {}

  /**
   * Writes the next version of `subject` in `tx` (the write's own transaction) and removes those beyond
   * REVISIONS_KEEP; returns its number, the item's revision now (docs/decisions/0044) and the image URLs the removed
   * versions named (for `unusedImages`).
   * Callers hold the item's row lock (an UPDATE, or the insert of a new id), so numbers do not race.
   */
  async record(
    tx: Db,
    subject: HistorySubject,
    write: VersionWrite,
  ): Promise<{ number: number; revision: string; prunedImages: string[] }> {
    const [latest, beforeLatest] = await tx
      .select({
        id: contentVersions.id,
        number: contentVersions.number,
        status: contentVersions.status,
        snapshot: contentVersions.snapshot,
        images: contentVersions.images,
        authorId: contentVersions.authorId,
        at: contentVersions.at,
      })
      .from(contentVersions)
      .where(ofSubject(subject))
      .orderBy(desc(contentVersions.number))
      .limit(2);
    const actor = write.by?.actor;
    const status = write.status ?? 'published';
    // only the author's own draft: another's stays a version of its own, so a kept-mine save loses nothing of theirs (0044)
    if (write.replaceDraft && status === 'draft' && latest?.status === 'draft' && latest.authorId === (actor?.adminId ?? null)) {
      // a later time even within the same millisecond: the revision an editor opened must move with every save
      const at = new Date(Math.max(Date.now(), latest.at.getTime() + 1));
      // an autosave: the newest draft becomes this one (one version per editing session, not per keystroke)
      await tx
        .update(contentVersions)
        .set({
          authorId: actor?.adminId ?? null,
          authorName: actor?.email ?? null,
          at,
          snapshot: write.snapshot,
          changedFields: changedFields(beforeLatest?.snapshot ?? null, write.snapshot),
          images: snapshotImageUrls(write.snapshot),
        })
        .where(eq(contentVersions.id, latest.id));
      return { number: latest.number, revision: revisionOf({ number: latest.number, at }), prunedImages: latest.images };
    }
    let previous = latest?.snapshot ?? null;
    let number = (latest?.number ?? 0) + 1;
    if (!latest && write.before) {
      // an item older than its history: its state before this write is version 1, so it can be brought back
      await tx.insert(contentVersions).values({
        id: crypto.randomUUID(),
        ...subject,
        number,
        event: 'before-history',
        at: write.before.at,
        snapshot: write.before.snapshot,
        images: snapshotImageUrls(write.before.snapshot),
      });
      previous = write.before.snapshot;
      number += 1;
    }
    const at = new Date();
    await tx.insert(contentVersions).values({
      id: crypto.randomUUID(),
      ...subject,
      number,
      status,
      event: write.event,
      restoredFrom: write.restoredFrom ?? null,
      authorId: actor?.adminId ?? null,
      authorName: actor?.email ?? null,
      at,
      snapshot: write.snapshot,
      changedFields: changedFields(previous, write.snapshot),
      images: snapshotImageUrls(write.snapshot),
    });
    const pruned = await tx
      .delete(contentVersions)
      .where(and(ofSubject(subject), lte(contentVersions.number, number - this.keep)))
      .returning({ images: contentVersions.images });
    return { number, revision: revisionOf({ number, at }), prunedImages: pruned.flatMap((row) => row.images) };
  }

  /** The newest version of an item when it is a draft (newer than every published one); null otherwise. */
  async newestDraft(db: Db, subject: HistorySubject): Promise<NewestDraft | null> {
    const [latest] = await db
      .select({ number: contentVersions.number, status: contentVersions.status, snapshot: contentVersions.snapshot })
      .from(contentVersions)
      .where(ofSubject(subject))
      .orderBy(desc(contentVersions.number))
      .limit(1);
    return latest?.status === 'draft' ? { number: latest.number, snapshot: latest.snapshot } : null;
  }

  /**
   * Of every item of `resource` that has versions, its revision (docs/decisions/0044) and the snapshot of its newest version
   * when that is a draft: the admin list's states and bases, in one statement.
   */
  async newestVersions(resource: string): Promise<Map<string, { revision: string; draft: Record<string, unknown> | null }>> {
    const rows = await this.db
      .selectDistinctOn([contentVersions.itemId], {
        itemId: contentVersions.itemId,
        number: contentVersions.number,
        at: contentVersions.at,
        status: contentVersions.status,
        snapshot: contentVersions.snapshot,
      })
      .from(contentVersions)
      .where(eq(contentVersions.resource, resource))
      .orderBy(contentVersions.itemId, desc(contentVersions.number));
    return new Map(rows.map((row) => [row.itemId, { revision: revisionOf(row), draft: row.status === 'draft' ? row.snapshot : null }]));
  }

  /** The item's revision now: its newest version's, whether published or a draft. */
  async revision(db: Db, subject: HistorySubject): Promise<string> {
    return revisionOf(await this.newest(db, subject));
  }

  private async newest(db: Db, subject: HistorySubject): Promise<Selected | null> {
    const [latest] = await db.select().from(contentVersions).where(ofSubject(subject)).orderBy(desc(contentVersions.number)).limit(1);
    return latest ?? null;
  }

  /**
   * Refuses a save based on `base` when the item has a newer revision (409, with who saved the newest version, when, what
   * changed since the base and the newest values; `live` stands in for an item without versions). No base: nothing checked.
   * Run in the save's transaction after the item is locked, so of two saves on one base exactly one gets through.
   */
  async assertBase(db: Db, subject: HistorySubject, base: string | undefined, noun: string, live: Record<string, unknown>): Promise<void> {
    if (base === undefined) return;
    const newest = await this.newest(db, subject);
    if (revisionOf(newest) === base) return;
    const values = newest?.snapshot ?? live;
    const baseNumber = Number(base.split('.')[0]);
    const [based] =
      baseNumber > 0 && baseNumber !== newest?.number
        ? await db
            .select({ snapshot: contentVersions.snapshot })
            .from(contentVersions)
            .where(and(ofSubject(subject), eq(contentVersions.number, baseNumber)))
        : [];
    const author = { id: newest?.authorId ?? null, name: newest?.authorName ?? null };
    throw new EditConflictError(editConflictMessages.changedBy(noun, author.name), {
      revision: revisionOf(newest),
      number: newest?.number ?? 0,
      status: newest && isOneOf(VERSION_STATUSES, newest.status) ? newest.status : 'published',
      author,
      at: (newest?.at ?? new Date()).toISOString(),
      // the base version gone (pruned or a discarded draft): what the newest changed is the best account there is
      changedFields: based
        ? changedFields(based.snapshot, values)
        : Array.isArray(newest?.changedFields)
          ? newest.changedFields.map(String)
          : [],
      values,
    });
  }

  /**
   * Removes the drafts newer than the newest published version (Discard draft); the image URLs they named. Null when
   * the item has no published version at all (a draft never published: discarding would leave nothing).
   */
  async discardDrafts(tx: Db, subject: HistorySubject): Promise<string[] | null> {
    const current = await this.currentNumber(tx, subject);
    if (current === null) return null;
    const removed = await tx
      .delete(contentVersions)
      .where(and(ofSubject(subject), eq(contentVersions.status, 'draft'), gt(contentVersions.number, current)))
      .returning({ images: contentVersions.images });
    return removed.flatMap((row) => row.images);
  }

  /** Of `candidates`, the image URLs neither `live` (the item's row) nor any kept version of the item names: their files may go. */
  async unusedImages(tx: Db, subject: HistorySubject, candidates: readonly string[], live: readonly string[]): Promise<string[]> {
    const unique = [...new Set(candidates)].filter((url) => !live.includes(url));
    if (unique.length === 0) return [];
    const kept = new Set((await this.imagesOf(tx, subject)).flat());
    return unique.filter((url) => !kept.has(url));
  }

  private async imagesOf(db: Db, subject: HistorySubject): Promise<string[][]> {
    const rows = await db.select({ images: contentVersions.images }).from(contentVersions).where(ofSubject(subject));
    return rows.map((row) => row.images);
  }

  /** A page of versions, newest first: those numbered below `before` (all when null), at most `limit`. */
  async list(subject: HistorySubject, before: number | null, limit: number) {
    const where = before === null ? ofSubject(subject) : and(ofSubject(subject), lt(contentVersions.number, before));
    const rows = await this.db
      .select(summaryColumns)
      .from(contentVersions)
      .where(where)
      .orderBy(desc(contentVersions.number))
      .limit(limit + 1);
    // how many, and which is live, in one statement (PGlite runs one at a time)
    const [totals] = await this.db
      .select({
        total: count(),
        current: sql<number | null>`max(${contentVersions.number}) filter (where ${contentVersions.status} = 'published')`,
      })
      .from(contentVersions)
      .where(ofSubject(subject));
    const current = totals?.current === null || totals?.current === undefined ? null : Number(totals.current);
    const page = rows.slice(0, limit);
    return {
      versions: page.map((row) => summaryOf(row, current)),
      total: Number(totals?.total ?? 0),
      next: rows.length > limit ? page[page.length - 1].number : null,
    };
  }

  /** The newest published version's number: the live state. */
  private async currentNumber(db: Db, subject: HistorySubject): Promise<number | null> {
    const [row] = await db
      .select({ number: contentVersions.number })
      .from(contentVersions)
      .where(and(ofSubject(subject), eq(contentVersions.status, 'published')))
      .orderBy(desc(contentVersions.number))
      .limit(1);
    return row?.number ?? null;
  }

  /** Versions `numbers` of the subject, with their snapshots; 404 naming the first that does not exist. */
  async get(subject: HistorySubject, ...numbers: number[]): Promise<VersionRow[]> {
    const [rows, current] = await Promise.all([
      this.db
        .select()
        .from(contentVersions)
        .where(and(ofSubject(subject), inArray(contentVersions.number, numbers))),
      this.currentNumber(this.db, subject),
    ]);
    return numbers.map((number) => {
      const row = rows.find((candidate) => candidate.number === number);
      if (!row) throw new ClientError(404, historyMessages.versionNotFound(number));
      return { ...summaryOf(row, current), snapshot: row.snapshot, images: row.images };
    });
  }

  /** Removes every version but the newest (the live state stays the base of the next change); the image URLs they named. */
  async purge(tx: Db, subject: HistorySubject): Promise<{ removed: number; images: string[] }> {
    const current = await this.currentNumber(tx, subject);
    if (current === null) return { removed: 0, images: [] };
    const removed = await tx
      .delete(contentVersions)
      .where(and(ofSubject(subject), lt(contentVersions.number, current)))
      .returning({ images: contentVersions.images });
    return { removed: removed.length, images: removed.flatMap((row) => row.images) };
  }

  /** Removes every version of an item deleted forever; the image URLs they named. */
  async removeAll(tx: Db, subject: HistorySubject): Promise<string[]> {
    const removed = await tx.delete(contentVersions).where(ofSubject(subject)).returning({ images: contentVersions.images });
    return removed.flatMap((row) => row.images);
  }

  /** Every image URL any kept version names (the start sweep keeps their files; visitors are refused those not live). */
  async allImageUrls(): Promise<string[]> {
    const rows = await queryRows(this.db, sql`select distinct jsonb_array_elements_text(images) as url from content_versions`);
    return rows.map((row) => String(row.url));
  }
}
