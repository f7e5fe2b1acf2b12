/**
 * List, create, update and delete for every content resource, driven by the
 * definitions in shared/resources/. Writes validate everything before touching
 * storage or the database, so a rejected request changes nothing. Files are stored
 * before the row that names them is written and removed only after the row that
 * named them is gone, so a crash at any instant leaves at worst orphan files
 * (swept at start), never a record pointing at a missing image. A save stores an
 * image's first rendition and its source; the job that makes the other renditions
 * is written in the record's transaction, so it is done even after a crash.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, isNotNull, isNull, lt, max, min, sql } from 'drizzle-orm';
import { apiMessages } from '../../shared/api-messages';
import { allRenditionUrls } from '../../shared/image-urls';
import type { TrashItem } from '../../shared/trash';
import {
  RESOURCE_KEYS,
  resources,
  type GalleryImage,
  type ResourceDef,
  type ResourceKey,
  type ResourceRecords,
} from '../../shared/resources';
import { imageCountMessage, parseJsonList, UUID_PATTERN, validateRecord } from '../../shared/validation';
import { checkDetails, DEFAULT_DETAILS, detailsFrom, imageEntries, type ImageDetails } from '../../shared/image-details';
import { imageDetailMessages } from '../../shared/api-messages';
import type { AuditContext, AuditService } from '../audit/audit-service';
import { recordChanges, recordLabel, recordValues } from '../audit/content-changes';
import { EVERYTHING, type ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { tableOf, type AnyResourceTable } from '../db/resource-tables';
import { ClientError, isDatabaseUnavailable, isStorageUnavailable } from '../errors';
import { prepareImage, sourceName, type PreparedImage } from '../images/image-pipeline';
import { ImageQueue } from '../images/image-queue';
import type { RenditionJobs } from '../images/rendition-jobs';
import type { Storage } from '../storage/storage';
import { removeTempFiles, type WriteInput } from '../uploads/read-write-input';
import type { ContentVersion } from './content-version';
import { PublicCache, type CachedList } from './public-cache';

type Row = Record<string, unknown>;
type AnyRecord = Record<string, unknown> & { _id: string };

/** A resource as the generic service handles it: its definition and its generated table. */
interface Served {
  def: ResourceDef;
  table: AnyResourceTable;
}

/** DB row to API record: `_id`, ISO times, '' for absent dates. */
function toRecord(def: ResourceDef, row: Row): AnyRecord {
  const record: AnyRecord = { _id: String(row.id) };
  for (const field of def.fields) record[field.name] = row[field.name] ?? (field.kind === 'list' ? [] : '');
  Object.assign(record, imageProps(def, row));
  record.createdAt = isoTime(row.createdAt);
  record.updatedAt = isoTime(row.updatedAt);
  return record;
}

/** The image value and its alt texts and focal points as the API shows them: every image with complete details, in order. */
function imageProps(def: ResourceDef, row: Row): Record<string, unknown> {
  const value = row[def.image.field];
  const policy = def.image;
  if (policy.kind === 'single') {
    const details = detailsFrom({ alt: row.imageAlt, focusX: row.imageFocusX, focusY: row.imageFocusY });
    return { [policy.field]: value, imageAlt: details.alt, imageFocusX: details.focusX, imageFocusY: details.focusY };
  }
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  if (policy.withDescriptions) {
    const images = list.map((item) => {
      const image = (typeof item === 'string' ? { url: item } : item) as Record<string, unknown>;
      return { url: String(image.url), description: typeof image.description === 'string' ? image.description : '', ...detailsFrom(image) };
    });
    return { [policy.field]: images };
  }
  const entries = imageEntries({ images: list, imageDetails: row.imageDetails });
  return { [policy.field]: list, imageDetails: entries };
}

/** An image of a write: its URL (or, for a new one, its index among the prepared files), caption and details. */
interface PlannedImage {
  url: string;
  description: string;
  details: ImageDetails;
}

/** A record as the admin screens see it: also whether it is hidden and its place in the order. */
function toManagedRecord(def: ResourceDef, row: Row): AnyRecord {
  return { ...toRecord(def, row), hidden: Boolean(row.hidden), position: Number(row.position ?? 0) };
}

/** Timestamp columns are read in `date` mode. */
const isoTime = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** Validated values to DB columns: '' dates are stored as NULL. */
function toColumns(def: ResourceDef, values: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const field of def.fields) {
    const value = values[field.name];
    columns[field.name] = field.kind === 'date' && value === '' ? null : value;
  }
  return columns;
}

export interface ServiceOptions {
  db: Db;
  storage: Storage;
  tmpDir: string;
  maxImagePixels: number;
  /** Resources whose reads fail on purpose (tests of error states); 'all' for every one. */
  simulateFailures?: string[];
  contentVersion: ContentVersion;
  /** Tells the other server processes on the same database about each write. */
  changes: ChangeFeed;
  /** Bounds image work across requests; one is made when not given. */
  imageQueue?: ImageQueue;
  /** Where the renditions left for the background are queued. */
  renditionJobs: RenditionJobs;
  /** Resources served beside the site's own (a test's throwaway definition); their tables must exist. */
  extraResources?: Readonly<Record<string, ResourceDef>>;
  /** Where writes made with an AuditContext are recorded, in the write's own transaction. */
  audit?: AuditService;
}

/** Records of a resource and their reply body, as cached. */
export type ListResult<T> = CachedList<T>;

/** Images the write keeps and the uploads it adds, already checked for count, with the details of each. */
interface ImagePlan {
  keptImages: PlannedImage[];
  newFiles: WriteInput['files'];
  newDescriptions: string[];
  newDetails: ImageDetails[];
}

export class ContentService {
  private readonly cache = new PublicCache<AnyRecord>();
  /** The admin screens' lists (hidden items too): dropped with the public ones at every write, here and in other processes. */
  private readonly manageCache = new PublicCache<AnyRecord>();
  /** Every image job of every write passes through it; routes admit uploads by it. */
  readonly imageQueue: ImageQueue;

  /** Every resource served, by key: the site's own and any extra ones. */
  private readonly served = new Map<string, Served>();

  constructor(private readonly options: ServiceOptions) {
    this.imageQueue = options.imageQueue ?? new ImageQueue();
    for (const key of RESOURCE_KEYS) this.served.set(key, { def: resources[key], table: tableOf(resources[key]) });
    for (const [key, def] of Object.entries(options.extraResources ?? {})) {
      if (this.served.has(key)) throw new Error(`Resource ${key} is defined twice`);
      this.served.set(key, { def, table: tableOf(def) });
    }
  }

  /** The definitions of every resource served (the router makes routes for each). */
  definitions(): [string, ResourceDef][] {
    return [...this.served].map(([key, { def }]) => [key, def]);
  }

  private resource(key: string): Served {
    const served = this.served.get(key);
    if (!served) throw new Error(`Unknown resource ${key}`);
    return served;
  }

  /** Hits and misses of the public list cache so far, for metrics. */
  listCacheCounts(): { hits: number; misses: number } {
    return { hits: this.cache.hits, misses: this.cache.misses };
  }

  /**
   * Records of a resource as the public sees them (not trashed, not hidden), in staff's order then
   * newest first, from the cache when it is warm. For the site's own resources
   * they have the record type inferred from the definition: toRecord builds them from that definition's
   * fields, which the key-to-row link of this generic code cannot show TypeScript, hence the overload.
   */
  async list<K extends ResourceKey>(key: K): Promise<ListResult<ResourceRecords[K]>>;
  async list(key: string): Promise<ListResult<AnyRecord>>;
  async list(key: string): Promise<ListResult<AnyRecord>> {
    this.failIfSimulated(key);
    return this.cache.get(key, async () => {
      const { def, table } = this.resource(key);
      const rows: Row[] = await this.options.db
        .select()
        .from(table)
        .where(and(isNull(table.deletedAt), eq(table.hidden, false)))
        .orderBy(...listOrder(table));
      const records = rows.map((row) => toRecord(def, row));
      return { records, reply: envelope(def, records) };
    });
  }

  /** The time of the latest write to a resource's records (an edit, or a move to the trash), null when it has none: the sitemap's lastmod. */
  async lastChange(key: ResourceKey): Promise<Date | null> {
    const { table } = this.resource(key);
    const [row] = await this.options.db.select({ updated: max(table.updatedAt), deleted: max(table.deletedAt) }).from(table);
    const times = [row?.updated, row?.deleted].filter((time) => time != null).map((time) => new Date(time).getTime());
    return times.length ? new Date(Math.max(...times)) : null;
  }

  /**
   * Every record not in the trash, hidden ones included, in the public order, each with `hidden` and
   * `position`: the admin screens' list. Cached like the public list and dropped by the same writes, so
   * staff see their own writes at once and a list of 2,000 is not rebuilt for every screen opened.
   */
  async manageList(key: string): Promise<ListResult<AnyRecord>> {
    this.failIfSimulated(key);
    return this.manageCache.get(key, async () => {
      const { def, table } = this.resource(key);
      const rows: Row[] = await this.options.db
        .select()
        .from(table)
        .where(isNull(table.deletedAt))
        .orderBy(...listOrder(table));
      const records = rows.map((row) => toManagedRecord(def, row));
      return { records, reply: envelope(def, records) };
    });
  }

  /**
   * The public list with one hidden record added where its place is (a staff preview of `?preview=<id>`);
   * the cached list when the id names no hidden record of this resource.
   */
  async listWithPreview(key: string, previewId: string): Promise<AnyRecord[]> {
    const { def, table } = this.resource(key);
    const publicRecords = (await this.list(key)).records;
    if (!UUID_PATTERN.test(previewId)) return publicRecords;
    const [hidden]: Row[] = await this.options.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, previewId), isNull(table.deletedAt), eq(table.hidden, true)))
      .limit(1);
    if (!hidden) return publicRecords;
    const rows: Row[] = await this.options.db
      .select()
      .from(table)
      .where(and(isNull(table.deletedAt), sql`(${table.hidden} = false or ${table.id} = ${previewId})`))
      .orderBy(...listOrder(table));
    return rows.map((row) => toRecord(def, row));
  }

  /** SIMULATE_FAILURES: the reads of these resources fail, public and admin alike (tests of error states). */
  private failIfSimulated(key: string): void {
    const failing = this.options.simulateFailures;
    if (failing?.includes(key) || failing?.includes('all')) throw new Error(`Simulated failure of ${key} (SIMULATE_FAILURES)`);
  }

  /** Public records of a resource (not trashed, not hidden). */
  async count(key: string): Promise<number> {
    return (await this.list(key)).records.length;
  }

  /** Creates a record from a validated write; images are required as the definition says. */
  async create(key: string, input: WriteInput, by?: AuditContext): Promise<AnyRecord> {
    const { def, table } = this.resource(key);
    const staging = this.stagingDir();
    try {
      const { values, plan } = this.validateWrite(def, input, null);
      const prepared = await this.prepareAll(plan.newFiles, staging);
      const imageColumns = this.imageColumns(def, plan, prepared);
      const now = new Date();
      const row = {
        id: crypto.randomUUID(),
        ...toColumns(def, values),
        ...imageColumns,
        createdAt: now,
        updatedAt: now,
      };
      const inserted = await this.withStoredFiles(prepared, () =>
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
          const record = toRecord(def, written);
          await this.audited(tx, by, 'content.created', key, record, recordValues(def, record));
          return written;
        }),
      );
      this.changed(key, prepared);
      return toRecord(def, inserted);
    } finally {
      // uploads and renditions left by a failed write go; committed ones were already moved out
      await Promise.all([removeTempFiles(input.files), fs.rm(staging, { recursive: true, force: true })]);
    }
  }

  /** Updates a record; fields left out of the request keep their value, images too (see planImages). */
  async update(key: string, id: string, input: WriteInput, by?: AuditContext): Promise<AnyRecord> {
    const { def, table } = this.resource(key);
    const staging = this.stagingDir();
    try {
      const existing = await this.findRow(key, id);
      const current = toRecord(def, existing);
      const { values, plan } = this.validateWrite(def, input, current);
      const prepared = await this.prepareAll(plan.newFiles, staging);
      const imageColumns = this.imageColumns(def, plan, prepared);
      const kept = new Set(imageUrls(imageColumns[def.image.field]));
      const replaced = imageUrls(current[def.image.field]).filter((url) => !kept.has(url));
      const updated = await this.withStoredFiles(prepared, () =>
        this.options.db.transaction(async (tx) => {
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
          await this.options.renditionJobs.drop(tx, replaced);
          const record = toRecord(def, written);
          await this.audited(tx, by, 'content.updated', key, record, recordChanges(def, current, record));
          return written;
        }),
      );
      this.changed(key, prepared);
      // the row no longer names them: only now may the replaced images go
      await this.removeImages(replaced);
      return toRecord(def, updated);
    } finally {
      // uploads and renditions left by a failed write go; committed ones were already moved out
      await Promise.all([removeTempFiles(input.files), fs.rm(staging, { recursive: true, force: true })]);
    }
  }

  /**
   * Moves a record to the trash: it leaves the public site and the lists at once; its images stay
   * (they are still in use, see `imageUrlsInUse`) until it is deleted forever.
   */
  async remove(key: string, id: string, by?: AuditContext): Promise<void> {
    const { def, table } = this.resource(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    await this.options.db.transaction(async (tx) => {
      const [trashed]: Row[] = await tx
        .update(table)
        .set({ deletedAt: new Date() })
        .where(and(eq(table.id, id), isNull(table.deletedAt)))
        .returning();
      if (!trashed) throw new ClientError(404, apiMessages.recordNotFound(def.noun));
      const record = toRecord(def, trashed);
      await this.audited(tx, by, 'content.trashed', key, record, recordValues(def, record));
    });
    this.changed(key);
  }

  /** Items of every resource in the trash (newest deletion first is the caller's sort). */
  async trashed(): Promise<TrashItem[]> {
    const items: TrashItem[] = [];
    for (const [key, { def, table }] of this.served) {
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
    const { def, table } = this.resource(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    const restored = await this.options.db.transaction(async (tx) => {
      const [row]: Row[] = await tx
        .update(table)
        .set({ deletedAt: null })
        .where(and(eq(table.id, id), isNotNull(table.deletedAt)))
        .returning();
      if (!row) throw new ClientError(404, apiMessages.notInTrash(def.noun));
      const record = toRecord(def, row);
      await this.audited(tx, by, 'content.restored', key, record, {});
      return record;
    });
    this.changed(key);
    return restored;
  }

  /** Deletes a record in the trash for good, then its image files (a crash in between leaves only orphans for the sweep). */
  async deleteForever(key: string, id: string, by?: AuditContext, reason?: string): Promise<AnyRecord> {
    const { def, table } = this.resource(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    let urls: string[] = [];
    const record = await this.options.db.transaction(async (tx) => {
      const [deleted]: Row[] = await tx
        .delete(table)
        .where(and(eq(table.id, id), isNotNull(table.deletedAt)))
        .returning();
      if (!deleted) throw new ClientError(404, apiMessages.notInTrash(def.noun));
      urls = imageUrls(deleted[def.image.field]);
      await this.options.renditionJobs.drop(tx, urls);
      const gone = toRecord(def, deleted);
      await this.audited(tx, by, 'content.deleted-forever', key, gone, { ...recordValues(def, gone), ...(reason ? { reason } : {}) });
      return gone;
    });
    // the row no longer names them: only now may the images go
    await this.removeImages(urls);
    return record;
  }

  /** Deletes forever every item trashed before `cutoff` (TRASH_DAYS ago); how many went. */
  async purgeTrash(cutoff: Date): Promise<number> {
    let removed = 0;
    for (const [key, { table }] of this.served) {
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
    const { def, table } = this.resource(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    const record = await this.options.db.transaction(async (tx) => {
      const [before]: Row[] = await tx
        .select({ hidden: table.hidden })
        .from(table)
        .where(and(eq(table.id, id), isNull(table.deletedAt)))
        .limit(1);
      if (!before) throw new ClientError(404, apiMessages.recordNotFound(def.noun));
      const [row]: Row[] = await tx.update(table).set({ hidden }).where(eq(table.id, id)).returning();
      const written = toManagedRecord(def, row);
      if (Boolean(before.hidden) !== hidden) {
        await this.audited(tx, by, 'content.updated', key, written, {
          changes: { hidden: { before: Boolean(before.hidden), after: hidden } },
        });
      }
      return written;
    });
    this.changed(key);
    return record;
  }

  /**
   * Saves the whole order of a resource's items (first id first) in one transaction. `ids` must be
   * exactly the items not in the trash, each once: anything else changes nothing.
   */
  async reorder(key: string, ids: readonly string[], by?: AuditContext): Promise<void> {
    const { def, table } = this.resource(key);
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
    this.changed(key);
  }

  /** Records a write made on someone's behalf (`by`), in its transaction: the entry commits with it or not at all. */
  private async audited(
    tx: Db,
    by: AuditContext | undefined,
    kind: 'content.created' | 'content.updated' | 'content.trashed' | 'content.restored' | 'content.deleted-forever',
    key: string,
    record: AnyRecord,
    details: Record<string, unknown>,
  ): Promise<void> {
    if (!by || !this.options.audit) return;
    const { def } = this.resource(key);
    await this.options.audit.record(
      { kind, ...by, target: { type: key, id: record._id, label: recordLabel(def, record) }, details: { resource: def.noun, ...details } },
      tx,
    );
  }

  /** A write happened: the list and every cached page that may show it are stale, here and in every other process; new images' jobs may start. */
  private changed(key: string, prepared: PreparedImage[] = []): void {
    this.forgetCached(key);
    this.options.changes.publish(key);
    if (prepared.length > 0) this.options.renditionJobs.notifyAdded();
  }

  /** Drops the cached list of `key` (or of every resource) and the pages built from it. */
  forgetCached(key: string): void {
    for (const each of key === EVERYTHING ? this.served.keys() : [key]) {
      this.cache.invalidate(each);
      this.manageCache.invalidate(each);
    }
    this.options.contentVersion.bump();
  }

  /** Whether `key` names a resource served here (a change feed topic may name something else). */
  serves(key: string): boolean {
    return this.served.has(key);
  }

  private async findRow(key: string, id: string): Promise<Row> {
    const { def, table } = this.resource(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    const [row]: Row[] = await this.options.db
      .select()
      .from(table)
      .where(and(eq(table.id, id), isNull(table.deletedAt)))
      .limit(1);
    if (!row) throw new ClientError(404, apiMessages.recordNotFound(def.noun));
    return row;
  }

  /** Checks every field and the image counts; all messages at once, before any image is decoded. */
  private validateWrite(def: ResourceDef, input: WriteInput, current: AnyRecord | null) {
    const merged: Record<string, unknown> = {};
    for (const field of def.fields) {
      merged[field.name] = field.name in input.fields ? input.fields[field.name] : current?.[field.name];
    }
    const result = validateRecord(def, merged);
    const errors = result.ok ? [] : [...result.errors];
    let plan: ImagePlan | null = null;
    try {
      plan = this.planImages(def, input, current);
    } catch (error) {
      if (!(error instanceof ClientError)) throw error;
      for (const message of error.errors ?? [error.message]) if (!errors.includes(message)) errors.push(message);
    }
    if (!result.ok || !plan) throw new ClientError(400, errors[0], errors);
    return { values: result.values, plan };
  }

  private planImages(def: ResourceDef, input: WriteInput, current: Record<string, unknown> | null): ImagePlan {
    const policy = def.image;
    const newFiles = input.files.filter((file) => file.field === policy.field);
    if (policy.kind === 'single') {
      if (newFiles.length > 1) throw new ClientError(400, 'Only one image is allowed', ['Only one image is allowed']);
      if (newFiles.length === 0 && !current?.[policy.field]) {
        throw new ClientError(400, policy.requiredOnCreate, [policy.requiredOnCreate]);
      }
      // the alt text and focal point are fields like any other: left out, they keep their value (a new image too)
      const was = current ? imageEntries(current)[0] : undefined;
      const sent = { alt: input.fields.imageAlt, focusX: input.fields.imageFocusX, focusY: input.fields.imageFocusY };
      const details = { ...DEFAULT_DETAILS, ...(was ? detailsFrom(was) : {}), ...checked(sent) };
      if (newFiles.length === 0) {
        return {
          keptImages: [{ url: String(current?.[policy.field]), description: '', details }],
          newFiles,
          newDescriptions: [],
          newDetails: [],
        };
      }
      return { keptImages: [], newFiles, newDescriptions: [], newDetails: [details] };
    }
    // as for every field: left out keeps the current images; `existingImages` given keeps exactly those
    const keptImages = !current
      ? []
      : 'existingImages' in input.fields
        ? this.keptImages(input.fields.existingImages, current)
        : this.keptImages(current[policy.field], current);
    const newDescriptions = policy.withDescriptions ? parseDescriptions(input.fields.description) : [];
    const newDetails = parseNewDetails(input.fields.newImageDetails, newFiles.length);
    const total = keptImages.length + newFiles.length;
    if (total < policy.min || (policy.exact && total !== policy.max)) {
      const message = imageCountMessage(policy.minMessage, total);
      throw new ClientError(400, message, [message]);
    }
    if (total > policy.max) throw new ClientError(400, policy.maxMessage, [policy.maxMessage]);
    return { keptImages, newFiles, newDescriptions, newDetails };
  }

  /**
   * `existingImages`: the kept subset of the current images, as URLs or objects with a new description,
   * alt text or focal point (each left out keeps its value).
   */
  private keptImages(raw: unknown, current: Record<string, unknown>): PlannedImage[] {
    const list = parseJsonList(raw);
    if (!Array.isArray(list)) throw new ClientError(400, apiMessages.invalidExistingImages, [apiMessages.invalidExistingImages]);
    const entries = imageEntries(current);
    const currentImages = Array.isArray(current.images) ? (current.images as unknown[]) : [];
    const urlOf = (item: unknown) => (typeof item === 'string' ? item : (item as { url?: unknown } | null)?.url);
    const kept: PlannedImage[] = [];
    for (const item of list) {
      const url = urlOf(item);
      const match = entries.find((existing) => existing.url === url);
      // only images the record already has may be kept: no pointing at other files
      if (typeof url !== 'string' || !match || kept.some((k) => k.url === url) || (typeof item !== 'string' && !isObject(item))) {
        throw new ClientError(400, apiMessages.invalidExistingImages, [apiMessages.invalidExistingImages]);
      }
      const sent = typeof item === 'string' ? {} : (item as Record<string, unknown>);
      const description = sent.description;
      const was = currentImages.find((image) => urlOf(image) === url) as { description?: string } | string;
      kept.push({
        url,
        description:
          typeof description === 'string' ? description.trim().slice(0, 500) : typeof was === 'string' ? '' : (was.description ?? ''),
        details: { ...detailsFrom(match), ...checked(sent) },
      });
    }
    return kept;
  }

  private stagingDir(): string {
    return path.join(this.options.tmpDir, `staging-${crypto.randomUUID()}`);
  }

  private async prepareAll(files: WriteInput['files'], staging: string): Promise<PreparedImage[]> {
    const prepared: PreparedImage[] = [];
    const limits = { maxPixels: this.options.maxImagePixels };
    try {
      // each image waits its turn in the queue shared by all requests
      for (const file of files) prepared.push(await this.imageQueue.run(() => prepareImage(file.path, staging, limits)));
      return prepared;
    } catch (error) {
      throw error instanceof ClientError && !error.errors ? new ClientError(error.statusCode, error.message, [error.message]) : error;
    }
  }

  /** The columns the images of a write are stored in: the image value, and where the resource keeps their details. */
  private imageColumns(def: ResourceDef, plan: ImagePlan, prepared: PreparedImage[]): Record<string, unknown> {
    const images: PlannedImage[] = [
      ...plan.keptImages,
      ...prepared.map((image, i) => ({
        url: image.url,
        description: plan.newDescriptions[i] ?? '',
        details: plan.newDetails[i] ?? DEFAULT_DETAILS,
      })),
    ];
    const policy = def.image;
    if (policy.kind === 'single') {
      const [image] = images;
      return {
        [policy.field]: image.url,
        imageAlt: image.details.alt,
        imageFocusX: image.details.focusX,
        imageFocusY: image.details.focusY,
      };
    }
    if (policy.withDescriptions) {
      const gallery: GalleryImage[] = images.map(({ url, description, details }) => ({ url, description, ...details }));
      return { [policy.field]: gallery };
    }
    return { [policy.field]: images.map((image) => image.url), imageDetails: images.map(({ url, details }) => ({ url, ...details })) };
  }

  /**
   * Stores the prepared files, then writes the row. When the row write fails for sure, the files
   * just stored go again; when its outcome is unknown (the database stopped answering, it may have
   * committed) they stay: an orphan is swept at start, a missing image would be a broken record.
   */
  private async withStoredFiles<T>(prepared: PreparedImage[], writeRow: () => Promise<T>): Promise<T> {
    const stored: string[] = [];
    try {
      for (const image of prepared) {
        for (const file of image.files) {
          stored.push(file.name);
          await this.options.storage.put(file.name, file.path);
        }
      }
      return await writeRow();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) await this.removeStored(stored);
      throw error;
    }
  }

  /** Every file of the images: their renditions and, while their job was pending, their source. */
  private async removeImages(urls: string[]): Promise<void> {
    await this.removeStored(urls.flatMap((url) => storedNames(url)));
  }

  /** Best effort: the reply does not depend on it, and what stays behind is swept at start. */
  private async removeStored(names: string[]): Promise<void> {
    for (const name of names) {
      try {
        await this.options.storage.remove(name);
      } catch (error) {
        // the bucket is down: each further try would cost the reply its timeout, and the sweep gets them all
        if (isStorageUnavailable(error)) return;
      }
    }
  }

  /**
   * Every image URL the records of all resources name, in the trash too (read from the database, not the cache). Their
   * files are `allRenditionUrls` of each, plus the source of a job still pending: see `storedNamesInUse`.
   */
  async imageUrlsInUse(): Promise<string[]> {
    const urls: string[] = [];
    for (const { def, table } of this.served.values()) {
      const rows = await this.options.db.select({ value: table[def.image.field] }).from(table);
      for (const row of rows) urls.push(...imageUrls(row.value));
    }
    return urls;
  }

  /** Storage names of every file the records need: their images' renditions, and the sources of their images' jobs (pending or failed). */
  async storedNamesInUse(): Promise<Set<string>> {
    // jobs first: a job commits with its record, so a job read now has its record seen by the read after
    const jobs = await this.options.renditionJobs.all();
    const urls = new Set(await this.imageUrlsInUse());
    const names = new Set<string>();
    for (const url of urls) for (const rendition of allRenditionUrls(url)) names.add(path.basename(rendition));
    for (const job of jobs) if (urls.has(job.imageUrl)) names.add(job.source);
    return names;
  }
}

/** Storage names of an image's renditions and of its source (present while its job is pending). */
function storedNames(url: string): string[] {
  const renditions = allRenditionUrls(url).map((rendition) => path.basename(rendition));
  return renditions.length > 0 ? [...renditions, sourceName(url)] : [];
}

function imageUrls(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (!Array.isArray(value)) return [];
  return value.map((item) => (typeof item === 'string' ? item : (item as GalleryImage).url)).filter(Boolean);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The alt text and focal point a write sent for one image (only what it sent); a 400 for a bad value. */
function checked(raw: Record<string, unknown>): Partial<ImageDetails> {
  const result = checkDetails(raw);
  if (!result.ok) throw new ClientError(400, result.message, [result.message]);
  return result.details;
}

/** `newImageDetails`: alt text and focal point of each new file, in the files' order (a JSON array of objects); missing ones get none and the centre. */
function parseNewDetails(raw: unknown, files: number): ImageDetails[] {
  if (raw === undefined) return [];
  const list = parseJsonList(raw);
  if (!Array.isArray(list) || list.length > files || !list.every(isObject)) {
    throw new ClientError(400, imageDetailMessages.invalidDetails, [imageDetailMessages.invalidDetails]);
  }
  return list.map((item) => ({ ...DEFAULT_DETAILS, ...checked(item) }));
}

function parseDescriptions(raw: unknown): string[] {
  const list = parseJsonList(raw);
  if (typeof raw === 'string' && raw !== '' && !raw.trim().startsWith('[')) return [raw.trim().slice(0, 500)];
  if (!Array.isArray(list)) throw new ClientError(400, apiMessages.invalidDescriptions, [apiMessages.invalidDescriptions]);
  return list.map((item) => (typeof item === 'string' ? item.trim().slice(0, 500) : ''));
}

/** The lists' order: staff's positions, then newest first (the order index covers it). */
function listOrder(table: AnyResourceTable) {
  return [asc(table.position), desc(table.createdAt), desc(table.id)];
}

function envelope(def: ResourceDef, records: unknown[]): unknown {
  switch (def.listEnvelope) {
    case 'array':
      return records;
    case 'data':
      return { success: true, data: records };
    case 'banners':
      return { success: true, banners: records };
  }
}
