/**
 * Drafts of content items (docs/decisions/0039, built on the versions of decision 0038): the row stays what
 * visitors see; a draft is a version with status 'draft' numbered above the newest published one. Save a draft
 * (or autosave it in place), publish it (the row gets the draft's snapshot through the definition's rules, as a
 * published version, in one transaction), unpublish an item, discard a draft, and restore a version as a draft.
 */
import fs from 'node:fs/promises';
import { and, eq, isNull } from 'drizzle-orm';
import { apiMessages } from '../../shared/api-messages';
import { contentState, draftMessages, type ContentState } from '../../shared/drafts';
import { historyMessages } from '../../shared/history';
import type { ResourceDef } from '../../shared/resources';
import { imageCountProblem } from '../../shared/validation';
import type { AuditContext } from '../audit/audit-service';
import { recordChanges, recordLabel } from '../audit/content-changes';
import type { Db } from '../db/client';
import { ClientError } from '../errors';
import type { ScheduledChange } from '../schedules/scheduled-change';
import { removeTempFiles } from '../uploads/read-write-input';
import { contentPublished } from '../webhooks/content-published';
import type { ContentImages } from './content-images';
import type { ContentReads } from './content-reads';
import { auditContentWrite, findLiveRow, imageUrls, snapshotColumns, snapshotOf, toColumns, toRecord, type Row } from './content-records';
import type { ContentResources } from './content-resources';
import { validateWrite, type ContentWriteOptions } from './content-writes';
import type { ContentWrite } from './image-field-schemas';

/** What a draft write answers: the item, its state now, the version written (null when none was) and the item's revision now. */
export interface DraftOutcome {
  id: string;
  state: ContentState;
  number: number | null;
  revision: string;
}

/** The state before a change, as a version keeps it when the item has no history yet. */
const beforeOf = (def: ResourceDef, row: Row) => ({
  snapshot: snapshotOf(def, row),
  at: row.updatedAt instanceof Date ? row.updatedAt : new Date(),
});

export class ContentDrafts {
  constructor(
    private readonly resources: ContentResources,
    private readonly reads: ContentReads,
    private readonly images: ContentImages,
    private readonly options: ContentWriteOptions,
  ) {}

  /**
   * Saves a draft of an item: the write is checked as an update is (against the newest draft when there is one),
   * its new images stored, and a draft version written; the row, and so everything visitors see, is untouched.
   * An `autosave` overwrites the newest version in place when that is a draft of the same author already. With a `baseRevision`
   * (the revision its editor opened), refused (409, nothing changed) when the item has changed since (docs/decisions/0044).
   */
  async save(
    key: string,
    id: string,
    write: ContentWrite,
    by?: AuditContext,
    autosave = false,
    baseRevision?: string,
  ): Promise<DraftOutcome> {
    const { def } = this.resources.get(key);
    const staging = this.images.stagingDir();
    const subject = { resource: key, itemId: id };
    const noun = def.noun.toLowerCase();
    try {
      const existing = await this.findRow(key, id);
      await this.options.history.assertBase(this.options.db, subject, baseRevision, noun, snapshotOf(def, existing));
      const newest = await this.options.history.newestDraft(this.options.db, subject);
      const base = { ...existing, ...(newest ? draftColumns(def, newest.snapshot) : {}) };
      // an item not published may wait for its images until its Publish (docs/decisions/0046)
      const { values, plan } = await validateWrite(def, write, toRecord(def, base), this.images, existing.published === false);
      const prepared = await this.images.prepare(plan.newFiles, staging);
      const snapshot = snapshotOf(def, { ...base, ...toColumns(def, values), ...this.images.columns(def, plan, prepared) });
      let going: string[] = [];
      const written = await this.images.withStoredFiles(prepared, () =>
        this.options.db.transaction(async (tx) => {
          const row = await this.lockRow(tx, key, id);
          await this.options.history.assertBase(tx, subject, baseRevision, noun, snapshotOf(def, row));
          await this.options.renditionJobs.enqueue(tx, prepared);
          await this.images.register(tx, plan, prepared, by);
          const written = await this.options.history.record(tx, subject, {
            snapshot,
            event: 'updated',
            by,
            before: beforeOf(def, row),
            status: 'draft',
            replaceDraft: autosave,
          });
          going = await this.goingAfter(tx, key, row, written.prunedImages);
          // an autosave that overwrote the draft in place is the same draft: one entry per draft, not per pause in typing
          if (written.number !== newest?.number) {
            const record = toRecord(def, row);
            await auditContentWrite(this.options.audit, tx, by, {
              kind: 'content.draft-saved',
              key,
              def,
              record,
              details: {
                version: written.number,
                ...recordChanges(def, toRecord(def, base), toRecord(def, { ...row, ...snapshotColumns(def, snapshot) })),
              },
            });
          }
          return written;
        }),
      );
      this.reads.afterWrite(key);
      if (prepared.length > 0) this.options.renditionJobs.notifyAdded();
      await this.images.remove(going);
      return { id, state: contentState(existing.published !== false, true), number: written.number, revision: written.revision };
    } finally {
      await Promise.all([removeTempFiles(write.files), fs.rm(staging, { recursive: true, force: true })]);
    }
  }

  /**
   * Publishes an item: its newest draft's snapshot is written to the row through the definition's rules (400 when it
   * no longer fits or lacks its images, 409 when one of its images is gone) and kept as a published version, in one transaction; an item
   * unpublished without a draft comes back as it was. `content.published` is fired as a save fires it. With a `baseRevision`,
   * refused (409) when the draft is no longer the one its editor saved (docs/decisions/0044).
   */
  async publish(key: string, id: string, by?: AuditContext, scheduled?: ScheduledChange, baseRevision?: string): Promise<DraftOutcome> {
    const { def, table } = this.resources.get(key);
    const subject = { resource: key, itemId: id };
    const existing = await this.findRow(key, id);
    await this.options.history.assertBase(this.options.db, subject, baseRevision, def.noun.toLowerCase(), snapshotOf(def, existing));
    const draft = await this.options.history.newestDraft(this.options.db, subject);
    if (!draft && existing.published !== false) throw new ClientError(400, draftMessages.nothingToPublish(def.noun));
    const columns = draft ? snapshotColumns(def, draft.snapshot) : {};
    const publishedUrls = draft ? imageUrls(columns[def.image.field]) : imageUrls(existing[def.image.field]);
    // a draft never published may lack its images (docs/decisions/0046): what goes live has them all
    const short = imageCountProblem(def.image, publishedUrls.length);
    if (short) throw new ClientError(400, short);
    const missing = await this.images.missing(publishedUrls);
    if (missing.length > 0) throw new ClientError(409, historyMessages.imagesMissing(missing.length));
    const current = toRecord(def, existing);
    const replaced = imageUrls(current[def.image.field]).filter((url) => !publishedUrls.includes(url));
    let going: string[] = [];
    let hooked = false;
    const version = await this.options.db.transaction(async (tx) => {
      if (baseRevision !== undefined) {
        const locked = await this.lockRow(tx, key, id);
        await this.options.history.assertBase(tx, subject, baseRevision, def.noun.toLowerCase(), snapshotOf(def, locked));
      }
      const [written]: Row[] = await tx
        .update(table)
        .set({ ...columns, published: true, updatedAt: new Date() })
        .where(and(eq(table.id, id), isNull(table.deletedAt), eq(table[def.image.field], existing[def.image.field])))
        .returning();
      if (!written) throw new ClientError(409, apiMessages.editConflict(def.noun));
      const version = await this.options.history.record(tx, subject, {
        snapshot: snapshotOf(def, written),
        event: 'published',
        by,
        before: beforeOf(def, existing),
      });
      going = await this.goingAfter(tx, key, written, [...replaced, ...version.prunedImages]);
      const record = toRecord(def, written);
      await auditContentWrite(this.options.audit, tx, by, {
        kind: 'content.published',
        key,
        def,
        record,
        details: {
          version: version.number,
          ...(draft ? { fromDraft: draft.number } : {}),
          ...scheduled?.details,
          ...recordChanges(def, current, record),
        },
      });
      await scheduled?.within(tx);
      hooked = await contentPublished(this.options.webhooks, tx, {
        type: key,
        id,
        label: recordLabel(def, record),
        change: existing.published === false ? 'created' : 'updated',
        hidden: Boolean(written.hidden),
      });
      return version;
    });
    this.reads.afterWrite(key);
    if (hooked) this.options.webhooks?.notifyQueued();
    await this.images.remove(going);
    return { id, state: 'published', number: version.number, revision: version.revision };
  }

  /** Takes an item off the public site by every path (pages, lists, API, sitemap, image URLs); it stays in the admin as a draft. */
  async unpublish(key: string, id: string, by?: AuditContext, scheduled?: ScheduledChange): Promise<DraftOutcome> {
    const { def, table } = this.resources.get(key);
    await this.findRow(key, id);
    await this.options.db.transaction(async (tx) => {
      const row = await this.lockRow(tx, key, id);
      if (row.published === false) throw new ClientError(400, draftMessages.alreadyUnpublished(def.noun));
      await tx.update(table).set({ published: false }).where(eq(table.id, id));
      await auditContentWrite(this.options.audit, tx, by, {
        kind: 'content.unpublished',
        key,
        def,
        record: toRecord(def, row),
        details: { ...scheduled?.details, changes: { published: { before: true, after: false } } },
      });
      await scheduled?.within(tx);
    });
    this.reads.afterWrite(key);
    return {
      id,
      state: 'draft',
      number: null,
      revision: await this.options.history.revision(this.options.db, { resource: key, itemId: id }),
    };
  }

  /** Removes the drafts newer than the published state; 400 when there is none, or the item was never published. */
  async discard(key: string, id: string, by?: AuditContext): Promise<DraftOutcome> {
    const { def } = this.resources.get(key);
    const subject = { resource: key, itemId: id };
    await this.findRow(key, id);
    let going: string[] = [];
    const published = await this.options.db.transaction(async (tx) => {
      const row = await this.lockRow(tx, key, id);
      if (!(await this.options.history.newestDraft(tx, subject))) throw new ClientError(400, draftMessages.noDraft);
      const images = await this.options.history.discardDrafts(tx, subject);
      if (images === null) throw new ClientError(400, draftMessages.neverPublished);
      going = await this.goingAfter(tx, key, row, images);
      await auditContentWrite(this.options.audit, tx, by, {
        kind: 'content.draft-discarded',
        key,
        def,
        record: toRecord(def, row),
        details: {},
      });
      return row.published !== false;
    });
    this.reads.afterWrite(key);
    await this.images.remove(going);
    return {
      id,
      state: contentState(published, false),
      number: null,
      revision: await this.options.history.revision(this.options.db, subject),
    };
  }

  /** Brings version `number` back as a new draft (the row untouched); 400 when it no longer fits, 409 when an image is gone. */
  async restoreAsDraft(key: string, id: string, number: number, by?: AuditContext): Promise<DraftOutcome> {
    const { def } = this.resources.get(key);
    const subject = { resource: key, itemId: id };
    const existing = await this.findRow(key, id);
    const [version] = await this.options.history.get(subject, number);
    const columns = snapshotColumns(def, version.snapshot);
    const missing = await this.images.missing(imageUrls(columns[def.image.field]));
    if (missing.length > 0) throw new ClientError(409, historyMessages.imagesMissing(missing.length));
    const written = await this.options.db.transaction(async (tx) => {
      const row = await this.lockRow(tx, key, id);
      const kept = await this.options.history.record(tx, subject, {
        snapshot: snapshotOf(def, { ...row, ...columns }),
        event: 'version-restored',
        restoredFrom: number,
        by,
        before: beforeOf(def, row),
        status: 'draft',
      });
      const going = await this.goingAfter(tx, key, row, kept.prunedImages);
      await auditContentWrite(this.options.audit, tx, by, {
        kind: 'content.draft-saved',
        key,
        def,
        record: toRecord(def, row),
        details: { version: kept.number, restoredFrom: number },
      });
      return { number: kept.number, revision: kept.revision, going };
    });
    this.reads.afterWrite(key);
    await this.images.remove(written.going);
    return { id, state: contentState(existing.published !== false, true), number: written.number, revision: written.revision };
  }

  /**
   * Of `candidates`, the images neither the row nor a kept version names and the library does not keep (`release`):
   * their rendition jobs go now, their files after the commit.
   */
  private async goingAfter(tx: Db, key: string, row: Row, candidates: string[]): Promise<string[]> {
    const { def } = this.resources.get(key);
    const unused = await this.options.history.unusedImages(
      tx,
      { resource: key, itemId: String(row.id) },
      candidates,
      imageUrls(row[def.image.field]),
    );
    return this.images.release(tx, unused);
  }

  /** The item's row, locked for the transaction (its versions are numbered under this lock); 404 when it is gone. */
  private async lockRow(tx: Db, key: string, id: string): Promise<Row> {
    const { def, table } = this.resources.get(key);
    const [row]: Row[] = await tx
      .select()
      .from(table)
      .where(and(eq(table.id, id), isNull(table.deletedAt)))
      .for('update');
    if (!row) throw new ClientError(404, apiMessages.recordNotFound(def.noun));
    return row;
  }

  private findRow(key: string, id: string): Promise<Row> {
    return findLiveRow(this.options.db, this.resources.get(key), id);
  }
}

/** A draft's snapshot as columns, to base the next draft on; one that no longer fits today's rules is based on the row instead. */
function draftColumns(def: ResourceDef, snapshot: Record<string, unknown>): Record<string, unknown> {
  try {
    return snapshotColumns(def, snapshot);
  } catch (error) {
    if (error instanceof ClientError) return {};
    throw error;
  }
}
