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
import { and, desc, eq } from 'drizzle-orm';
import { apiMessages } from '../../shared/api-messages';
import { allRenditionUrls } from '../../shared/image-urls';
import {
  RESOURCE_KEYS,
  resources,
  type GalleryImage,
  type ResourceDef,
  type ResourceKey,
  type ResourceRecords,
} from '../../shared/resources';
import { imageCountMessage, parseJsonList, UUID_PATTERN, validateRecord } from '../../shared/validation';
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
  record[def.image.field] = row[def.image.field];
  record.createdAt = isoTime(row.createdAt);
  record.updatedAt = isoTime(row.updatedAt);
  return record;
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

/** Images the write keeps and the uploads it adds, already checked for count. */
interface ImagePlan {
  keptImages: (string | GalleryImage)[];
  newFiles: WriteInput['files'];
  newDescriptions: string[];
}

export class ContentService {
  private readonly cache = new PublicCache<AnyRecord>();
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
   * Records of a resource, newest first, from the cache when it is warm. For the site's own resources
   * they have the record type inferred from the definition: toRecord builds them from that definition's
   * fields, which the key-to-row link of this generic code cannot show TypeScript, hence the overload.
   */
  async list<K extends ResourceKey>(key: K): Promise<ListResult<ResourceRecords[K]>>;
  async list(key: string): Promise<ListResult<AnyRecord>>;
  async list(key: string): Promise<ListResult<AnyRecord>> {
    const failing = this.options.simulateFailures;
    if (failing?.includes(key) || failing?.includes('all')) throw new Error(`Simulated failure of ${key} (SIMULATE_FAILURES)`);
    return this.cache.get(key, async () => {
      const { def, table } = this.resource(key);
      const rows: Row[] = await this.options.db.select().from(table).orderBy(desc(table.createdAt), desc(table.id));
      const records = rows.map((row) => toRecord(def, row));
      return { records, reply: envelope(def, records) };
    });
  }

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
      const imageValue = this.imageValue(def, plan, prepared);
      const now = new Date();
      const row = {
        id: crypto.randomUUID(),
        ...toColumns(def, values),
        [def.image.field]: imageValue,
        createdAt: now,
        updatedAt: now,
      };
      const inserted = await this.withStoredFiles(prepared, () =>
        this.options.db.transaction(async (tx) => {
          const [written]: Row[] = await tx.insert(table).values(row).returning();
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
      const imageValue = this.imageValue(def, plan, prepared);
      const kept = new Set(imageUrls(imageValue));
      const replaced = imageUrls(current[def.image.field]).filter((url) => !kept.has(url));
      const updated = await this.withStoredFiles(prepared, () =>
        this.options.db.transaction(async (tx) => {
          const imageColumn = table[def.image.field];
          // only if the images are still those read above: a concurrent update may have removed one this write keeps
          const [written]: Row[] = await tx
            .update(table)
            .set({ ...toColumns(def, values), [def.image.field]: imageValue, updatedAt: new Date() })
            .where(and(eq(table.id, id), eq(imageColumn, existing[def.image.field])))
            .returning();
          if (!written) {
            const [still] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
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

  /** Deletes a record, then its image files (a crash in between leaves only orphans for the sweep). */
  async remove(key: string, id: string, by?: AuditContext): Promise<void> {
    const { def, table } = this.resource(key);
    const existing = await this.findRow(key, id);
    const urls = imageUrls(existing[def.image.field]);
    await this.options.db.transaction(async (tx) => {
      const [deleted]: Row[] = await tx.delete(table).where(eq(table.id, id)).returning();
      await this.options.renditionJobs.drop(tx, urls);
      // deleted meanwhile by another request: that one's entry says so
      if (deleted) {
        const record = toRecord(def, deleted);
        await this.audited(tx, by, 'content.deleted', key, record, recordValues(def, record));
      }
    });
    this.changed(key);
    await this.removeImages(urls);
  }

  /** Records a write made on someone's behalf (`by`), in its transaction: the entry commits with it or not at all. */
  private async audited(
    tx: Db,
    by: AuditContext | undefined,
    kind: 'content.created' | 'content.updated' | 'content.deleted',
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
    for (const each of key === EVERYTHING ? this.served.keys() : [key]) this.cache.invalidate(each);
    this.options.contentVersion.bump();
  }

  /** Whether `key` names a resource served here (a change feed topic may name something else). */
  serves(key: string): boolean {
    return this.served.has(key);
  }

  private async findRow(key: string, id: string): Promise<Row> {
    const { def, table } = this.resource(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    const [row]: Row[] = await this.options.db.select().from(table).where(eq(table.id, id)).limit(1);
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
      return { keptImages: current && newFiles.length === 0 ? [current[policy.field] as string] : [], newFiles, newDescriptions: [] };
    }
    // as for every field: left out keeps the current images; `existingImages` given keeps exactly those
    const keptImages = !current
      ? []
      : 'existingImages' in input.fields
        ? this.keptImages(input.fields.existingImages, current[policy.field])
        : this.keptImages(current[policy.field], current[policy.field]);
    const newDescriptions = policy.withDescriptions ? parseDescriptions(input.fields.description) : [];
    const total = keptImages.length + newFiles.length;
    if (total < policy.min || (policy.exact && total !== policy.max)) {
      const message = imageCountMessage(policy.minMessage, total);
      throw new ClientError(400, message, [message]);
    }
    if (total > policy.max) throw new ClientError(400, policy.maxMessage, [policy.maxMessage]);
    return { keptImages, newFiles, newDescriptions };
  }

  /** `existingImages`: the kept subset of the current images (URLs, or gallery objects with a new description). */
  private keptImages(raw: unknown, currentValue: unknown): (string | GalleryImage)[] {
    const list = parseJsonList(raw);
    if (!Array.isArray(list)) throw new ClientError(400, apiMessages.invalidExistingImages, [apiMessages.invalidExistingImages]);
    const current = (Array.isArray(currentValue) ? currentValue : []) as (string | GalleryImage)[];
    const urlOf = (item: unknown) => (typeof item === 'string' ? item : (item as { url?: unknown } | null)?.url);
    const kept: (string | GalleryImage)[] = [];
    for (const item of list) {
      const url = urlOf(item);
      const match = current.find((existing) => urlOf(existing) === url);
      // only images the record already has may be kept: no pointing at other files
      if (typeof url !== 'string' || !match || kept.some((k) => urlOf(k) === url)) {
        throw new ClientError(400, apiMessages.invalidExistingImages, [apiMessages.invalidExistingImages]);
      }
      if (typeof match === 'string') kept.push(match);
      else {
        const description = (item as { description?: unknown }).description;
        kept.push({ url, description: typeof description === 'string' ? description.trim().slice(0, 500) : match.description });
      }
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

  private imageValue(def: ResourceDef, plan: ImagePlan, prepared: PreparedImage[]): unknown {
    if (def.image.kind === 'single') return prepared[0]?.url ?? plan.keptImages[0];
    if (def.image.withDescriptions) {
      const kept = plan.keptImages as GalleryImage[];
      return [...kept, ...prepared.map((image, i) => ({ url: image.url, description: plan.newDescriptions[i] ?? '' }))];
    }
    return [...(plan.keptImages as string[]), ...prepared.map((image) => image.url)];
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
   * Every image URL the records of all resources name (read from the database, not the cache). Their
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

function parseDescriptions(raw: unknown): string[] {
  const list = parseJsonList(raw);
  if (typeof raw === 'string' && raw !== '' && !raw.trim().startsWith('[')) return [raw.trim().slice(0, 500)];
  if (!Array.isArray(list)) throw new ClientError(400, apiMessages.invalidDescriptions, [apiMessages.invalidDescriptions]);
  return list.map((item) => (typeof item === 'string' ? item.trim().slice(0, 500) : ''));
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
