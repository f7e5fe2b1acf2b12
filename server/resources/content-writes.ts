/**
 * Create and update of every content resource, driven by its definition (shared/resources/). A write
 * validates everything before touching storage or the database, so a rejected request changes nothing.
 * A save stores an image's first rendition and its source before the row that names it (see
 * content-images.ts); the job that makes the other renditions is written in the record's
 * transaction, so it is done even after a crash.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { and, eq, isNull, min } from 'drizzle-orm';
import { apiMessages } from '../../shared/api-messages';
import type { ResourceDef } from '../../shared/resources';
import { validateRecord, validateTranslations } from '../../shared/validation';
import { mergeTranslations, storedTranslations } from '../../shared/translations';
import type { AuditContext, AuditService } from '../audit/audit-service';
import { recordChanges, recordValues } from '../audit/content-changes';
import type { Db } from '../db/client';
import type { ContentHistory } from '../history/content-history';
import { historyMessages } from '../../shared/history';
import { ClientError } from '../errors';
import type { RenditionJobs } from '../images/rendition-jobs';
import { removeTempFiles } from '../uploads/read-write-input';
import type { ContentImages, ImagePlan } from './content-images';
import type { ContentReads } from './content-reads';
import {
  auditContentWrite,
  findLiveRow,
  hiddenFromVisitors,
  imageUrls,
  snapshotColumns,
  snapshotOf,
  toColumns,
  toRecord,
  type AnyRecord,
  type Row,
} from './content-records';
import type { ContentResources } from './content-resources';
import type { ContentWrite } from './image-field-schemas';
import { contentPublished } from '../webhooks/content-published';
import type { WebhookService } from '../webhooks/webhook-service';
import { recordLabel } from '../audit/content-changes';

export interface ContentWriteOptions {
  db: Db;
  /** Where the renditions left for the background are queued. */
  renditionJobs: RenditionJobs;
  /** Where writes made with an AuditContext are recorded, in the write's own transaction. */
  audit?: AuditService;
  /** Every write keeps a version, in its own transaction. */
  history: ContentHistory;
  /** Where `content.published` is fired (server/webhooks/content-published.ts). */
  webhooks?: WebhookService;
}

export class ContentWrites {
  constructor(
    private readonly resources: ContentResources,
    private readonly reads: ContentReads,
    private readonly images: ContentImages,
    private readonly options: ContentWriteOptions,
  ) {}

  /**
   * Creates a record from a validated write; images are required as the definition says. As a `draft` it is never
   * published: visitors see it nowhere until Publish (docs/decisions/0039).
   */
  async create(key: string, write: ContentWrite, by?: AuditContext, as: 'published' | 'draft' = 'published'): Promise<AnyRecord> {
    const { def, table } = this.resources.get(key);
    const staging = this.images.stagingDir();
    try {
      // an item created as a draft may wait for its images until it is published (docs/decisions/0046)
      const { values, plan } = await validateWrite(def, write, null, this.images, as === 'draft');
      const prepared = await this.images.prepare(plan.newFiles, staging);
      const imageColumns = this.images.columns(def, plan, prepared);
      const now = new Date();
      const row = {
        id: crypto.randomUUID(),
        ...toColumns(def, values),
        ...imageColumns,
        published: as === 'published',
        createdAt: now,
        updatedAt: now,
      };
      let published = false;
      const inserted = await this.images.withStoredFiles(prepared, () =>
        this.options.db.transaction(async (tx) => {
          // new items go first: below the lowest place of the items not in the trash
          const [lowest] = await tx
            .select({ value: min(table.position) })
            .from(table)
            .where(isNull(table.deletedAt));
          const position = lowest?.value === null || lowest?.value === undefined ? 0 : Number(lowest.value) - 1;
          const [written]: Row[] = await tx
            .insert(table)
            .values({ ...row, position })
            .returning();
          await this.options.renditionJobs.enqueue(tx, prepared);
          await this.images.register(tx, plan, prepared, by);
          const record = toRecord(def, written);
          await this.options.history.record(
            tx,
            { resource: key, itemId: record._id },
            { snapshot: snapshotOf(def, written), event: 'created', by, status: as },
          );
          await auditContentWrite(this.options.audit, tx, by, {
            kind: 'content.created',
            key,
            def,
            record,
            details: { ...recordValues(def, record), ...(as === 'draft' ? { draft: true } : {}) },
          });
          published = await contentPublished(this.options.webhooks, tx, {
            type: key,
            id: record._id,
            label: recordLabel(def, record),
            change: 'created',
            hidden: hiddenFromVisitors(written),
          });
          return written;
        }),
      );
      this.reads.afterWrite(key);
      if (prepared.length > 0) this.options.renditionJobs.notifyAdded();
      if (published) this.options.webhooks?.notifyQueued();
      return toRecord(def, inserted);
    } finally {
      // uploads and renditions left by a failed write go; committed ones were already moved out
      await Promise.all([removeTempFiles(write.files), fs.rm(staging, { recursive: true, force: true })]);
    }
  }

  /**
   * Updates a record; fields left out of the request keep their value, images too (see ContentImages.plan). With a `baseRevision`
   * (the revision its editor opened), refused (409, nothing changed) when the item has changed since (docs/decisions/0044).
   * Returns the record and its revision now.
   */
  async update(
    key: string,
    id: string,
    write: ContentWrite,
    by?: AuditContext,
    baseRevision?: string,
  ): Promise<{ record: AnyRecord; revision: string }> {
    const { def, table } = this.resources.get(key);
    const staging = this.images.stagingDir();
    const subject = { resource: key, itemId: id };
    try {
      const existing = await this.findRow(key, id);
      // checked before any image is decoded, and again under the row's lock below
      await this.options.history.assertBase(this.options.db, subject, baseRevision, def.noun.toLowerCase(), snapshotOf(def, existing));
      const current = toRecord(def, existing);
      const { values, plan } = await validateWrite(def, write, current, this.images);
      const prepared = await this.images.prepare(plan.newFiles, staging);
      const imageColumns = this.images.columns(def, plan, prepared);
      const kept = new Set(imageUrls(imageColumns[def.image.field]));
      const replaced = imageUrls(current[def.image.field]).filter((url) => !kept.has(url));
      // the files no row and no kept version names any more: they go once the write is committed
      let going: string[] = [];
      let published = false;
      let revision = '';
      const updated = await this.images.withStoredFiles(prepared, () =>
        this.options.db.transaction(async (tx) => {
          if (baseRevision !== undefined) {
            const [locked]: Row[] = await tx
              .select()
              .from(table)
              .where(and(eq(table.id, id), isNull(table.deletedAt)))
              .for('update');
            if (!locked) throw new ClientError(404, apiMessages.recordNotFound(def.noun));
            await this.options.history.assertBase(tx, subject, baseRevision, def.noun.toLowerCase(), snapshotOf(def, locked));
          }
          const imageColumn = table[def.image.field];
          // only if the images are still those read above: a concurrent update may have removed one this write keeps
          const [written]: Row[] = await tx
            .update(table)
            .set({ ...toColumns(def, values), ...imageColumns, updatedAt: new Date() })
            .where(and(eq(table.id, id), isNull(table.deletedAt), eq(imageColumn, existing[def.image.field])))
            .returning();
          if (!written) {
            const [still] = await tx
              .select({ id: table.id })
              .from(table)
              .where(and(eq(table.id, id), isNull(table.deletedAt)))
              .limit(1);
            throw still
              ? new ClientError(409, apiMessages.editConflict(def.noun))
              : new ClientError(404, apiMessages.recordNotFound(def.noun));
          }
          await this.options.renditionJobs.enqueue(tx, prepared);
          await this.images.register(tx, plan, prepared, by);
          ({ going, revision } = await this.keepVersion(tx, key, written, { event: 'updated', by, before: existing, replaced }));
          going = await this.images.release(tx, going);
          const record = toRecord(def, written);
          await auditContentWrite(this.options.audit, tx, by, {
            kind: 'content.updated',
            key,
            def,
            record,
            details: recordChanges(def, current, record),
          });
          published = await contentPublished(this.options.webhooks, tx, {
            type: key,
            id: record._id,
            label: recordLabel(def, record),
            change: 'updated',
            hidden: hiddenFromVisitors(written),
          });
          return written;
        }),
      );
      this.reads.afterWrite(key);
      if (prepared.length > 0) this.options.renditionJobs.notifyAdded();
      if (published) this.options.webhooks?.notifyQueued();
      // neither the row nor a kept version names them: only now may they go
      await this.images.remove(going);
      return { record: toRecord(def, updated), revision };
    } finally {
      // uploads and renditions left by a failed write go; committed ones were already moved out
      await Promise.all([removeTempFiles(write.files), fs.rm(staging, { recursive: true, force: true })]);
    }
  }

  /**
   * Records the version `written` is (in the write's transaction; the state `before` becomes version 1 of an
   * item older than its history) and returns the image URLs that may now go: those the write `replaced`
   * and those of pruned versions that neither the row nor a kept version names.
   */
  private async keepVersion(
    tx: Db,
    key: string,
    written: Row,
    write: { event: 'updated' | 'version-restored'; by?: AuditContext; before: Row; replaced: string[]; restoredFrom?: number },
  ): Promise<{ going: string[]; number: number; revision: string }> {
    const { def } = this.resources.get(key);
    const subject = { resource: key, itemId: String(written.id) };
    const before = {
      snapshot: snapshotOf(def, write.before),
      at: write.before.updatedAt instanceof Date ? write.before.updatedAt : new Date(),
    };
    const { number, revision, prunedImages } = await this.options.history.record(tx, subject, {
      snapshot: snapshotOf(def, written),
      event: write.event,
      by: write.by,
      before,
      restoredFrom: write.restoredFrom,
      // the row of an item not published is its draft: what it holds is no published state
      status: written.published === false ? 'draft' : 'published',
    });
    const candidates = [...write.replaced, ...prunedImages];
    return {
      going: await this.options.history.unusedImages(tx, subject, candidates, imageUrls(written[def.image.field])),
      number,
      revision,
    };
  }

  /**
   * Makes version `number` of an item the live state again (a new version, published at once), its images
   * included. Refused (409, nothing changed) when one of its image files is no longer stored.
   */
  async restoreVersion(key: string, id: string, number: number, by?: AuditContext): Promise<{ record: AnyRecord; number: number }> {
    const { def, table } = this.resources.get(key);
    const existing = await this.findRow(key, id);
    const [version] = await this.options.history.get({ resource: key, itemId: id }, number);
    const columns = snapshotColumns(def, version.snapshot);
    const restoredUrls = imageUrls(columns[def.image.field]);
    const missing = await this.images.missing(restoredUrls);
    if (missing.length > 0) throw new ClientError(409, historyMessages.imagesMissing(missing.length));
    const current = toRecord(def, existing);
    const replaced = imageUrls(current[def.image.field]).filter((url) => !restoredUrls.includes(url));
    let going: string[] = [];
    let restoredAs = 0;
    const updated = await this.options.db.transaction(async (tx) => {
      const [written]: Row[] = await tx
        .update(table)
        .set({ ...columns, updatedAt: new Date() })
        .where(and(eq(table.id, id), isNull(table.deletedAt), eq(table[def.image.field], existing[def.image.field])))
        .returning();
      if (!written) throw new ClientError(409, apiMessages.editConflict(def.noun));
      const kept = await this.keepVersion(tx, key, written, {
        event: 'version-restored',
        by,
        before: existing,
        replaced,
        restoredFrom: number,
      });
      going = await this.images.release(tx, kept.going);
      restoredAs = kept.number;
      const record = toRecord(def, written);
      await auditContentWrite(this.options.audit, tx, by, {
        kind: 'content.version-restored',
        key,
        def,
        record,
        details: { restoredFrom: number, ...recordChanges(def, current, record) },
      });
      return written;
    });
    this.reads.afterWrite(key);
    await this.images.remove(going);
    return { record: toRecord(def, updated), number: restoredAs };
  }

  /** Removes an item's versions but the newest (Admins); the files only they named go after the commit. */
  async purgeHistory(key: string, id: string, by?: AuditContext): Promise<number> {
    const { def, table } = this.resources.get(key);
    await this.findRow(key, id);
    const subject = { resource: key, itemId: id };
    let going: string[] = [];
    const removed = await this.options.db.transaction(async (tx) => {
      // the row locked: a write meanwhile waits, so the images it names are those read here
      const [existing]: Row[] = await tx.select().from(table).where(eq(table.id, id)).for('update');
      if (!existing) throw new ClientError(404, apiMessages.recordNotFound(def.noun));
      const { removed, images } = await this.options.history.purge(tx, subject);
      going = await this.images.release(
        tx,
        await this.options.history.unusedImages(tx, subject, images, imageUrls(existing[def.image.field])),
      );
      await auditContentWrite(this.options.audit, tx, by, {
        kind: 'content.history-purged',
        key,
        def,
        record: toRecord(def, existing),
        details: { removed },
      });
      return removed;
    });
    // nothing visitors see changed, but which images versions name did: the library's uses and the withheld images, everywhere
    this.reads.afterWrite(key);
    await this.images.remove(going);
    return removed;
  }

  private findRow(key: string, id: string): Promise<Row> {
    return findLiveRow(this.options.db, this.resources.get(key), id);
  }
}

/**
 * Checks every field and the images (`imagesLater`: too few may wait, see ContentImages.plan); all messages at once,
 * before any image is decoded. The library images `existingImages` names are looked up first: a write may pick them.
 */
export async function validateWrite(
  def: ResourceDef,
  write: ContentWrite,
  current: AnyRecord | null,
  images: ContentImages,
  imagesLater = false,
) {
  const merged: Record<string, unknown> = {};
  for (const field of def.fields) {
    merged[field.name] = field.name in write.fields ? write.fields[field.name] : current?.[field.name];
  }
  const result = validateRecord(def, merged);
  const errors = result.ok ? [] : [...result.errors];
  // checked with the fields, so a bad translation changes nothing either; left out, the stored ones stay
  const sent = validateTranslations(def, write.fields.translations);
  if (!sent.ok) for (const message of sent.errors) if (!errors.includes(message)) errors.push(message);
  let plan: ImagePlan | null = null;
  try {
    plan = images.plan(def, write, current, imagesLater, await images.pickable(write));
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    for (const message of error.errors ?? [error.message]) if (!errors.includes(message)) errors.push(message);
  }
  if (!result.ok || !sent.ok || !plan) throw new ClientError(400, errors[0], errors);
  const translations = mergeTranslations(storedTranslations(current?.translations), sent.value);
  return { values: { ...result.values, translations }, plan };
}
