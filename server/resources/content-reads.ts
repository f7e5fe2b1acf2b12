/**
 * Reads of the content resources and their caches: the public lists (not hidden, not trashed), the
 * admin screens' lists, a staff preview, the sitemap's last change, and the storage names of the
 * images visitors may not fetch. Every write drops the caches through `afterWrite`, here and, through
 * the change feed, in every other process on the same database.
 */
import path from 'node:path';
import { and, eq, isNull, max, sql } from 'drizzle-orm';
import { allRenditionUrls } from '../../shared/image-urls';
import type { LivePreview } from '../../shared/live-preview';
import type { ResourceKey, ResourceRecords } from '../../shared/resources';
import { UUID_PATTERN } from '../../shared/validation';
import { apiMessages } from '../../shared/api-messages';
import { ClientError } from '../errors';
import { EVERYTHING, type ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import type { ContentHistory } from '../history/content-history';
import { MEDIA_TOPIC, type MediaIndex } from '../media/media-index';
import type { ContentResources } from './content-resources';
import {
  envelope,
  imageUrls,
  listOrder,
  shownToVisitors,
  toManagedRecord,
  toRecord,
  unsavedRecord,
  type AnyRecord,
  type Row,
} from './content-records';
import type { ContentVersion } from './content-version';
import { PublicCache, type CachedList } from './public-cache';
import { itemSchedules } from '../schedules/content-schedules';

/** Records of a resource and their reply body, as cached. */
export type ListResult<T> = CachedList<T>;

export interface ContentReadOptions {
  db: Db;
  /** Resources whose reads fail on purpose (tests of error states); 'all' for every one. */
  simulateFailures?: string[];
  contentVersion: ContentVersion;
  /** Tells the other server processes on the same database about each write. */
  changes: ChangeFeed;
  /** The versions: images only they name are withheld from visitors. */
  history: ContentHistory;
  /** The image URLs the live About content and Site settings name (shown to everyone). */
  documentImageUrls: () => Promise<string[]>;
}

export class ContentReads {
  private readonly cache = new PublicCache<AnyRecord>();
  /** The admin screens' lists (hidden items too): dropped with the public ones at every write, here and in other processes. */
  private readonly manageCache = new PublicCache<AnyRecord>();
  /**
   * Storage names of the images of hidden and trashed items, every rendition included: /uploads
   * answers them to staff only. Read once after each write (here or, through the change feed, in
   * another process), so a visitor's image costs a set lookup; `at` is the count of writes it was read after.
   */
  private withheld: { read: Promise<Set<string>>; at: number } | null = null;
  private lastWithheld: Set<string> | null = null;
  private writes = 0;

  constructor(
    private readonly resources: ContentResources,
    private readonly options: ContentReadOptions,
    /** The library: public reads show each image's details through it (a use's own, else the entry's). */
    private readonly mediaIndex: MediaIndex,
  ) {}

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
      const { def, table } = this.resources.get(key);
      const rows: Row[] = await this.options.db
        .select()
        .from(table)
        .where(shownToVisitors(table))
        .orderBy(...listOrder(table));
      const records = await this.mediaIndex.shownRecords(
        def,
        rows.map((row) => toRecord(def, row)),
      );
      return { records, reply: envelope(def, records) };
    });
  }

  /** The time of the latest write to a resource's records (an edit, or a move to the trash), null when it has none: the sitemap's lastmod. */
  async lastChange(key: ResourceKey): Promise<Date | null> {
    const { table } = this.resources.get(key);
    // an item never published has changed nothing visitors see
    const [row] = await this.options.db
      .select({ updated: max(table.updatedAt), deleted: max(table.deletedAt) })
      .from(table)
      .where(eq(table.published, true));
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
      const { def, table } = this.resources.get(key);
      const [rows, newest, schedules] = await Promise.all([
        this.options.db
          .select()
          .from(table)
          .where(isNull(table.deletedAt))
          .orderBy(...listOrder(table)),
        this.options.history.newestVersions(key),
        itemSchedules(this.options.db, key),
      ]);
      const records = rows.map((row) => toManagedRecord(def, row, newest.get(String(row.id)), schedules.get(String(row.id)) ?? null));
      return { records, reply: envelope(def, records) };
    });
  }

  /**
   * The public list with one hidden or unpublished record added where its place is (a staff preview of `?preview=<id>`);
   * the cached list when the id names no such record of this resource.
   */
  async listWithPreview(key: string, previewId: string): Promise<AnyRecord[]> {
    const { def, table } = this.resources.get(key);
    const publicRecords = (await this.list(key)).records;
    if (!UUID_PATTERN.test(previewId)) return publicRecords;
    const [hidden]: Row[] = await this.options.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, previewId), isNull(table.deletedAt), sql`(${table.hidden} = true or ${table.published} = false)`))
      .limit(1);
    if (!hidden) return publicRecords;
    const rows: Row[] = await this.options.db
      .select()
      .from(table)
      .where(and(isNull(table.deletedAt), sql`((${table.hidden} = false and ${table.published} = true) or ${table.id} = ${previewId})`))
      .orderBy(...listOrder(table));
    return this.mediaIndex.shownRecords(
      def,
      rows.map((row) => toRecord(def, row)),
    );
  }

  /**
   * The public list as it would be with one item as its form holds it now (a live preview): in its place, hidden or
   * not, or first when it is not saved yet. Nothing is cached.
   */
  async listWithUnsaved(key: string, preview: LivePreview): Promise<AnyRecord[]> {
    const { def, table } = this.resources.get(key);
    const [row]: Row[] = await this.options.db
      .select()
      .from(table)
      .where(and(eq(table.id, preview.id), isNull(table.deletedAt)))
      .limit(1);
    // besides the item's own images, its form may have picked any of the library's
    const library = await this.mediaIndex.lookup();
    return this.listWithRecord(
      key,
      unsavedRecord(def, row ? toRecord(def, row) : null, preview, (url) => library.has(url)),
    );
  }

  /** The public list with `record` in its item's place, hidden or not, or first when the list lacks it (a preview). */
  async listWithRecord(key: string, stored: AnyRecord): Promise<AnyRecord[]> {
    const [record] = await this.mediaIndex.shownRecords(this.resources.get(key).def, [stored]);
    const records = await this.listWithPreview(key, String(record._id));
    const at = records.findIndex((stored) => stored._id === record._id);
    return at < 0 ? [record, ...records] : records.map((stored, i) => (i === at ? record : stored));
  }

  /** Whether `id` names an item of the resource, in the trash or not: 400 for an id that is no UUID. */
  async exists(key: string, id: string): Promise<boolean> {
    const { table } = this.resources.get(key);
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    const [row] = await this.options.db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
    return Boolean(row);
  }

  /** SIMULATE_FAILURES: the reads of these resources fail, public and admin alike (tests of error states). */
  private failIfSimulated(key: string): void {
    const failing = this.options.simulateFailures;
    if (failing?.includes(key) || failing?.includes('all')) throw new Error(`Simulated failure of ${key} (SIMULATE_FAILURES)`);
  }

  /** Public records of a resource (not trashed, not hidden, published). */
  async count(key: string): Promise<number> {
    return (await this.list(key)).records.length;
  }

  /** A write happened: the list and every cached page that may show it are stale, here and in every other process. */
  afterWrite(key: string): void {
    this.forgetCached(key);
    this.options.changes.publish(key);
  }

  /** A library entry's alt text or focal point changed: every list and page may show it, here and in every other process. */
  afterLibraryChange(): void {
    this.forgetCached(EVERYTHING);
    this.options.changes.publish(MEDIA_TOPIC);
  }

  /** Drops the cached list of `key` (or of every resource) and the pages built from it. */
  forgetCached(key: string): void {
    for (const each of key === EVERYTHING ? this.resources.entries().map(([name]) => name) : [key]) {
      this.cache.invalidate(each);
      this.manageCache.invalidate(each);
    }
    this.writes += 1;
    this.options.contentVersion.bump();
  }

  /** Something besides a content write changed which images are live or versioned (an About or Site settings save): read them again. */
  forgetWithheld(): void {
    this.writes += 1;
  }

  /**
   * Storage names visitors may not fetch: every file of every image of a hidden, unpublished or trashed item, and of
   * every image only versions or media library entries name (not a shown item's, not the live About's or Site settings').
   * Read again after a write; while the database is away, the last set read stands.
   */
  async withheldNames(): Promise<Set<string>> {
    if (this.withheld?.at !== this.writes) {
      const at = this.writes;
      const read = this.readWithheld().then(
        (names) => (this.lastWithheld = names),
        (error: unknown) => {
          if (this.withheld?.read === read) this.withheld = null;
          if (this.lastWithheld) return this.lastWithheld;
          throw error;
        },
      );
      this.withheld = { read, at };
    }
    return this.withheld.read;
  }

  private async readWithheld(): Promise<Set<string>> {
    const candidates: string[] = [];
    const live = new Set<string>();
    for (const [, { def, table }] of this.resources.entries()) {
      const rows = await this.options.db
        .select({ value: table[def.image.field], hidden: table.hidden, published: table.published, deletedAt: table.deletedAt })
        .from(table);
      for (const row of rows) {
        if (!row.hidden && row.published && row.deletedAt === null) for (const url of imageUrls(row.value)) live.add(url);
        else candidates.push(...imageUrls(row.value));
      }
    }
    // images only versions name (an earlier photo): staff see them in the History, visitors get 404
    candidates.push(...(await this.options.history.allImageUrls()));
    // images only the media library names (uploaded there, used nowhere yet) are as private as an earlier photo
    const entries = await this.options.db.select({ url: media.url }).from(media);
    candidates.push(...entries.map((entry) => entry.url));
    if (candidates.length > 0) for (const url of await this.options.documentImageUrls()) live.add(url);
    // a library image a hidden item and a shown one both name is the shown one's: visitors may fetch it
    const withheld = candidates.filter((url) => !live.has(url));
    const names = new Set<string>();
    for (const url of withheld) for (const file of allRenditionUrls(url)) names.add(path.basename(file));
    return names;
  }
}
