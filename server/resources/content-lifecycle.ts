/**
 * What happens to a content item after it is written: into the trash and back, deleted forever (by
 * hand or by the TRASH_DAYS purge), hidden from or shown on the public site, and its place in the
 * order. A deleted row's image files go only after the row is gone, so a crash leaves at worst orphans.
 */
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { apiMessages } from '../../shared/api-messages';
import type { TrashItem } from '../../shared/trash';
import { UUID_PATTERN } from '../../shared/validation';
import type { AuditContext, AuditService } from '../audit/audit-service';
import { recordValues } from '../audit/content-changes';
import type { Db } from '../db/client';
import type { ContentHistory } from '../history/content-history';
import { ClientError } from '../errors';
import type { RenditionJobs } from '../images/rendition-jobs';
import type { ContentImages } from './content-images';
import type { ContentReads } from './content-reads';
import {
  auditContentWrite,
  hiddenFromVisitors,
  imageUrls,
  isoTime,
  snapshotOf,
  toManagedRecord,
  toRecord,
  type AnyRecord,
  type Row,
} from './content-records';
import type { ContentResources } from './content-resources';
import { contentPublished } from '../webhooks/content-published';
import type { WebhookService } from '../webhooks/webhook-service';
import { recordLabel } from '../audit/content-changes';
import { ContentSchedules } from '../schedules/content-schedules';

export interface ContentLifecycleOptions {
  db: Db;
  /** A deleted image's pending rendition job goes with its row. */
  renditionJobs: RenditionJobs;
  /** Where changes made with an AuditContext are recorded, in the change's own transaction. */
  audit?: AuditService;
  /** A restore from the trash keeps a version; a delete forever takes the item's versions with it. */
  history: ContentHistory;
  /** Where `content.published` is fired (server/webhooks/content-published.ts). */
  webhooks?: WebhookService;
}

export class ContentLifecycle {
  constructor(
    private readonly resources: ContentResources,
    private readonly reads: ContentReads,
    private readonly images: ContentImages,
    private readonly options: ContentLifecycleOptions,
  ) {}

  /**
   * Moves a record to the trash: it leaves the public site and the lists at once; its images stay
   * (they are still in use, see `ContentImages.imageUrlsInUse`) until it is deleted forever.
   */
  async moveToTrash(key: string, id: string, by?: AuditContext): Promise<void> {
    const { def, table } = this.resources.get(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    await this.options.db.transaction(async (tx) => {
      const [trashed]: Row[] = await tx
        .update(table)
        .set({ deletedAt: new Date() })
        .where(and(eq(table.id, id), isNull(table.deletedAt)))
        .returning();
      if (!trashed) throw new ClientError(404, apiMessages.recordNotFound(def.noun));
      // a deleted item is not published or unpublished later; a restore from the trash comes back unscheduled
      await ContentSchedules.cancelFor(tx, key, id);
      const record = toRecord(def, trashed);
      await auditContentWrite(this.options.audit, tx, by, {
        kind: 'content.trashed',
        key,
        def,
        record,
        details: recordValues(def, record),
      });
    });
    this.reads.afterWrite(key);
  }

  /** Items of every resource in the trash (newest deletion first is the caller's sort). */
  async trashed(): Promise<TrashItem[]> {
    const items: TrashItem[] = [];
    for (const [key, { def, table }] of this.resources.entries()) {
      const rows: Row[] = await this.options.db.select().from(table).where(isNotNull(table.deletedAt));
      for (const row of rows) {
        items.push({
          resource: key,
          noun: def.noun,
          id: String(row.id),
          label: String(row[def.titleField] ?? ''),
          deletedAt: isoTime(row.deletedAt),
          thumbnail: imageUrls(row[def.image.field])[0] ?? null,
        });
      }
    }
    return items;
  }

  /** Brings a record back from the trash exactly as it was (fields, images, hidden, place); 404 when it is not in the trash. */
  async restore(key: string, id: string, by?: AuditContext): Promise<AnyRecord> {
    const { def, table } = this.resources.get(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    let published = false;
    const restored = await this.options.db.transaction(async (tx) => {
      const [row]: Row[] = await tx
        .update(table)
        .set({ deletedAt: null })
        .where(and(eq(table.id, id), isNotNull(table.deletedAt)))
        .returning();
      if (!row) throw new ClientError(404, apiMessages.notInTrash(def.noun));
      const record = toRecord(def, row);
      // live again: a version says so (its content is that of the version before, unless it predates history)
      const before = { snapshot: snapshotOf(def, row), at: row.updatedAt instanceof Date ? row.updatedAt : new Date() };
      await this.options.history.record(
        tx,
        { resource: key, itemId: id },
        {
          snapshot: snapshotOf(def, row),
          event: 'restored-from-trash',
          by,
          before,
          status: row.published === false ? 'draft' : 'published',
        },
      );
      await auditContentWrite(this.options.audit, tx, by, { kind: 'content.restored', key, def, record, details: {} });
      const label = recordLabel(def, record);
      published = await contentPublished(this.options.webhooks, tx, {
        type: key,
        id,
        label,
        change: 'restored',
        hidden: hiddenFromVisitors(row),
      });
      return record;
    });
    this.reads.afterWrite(key);
    if (published) this.options.webhooks?.notifyQueued();
    return restored;
  }

  /** Deletes a record in the trash for good, then its image files (a crash in between leaves only orphans for the sweep). */
  async deleteForever(key: string, id: string, by?: AuditContext, reason?: string): Promise<AnyRecord> {
    const { def, table } = this.resources.get(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    let urls: string[] = [];
    const record = await this.options.db.transaction(async (tx) => {
      const [deleted]: Row[] = await tx
        .delete(table)
        .where(and(eq(table.id, id), isNotNull(table.deletedAt)))
        .returning();
      if (!deleted) throw new ClientError(404, apiMessages.notInTrash(def.noun));
      // its versions go with it, and every image they named
      const versionUrls = await this.options.history.removeAll(tx, { resource: key, itemId: id });
      // those the library has an entry of stay, unused in it (docs/decisions/0048)
      urls = await this.images.release(tx, [...new Set([...imageUrls(deleted[def.image.field]), ...versionUrls])]);
      const gone = toRecord(def, deleted);
      const details = { ...recordValues(def, gone), ...(reason ? { reason } : {}) };
      await auditContentWrite(this.options.audit, tx, by, { kind: 'content.deleted-forever', key, def, record: gone, details });
      return gone;
    });
    // the row no longer names them: only now may the images go
    await this.images.remove(urls);
    return record;
  }

  /** Deletes forever every item trashed before `cutoff` (TRASH_DAYS ago); how many went. */
  async purgeTrash(cutoff: Date): Promise<number> {
    let removed = 0;
    for (const [key, { table }] of this.resources.entries()) {
      const rows = await this.options.db.select({ id: table.id }).from(table).where(lt(table.deletedAt, cutoff));
      for (const row of rows) {
        try {
          await this.deleteForever(key, String(row.id), { actor: null, ip: null }, 'purge');
          removed += 1;
        } catch (error) {
          // restored or purged by another instance meanwhile
          if (!(error instanceof ClientError)) throw error;
        }
      }
    }
    return removed;
  }

  /** Shows or hides a record on the public site; it stays in the admin either way. */
  async setHidden(key: string, id: string, hidden: boolean, by?: AuditContext): Promise<AnyRecord> {
    const { def, table } = this.resources.get(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    let published = false;
    const record = await this.options.db.transaction(async (tx) => {
      const [before]: Row[] = await tx
        .select({ hidden: table.hidden })
        .from(table)
        .where(and(eq(table.id, id), isNull(table.deletedAt)))
        .limit(1);
      if (!before) throw new ClientError(404, apiMessages.recordNotFound(def.noun));
      const [row]: Row[] = await tx.update(table).set({ hidden }).where(eq(table.id, id)).returning();
      const subject = { resource: key, itemId: id };
      const newest = {
        revision: await this.options.history.revision(tx, subject),
        draft: (await this.options.history.newestDraft(tx, subject))?.snapshot ?? null,
      };
      const written = toManagedRecord(def, row, newest);
      if (Boolean(before.hidden) !== hidden) {
        const details = { changes: { hidden: { before: Boolean(before.hidden), after: hidden } } };
        await auditContentWrite(this.options.audit, tx, by, { kind: 'content.updated', key, def, record: written, details });
        const label = recordLabel(def, written);
        published = await contentPublished(this.options.webhooks, tx, {
          type: key,
          id,
          label,
          change: 'shown',
          hidden: hiddenFromVisitors(row),
        });
      }
      return written;
    });
    this.reads.afterWrite(key);
    if (published) this.options.webhooks?.notifyQueued();
    return record;
  }

  /**
   * Saves the whole order of a resource's items (first id first) in one transaction. `ids` must be
   * exactly the items not in the trash, each once: anything else changes nothing.
   */
  async reorder(key: string, ids: readonly string[], by?: AuditContext): Promise<void> {
    const { def, table } = this.resources.get(key);
    if (new Set(ids).size !== ids.length) throw new ClientError(400, apiMessages.orderDuplicate);
    if (ids.some((id) => !UUID_PATTERN.test(id))) throw new ClientError(400, apiMessages.invalidId);
    await this.options.db.transaction(async (tx) => {
      // locked: a create or trash meanwhile waits, so the set compared below stays the set written
      const current = await tx.select({ id: table.id }).from(table).where(isNull(table.deletedAt)).for('update');
      const known = new Set(current.map((row) => String(row.id)));
      if (current.length !== ids.length || ids.some((id) => !known.has(id)))
        throw new ClientError(409, apiMessages.orderMismatch(def.noun));
      for (const [position, id] of ids.entries()) {
        await tx.update(table).set({ position }).where(eq(table.id, id));
      }
      if (by && this.options.audit) {
        await this.options.audit.record(
          {
            kind: 'content.reordered',
            ...by,
            target: { type: key, id: null, label: def.noun },
            details: { resource: def.noun, count: ids.length },
          },
          tx,
        );
      }
    });
    this.reads.afterWrite(key);
  }
}
