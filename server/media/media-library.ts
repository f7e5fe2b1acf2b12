/**
 * The media library (issue 27, docs/decisions/0048): the entries of the stored images, their uses (computed from the
 * records, drafts, versions, About and Site settings, never stored), the library's own uploads, its Trash, and the
 * import that registers the images named anywhere before the library existed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { apiMessages } from '../../shared/api-messages';
import { DEFAULT_DETAILS, imageEntries, type ImageDetails } from '../../shared/image-details';
import { mediaMessages, type MediaChange, type MediaEntry, type MediaListQuery, type MediaUse } from '../../shared/media';
import type { TrashItem } from '../../shared/trash';
import { UUID_PATTERN } from '../../shared/validation';
import { snapshotImageUrls } from '../../shared/version-snapshots';
import type { AuditContext, AuditService } from '../audit/audit-service';
import { recordLabel } from '../audit/content-changes';
import { queryRows, type Db } from '../db/client';
import { admins, contentVersions, media } from '../db/schema';
import { ClientError } from '../errors';
import type { RenditionJobs } from '../images/rendition-jobs';
import type { Content } from '../resources/content';
import { imageUrls, isObject, toRecord } from '../resources/content-records';
import type { ContentVersion } from '../resources/content-version';
import type { Storage } from '../storage/storage';
import { removeTempFiles, type UploadedFile } from '../uploads/read-write-input';
import { registerMedia, sidesOf, type NewMedia } from './media-register';

/** What the library reads the two documents through (About, Site settings). */
interface MediaDocument {
  get(): Promise<unknown>;
}

export interface MediaLibraryOptions {
  db: Db;
  storage: Storage;
  content: Content;
  renditionJobs: RenditionJobs;
  /** Moves on with every content and document write: the uses kept in memory are read again after one. */
  contentVersion: ContentVersion;
  documents: { about: MediaDocument; siteSettings: MediaDocument };
  /** Where the library's changes are recorded, in their own transaction. */
  audit: AuditService;
}

/** Where the import tells of an image it leaves out (the server's logger). */
interface ImportLog {
  warn(details: { url: string }, message: string): void;
}

/** The noun of a library entry in the Trash. */
export const MEDIA_NOUN = 'Image';
/** The Trash's name for the library's entries (content resources go by their own keys). */
export const MEDIA_TRASH_RESOURCE = 'media';
/** Images the import reads and registers at a time, between which the server's other work runs. */
const IMPORT_BATCH = 25;

type MediaRow = typeof media.$inferSelect;

/** An entry as the API shows it. */
function entryOf(row: MediaRow, uploader: string | null, useCount: number): MediaEntry {
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    alt: row.alt,
    focusX: row.focusX,
    focusY: row.focusY,
    tags: row.tags,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedBy: row.uploadedBy && uploader !== null ? { id: row.uploadedBy, name: uploader } : null,
    useCount,
  };
}

/** An entry as the target of an audit entry. */
const auditTarget = (row: { id: string; name: string }) => ({ type: 'media', id: row.id, label: row.name });
/** The system's own changes (the TRASH_DAYS purge). */
const SYSTEM: AuditContext = { actor: null, ip: null };

/** `%text%` for ILIKE, its own % _ and \ matched as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER: Record<MediaListQuery['sort'], SQL[]> = {
  newest: [desc(media.uploadedAt), desc(media.id)],
  oldest: [asc(media.uploadedAt), asc(media.id)],
  name: [sql`lower(${media.name})`, asc(media.id)],
  size: [desc(media.bytes), asc(media.id)],
};

/** The size and SHA-256 of a stored file, read through the storage; null when it is not there. */
async function storedDigest(storage: Storage, name: string): Promise<{ bytes: number; sha256: string } | null> {
  const body = await storage.read(name);
  if (!body) return null;
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for await (const chunk of body.stream) {
    // file and bucket streams give Buffers
    const buffer = Buffer.from(chunk);
    hash.update(buffer);
    bytes += buffer.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

export class MediaLibrary {
  /** Uses per URL, read once per content version (a write anywhere reads them again). */
  private useCounts: { version: number; counts: Promise<Map<string, number>> } | null = null;

  constructor(private readonly options: MediaLibraryOptions) {}

  /** A page of the entries not in the Trash, searched, filtered by use and sorted. */
  async list(query: MediaListQuery): Promise<{ items: MediaEntry[]; total: number; page: number; pageSize: number }> {
    const counts = await this.usesByUrl();
    const conditions: SQL[] = [isNull(media.deletedAt)];
    const q = query.q?.trim();
    if (q) {
      const pattern = containing(q);
      conditions.push(
        sql`(${media.name} ilike ${pattern} or ${media.alt} ilike ${pattern} or array_to_string(${media.tags}, ' ') ilike ${pattern})`,
      );
    }
    // the entries of the URLs a form has (`url`), all on one page
    if (query.url) conditions.push(inArray(media.url, query.url));
    const page = query.url ? 1 : query.page;
    const pageSize = query.url ? query.url.length : query.pageSize;
    if (query.used !== 'all') {
      // one array parameter, however many images are used
      const used = sql`${media.url} = any(${sql.param([...counts.keys()])}::text[])`;
      conditions.push(query.used === 'used' ? used : sql`not (${used})`);
    }
    const rows = await this.options.db
      .select({ row: media, uploader: admins.email, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(media)
      .leftJoin(admins, eq(admins.id, media.uploadedBy))
      .where(and(...conditions))
      .orderBy(...ORDER[query.sort])
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const total = rows[0]?.total ?? (page > 1 ? await this.count(conditions) : 0);
    return { items: rows.map(({ row, uploader }) => entryOf(row, uploader, counts.get(row.url) ?? 0)), total, page, pageSize };
  }

  /** One entry not in the Trash, with where it is used; 404 otherwise. */
  async get(id: string): Promise<MediaEntry & { uses: MediaUse[] }> {
    const found = await this.find(id);
    const uses = await this.usesOf(found.row.url);
    return { ...entryOf(found.row, found.uploader, uses.length), uses };
  }

  /** Changes an entry's name, alt text, tags or focal point (each left out keeps its value). */
  async update(id: string, change: MediaChange, by: AuditContext): Promise<MediaEntry> {
    const before = await this.find(id);
    if (Object.keys(change).length > 0) {
      await this.options.db.transaction(async (tx) => {
        await tx
          .update(media)
          .set(change)
          .where(and(eq(media.id, id), isNull(media.deletedAt)));
        await this.options.audit.record({ kind: 'media.updated', ...by, target: auditTarget(before.row), details: { ...change } }, tx);
      });
      // the uses that follow the library show it at once (pages, lists, here and in every other process)
      if (change.alt !== undefined || change.focusX !== undefined || change.focusY !== undefined) {
        this.options.content.reads.afterLibraryChange();
      }
    }
    const found = await this.find(id);
    return entryOf(found.row, found.uploader, (await this.usesByUrl()).get(found.row.url) ?? 0);
  }

  /**
   * The library's own upload: each file decoded as every upload is (the same queue, limits and checks), stored, and
   * registered with its rendition job in one transaction.
   */
  async upload(files: UploadedFile[], by: AuditContext): Promise<MediaEntry[]> {
    const { images } = this.options.content;
    const staging = images.stagingDir();
    try {
      if (files.length === 0) throw new ClientError(400, mediaMessages.noFiles, [mediaMessages.noFiles]);
      const prepared = await images.prepare(files, staging);
      const urls = prepared.map((image) => image.url);
      await images.withStoredFiles(prepared, () =>
        this.options.db.transaction(async (tx) => {
          await this.options.renditionJobs.enqueue(tx, prepared);
          const registered = prepared.map((image, i): NewMedia => ({ ...image, fileName: files[i].name, details: DEFAULT_DETAILS }));
          await registerMedia(tx, registered, by.actor?.adminId ?? null);
          const entries = await tx.select({ id: media.id, name: media.name }).from(media).where(inArray(media.url, urls));
          for (const entry of entries) await this.options.audit.record({ kind: 'media.uploaded', ...by, target: auditTarget(entry) }, tx);
        }),
      );
      this.options.renditionJobs.notifyAdded();
      // withheld from visitors until something shows them
      this.options.content.reads.forgetWithheld();
      const rows = await this.options.db
        .select({ row: media, uploader: admins.email })
        .from(media)
        .leftJoin(admins, eq(admins.id, media.uploadedBy))
        .where(inArray(media.url, urls));
      const byUrl = new Map(rows.map((found) => [found.row.url, entryOf(found.row, found.uploader, 0)]));
      return urls.flatMap((url) => byUrl.get(url) ?? []);
    } finally {
      await Promise.all([removeTempFiles(files), fs.rm(staging, { recursive: true, force: true })]);
    }
  }

  /** Moves an unused entry to the Trash; an entry in use is not moved, and its uses are returned instead. */
  async moveToTrash(id: string, by: AuditContext): Promise<{ uses: MediaUse[] }> {
    const found = await this.find(id);
    const uses = await this.usesOf(found.row.url);
    if (uses.length > 0) return { uses };
    await this.options.db.transaction(async (tx) => {
      await tx
        .update(media)
        .set({ deletedAt: new Date() })
        .where(and(eq(media.id, id), isNull(media.deletedAt)));
      await this.options.audit.record({ kind: 'media.trashed', ...by, target: auditTarget(found.row) }, tx);
    });
    return { uses: [] };
  }

  /** The entries in the Trash, as the Trash screen lists them. */
  async trashed(): Promise<TrashItem[]> {
    const rows = await this.options.db
      .select({ id: media.id, name: media.name, url: media.url, deletedAt: media.deletedAt })
      .from(media)
      .where(isNotNull(media.deletedAt));
    return rows.map((row) => ({
      resource: MEDIA_TRASH_RESOURCE,
      noun: MEDIA_NOUN,
      id: row.id,
      label: row.name,
      deletedAt: (row.deletedAt ?? new Date()).toISOString(),
      thumbnail: row.url,
    }));
  }

  /** Brings an entry back from the Trash; 404 when it is not there. */
  async restore(id: string, by: AuditContext): Promise<void> {
    assertId(id);
    await this.options.db.transaction(async (tx) => {
      const [restored] = await tx
        .update(media)
        .set({ deletedAt: null })
        .where(and(eq(media.id, id), isNotNull(media.deletedAt)))
        .returning({ id: media.id, name: media.name });
      if (!restored) throw new ClientError(404, apiMessages.notInTrash(MEDIA_NOUN));
      await this.options.audit.record({ kind: 'media.restored', ...by, target: auditTarget(restored) }, tx);
    });
  }

  /** Deletes an entry in the Trash for good; its files go too unless something names its URL again. */
  async deleteForever(id: string, by: AuditContext, reason?: 'purge'): Promise<void> {
    assertId(id);
    const removed = await this.options.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(media)
        .where(and(eq(media.id, id), isNotNull(media.deletedAt)))
        .returning({ id: media.id, name: media.name, url: media.url });
      if (!row) throw new ClientError(404, apiMessages.notInTrash(MEDIA_NOUN));
      const details = reason ? { reason } : undefined;
      await this.options.audit.record({ kind: 'media.deleted-forever', ...by, target: auditTarget(row), details }, tx);
      return row;
    });
    // read now, not from memory: a use added since it was trashed keeps the files
    if ((await this.usesOf(removed.url)).length === 0) {
      // its pending rendition job goes with it (`release`: no entry now), then its files
      const { images } = this.options.content;
      await images.remove(await this.options.db.transaction((tx) => images.release(tx, [removed.url])));
    }
  }

  /** Deletes forever the entries trashed before `cutoff`; how many went. */
  async purgeTrash(cutoff: Date): Promise<number> {
    const due = await this.options.db.select({ id: media.id }).from(media).where(lt(media.deletedAt, cutoff));
    for (const { id } of due) await this.deleteForever(id, SYSTEM, 'purge');
    return due.length;
  }

  /**
   * Registers every image URL named anywhere (records, drafts, versions, About, Site settings) that has no entry, reading
   * its stored WebP for its size and hash; alt text and focal point from the first use found. In batches, so a start with
   * thousands of images keeps serving; several instances may run it at once (an entry already there is left as it is).
   * A URL whose file is missing is left out with a warning.
   */
  async importNamedImages(log?: ImportLog): Promise<{ registered: number; missing: number }> {
    const named = await this.namedImages();
    const known = await this.options.db.select({ url: media.url }).from(media);
    for (const { url } of known) named.delete(url);
    let registered = 0;
    let missing = 0;
    const pending = [...named];
    for (let start = 0; start < pending.length; start += IMPORT_BATCH) {
      const batch: NewMedia[] = [];
      for (const [url, details] of pending.slice(start, start + IMPORT_BATCH)) {
        const digest = await storedDigest(this.options.storage, path.basename(url));
        if (!digest) {
          missing += 1;
          log?.warn({ url }, 'Media import: an image named by the content has no stored file; it is left out of the library');
          continue;
        }
        batch.push({ url, ...sidesOf(url), ...digest, details });
      }
      await registerMedia(this.options.db, batch, null);
      registered += batch.length;
      await nextTurn();
    }
    return { registered, missing };
  }

  /** Every image URL named anywhere, with the details of the first use found (records first, then versions, then the documents). */
  private async namedImages(): Promise<Map<string, ImageDetails>> {
    const named = new Map<string, ImageDetails>();
    const add = (url: string, details: ImageDetails) => {
      if (!named.has(url)) named.set(url, details);
    };
    for (const [, { def, table }] of this.options.content.resources.entries()) {
      const rows = await this.options.db.select().from(table).orderBy(asc(table.createdAt));
      for (const row of rows) for (const { url, ...details } of imageEntries(toRecord(def, row))) add(url, details);
    }
    const versions = await queryRows<{ snapshot: unknown }>(
      this.options.db,
      sql`select ${contentVersions.snapshot} as snapshot from ${contentVersions} where jsonb_array_length(${contentVersions.images}) > 0 order by ${contentVersions.at}`,
    );
    for (const { snapshot } of versions) {
      const described = isObject(snapshot) ? imageEntries(snapshot) : [];
      for (const { url, ...details } of described) add(url, details);
      for (const url of snapshotImageUrls(snapshot)) add(url, DEFAULT_DETAILS);
    }
    for (const url of await this.documentUrls()) add(url, DEFAULT_DETAILS);
    return named;
  }

  /** The URLs the live About content and Site settings name. */
  private async documentUrls(): Promise<string[]> {
    const { about, siteSettings } = this.options.documents;
    return [...snapshotImageUrls(await about.get()), ...snapshotImageUrls(await siteSettings.get())];
  }

  /** How many records, versions and documents name each URL; kept until the next write anywhere. */
  private usesByUrl(): Promise<Map<string, number>> {
    const version = this.options.contentVersion.current;
    if (this.useCounts?.version !== version) {
      const counts = this.countUses();
      this.useCounts = { version, counts };
      // a failed read is not kept: the next request tries again
      counts.catch(() => {
        if (this.useCounts?.counts === counts) this.useCounts = null;
      });
    }
    return this.useCounts!.counts;
  }

  private async countUses(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const add = (url: string, by = 1) => counts.set(url, (counts.get(url) ?? 0) + by);
    for (const [, { def, table }] of this.options.content.resources.entries()) {
      const rows = await this.options.db.select({ value: table[def.image.field] }).from(table);
      for (const row of rows) for (const url of new Set(imageUrls(row.value))) add(url);
    }
    const versions = await queryRows<{ url: string; uses: number }>(
      this.options.db,
      sql`select url, count(*)::int as uses from ${contentVersions}, jsonb_array_elements_text(${contentVersions.images}) as url group by url`,
    );
    for (const { url, uses } of versions) add(url, Number(uses));
    for (const url of await this.documentUrls()) add(url);
    return counts;
  }

  /** Where a URL is used: the records naming it (in the Trash too), the drafts and versions, and the two documents. */
  private async usesOf(url: string): Promise<MediaUse[]> {
    const uses: MediaUse[] = [];
    const labels = new Map<string, { noun: string; label: (snapshot: unknown) => string }>();
    for (const [key, { def, table }] of this.options.content.resources.entries()) {
      labels.set(key, { noun: def.noun, label: (snapshot) => (isObject(snapshot) ? recordLabel(def, snapshot) : '') });
      const rows = await this.options.db
        .select()
        .from(table)
        .where(sql`position(${url} in ${table[def.image.field]}::text) > 0`);
      for (const row of rows) {
        const record = toRecord(def, row);
        if (!imageUrls(record[def.image.field]).includes(url)) continue;
        const trashed = row.deletedAt !== null && row.deletedAt !== undefined;
        uses.push({
          kind: 'item',
          resource: key,
          itemId: record._id,
          title: `${def.noun} “${recordLabel(def, record)}”${trashed ? ' (in the Trash)' : ''}`,
          href: trashed ? '/admin/trash' : def.admin.path,
        });
      }
    }
    const versions = await this.options.db
      .select({
        resource: contentVersions.resource,
        itemId: contentVersions.itemId,
        number: contentVersions.number,
        status: contentVersions.status,
        snapshot: contentVersions.snapshot,
      })
      .from(contentVersions)
      .where(sql`${contentVersions.images} @> jsonb_build_array(${url}::text)`)
      .orderBy(asc(contentVersions.resource), asc(contentVersions.itemId), desc(contentVersions.number));
    for (const version of versions) {
      const resource = labels.get(version.resource);
      const what = resource
        ? `${resource.noun} “${resource.label(version.snapshot)}”`
        : version.resource === 'about'
          ? 'About content'
          : 'Site settings';
      const draft = version.status === 'draft';
      uses.push({
        kind: draft ? 'draft' : 'version',
        resource: version.resource,
        ...(version.itemId ? { itemId: version.itemId } : {}),
        title: draft ? `Draft of ${what} (version ${version.number})` : `${what}, version ${version.number}`,
        href: `/admin/history/${version.resource}/${encodeURIComponent(version.itemId || '-')}`,
      });
    }
    const { about, siteSettings } = this.options.documents;
    if (snapshotImageUrls(await about.get()).includes(url)) uses.push({ kind: 'about', title: 'About content', href: '/admin/about' });
    if (snapshotImageUrls(await siteSettings.get()).includes(url)) {
      uses.push({ kind: 'site-settings', title: 'Site settings', href: '/admin/settings' });
    }
    return uses;
  }

  /** An entry not in the Trash with its uploader's name (the account's email); 400 for a malformed id, 404 when there is none. */
  private async find(id: string): Promise<{ row: MediaRow; uploader: string | null }> {
    assertId(id);
    const [found] = await this.options.db
      .select({ row: media, uploader: admins.email })
      .from(media)
      .leftJoin(admins, eq(admins.id, media.uploadedBy))
      .where(and(eq(media.id, id), isNull(media.deletedAt)));
    if (!found) throw new ClientError(404, mediaMessages.notFound);
    return found;
  }

  private async count(conditions: SQL[]): Promise<number> {
    const [row] = await this.options.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(media)
      .where(and(...conditions));
    return row?.total ?? 0;
  }
}

/** Checked before any query: PostgreSQL answers a malformed uuid with an error (a 500). */
function assertId(id: string): void {
  if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
}
