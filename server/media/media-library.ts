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
import { mergeTranslations, storedTranslations } from '../../shared/translations';
import { MEDIA_LIMITS, mediaMessages, type MediaChange, type MediaEntry, type MediaListQuery, type MediaUse } from '../../shared/media';
import type { TrashItem } from '../../shared/trash';
import { UUID_PATTERN } from '../../shared/validation';
import { snapshotImageUrls } from '../../shared/version-snapshots';
import type { AuditContext, AuditService } from '../audit/audit-service';
import { recordLabel } from '../audit/content-changes';
import { queryRows, type Db } from '../db/client';
import { EVERYTHING } from '../db/change-feed';
import { admins, contentVersions, media, mediaAliases } from '../db/schema';
import { ClientError } from '../errors';
import type { RenditionJobs } from '../images/rendition-jobs';
import type { Content } from '../resources/content';
import { imageUrls, isObject, toRecord } from '../resources/content-records';
import type { ContentVersion } from '../resources/content-version';
import type { Storage } from '../storage/storage';
import { removeTempFiles, type UploadedFile } from '../uploads/read-write-input';
import { mediaAliasMap } from './media-aliases';
import { liveOwners, registerMedia, sidesOf, type NewMedia } from './media-register';

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

/** Uses per URL (an alias's counted for its entry's URL too), and the URLs each resource and document names (`where=`). */
interface UseIndex {
  counts: Map<string, number>;
  where: Map<string, Set<string>>;
}

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
    translations: mediaTranslations(row.translations),
  };
}

/** An entry's stored translations as the API shows them: the alt text of each language that has one. */
function mediaTranslations(value: unknown): Record<string, { alt: string }> {
  const stored = storedTranslations(value);
  const shown: Record<string, { alt: string }> = {};
  for (const [code, values] of Object.entries(stored)) if (typeof values?.alt === 'string') shown[code] = { alt: values.alt };
  return shown;
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
  /** Uses per URL, read once per content version (a write anywhere, a replace or a merge reads them again). */
  private useIndex: { version: number; index: Promise<UseIndex> } | null = null;

  constructor(private readonly options: MediaLibraryOptions) {}

  /** A page of the entries not in the Trash, searched, filtered by use and sorted. */
  async list(query: MediaListQuery): Promise<{ items: MediaEntry[]; total: number; page: number; pageSize: number }> {
    const { counts, where } = await this.uses();
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
    if (query.where) conditions.push(sql`${media.url} = any(${sql.param([...(where.get(query.where) ?? [])])}::text[])`);
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
    const uses = await this.entryUses(found.row);
    return { ...entryOf(found.row, found.uploader, uses.length), uses };
  }

  /** Changes an entry's name, alt text, tags or focal point (each left out keeps its value). */
  async update(id: string, change: MediaChange, by: AuditContext): Promise<MediaEntry> {
    const before = await this.find(id);
    if (Object.keys(change).length > 0) {
      const { translations: sent, ...rest } = change;
      // a language left out keeps its alt text; '' removes it
      const translations =
        sent === undefined
          ? undefined
          : mergeTranslations(
              storedTranslations(before.row.translations),
              Object.fromEntries(Object.entries(sent).map(([code, value]) => [code, value ? { alt: value.alt || null } : {}])),
            );
      await this.options.db.transaction(async (tx) => {
        await tx
          .update(media)
          .set({ ...rest, ...(translations ? { translations } : {}) })
          .where(and(eq(media.id, id), isNull(media.deletedAt)));
        await this.options.audit.record({ kind: 'media.updated', ...by, target: auditTarget(before.row), details: { ...change } }, tx);
      });
      // the uses that follow the library show it at once (pages, lists, here and in every other process)
      if (change.alt !== undefined || change.focusX !== undefined || change.focusY !== undefined || change.translations !== undefined) {
        this.options.content.reads.afterLibraryChange();
      }
    }
    return this.entry(id);
  }

  /**
   * The library's own upload: each file decoded as every upload is (the same queue, limits and checks), stored, and
   * registered with its rendition job in one transaction. A file with the same bytes as an entry not in the Trash is not
   * stored again: the reply gives that entry.
   */
  async upload(files: UploadedFile[], by: AuditContext): Promise<MediaEntry[]> {
    const { images } = this.options.content;
    const staging = images.stagingDir();
    try {
      if (files.length === 0) throw new ClientError(400, mediaMessages.noFiles, [mediaMessages.noFiles]);
      const prepared = await images.prepare(files, staging);
      const known = await liveOwners(
        this.options.db,
        prepared.map((image) => image.sha256),
      );
      // the first of each new file; the same bytes twice in one upload are stored once
      const fresh = prepared.filter(
        (image, i) => !known.has(image.sha256) && prepared.findIndex((other) => other.sha256 === image.sha256) === i,
      );
      if (fresh.length > 0) {
        await images.withStoredFiles(fresh, () =>
          this.options.db.transaction(async (tx) => {
            await this.options.renditionJobs.enqueue(tx, fresh);
            const registered = fresh.map((image): NewMedia => ({
              ...image,
              fileName: files[prepared.indexOf(image)].name,
              details: DEFAULT_DETAILS,
            }));
            // another upload of the same bytes may have committed since: this one is then its alias
            const aliased = await registerMedia(tx, registered, by.actor?.adminId ?? null);
            const added = fresh.map((image) => image.url).filter((url) => !aliased.includes(url));
            const entries =
              added.length > 0 ? await tx.select({ id: media.id, name: media.name }).from(media).where(inArray(media.url, added)) : [];
            for (const entry of entries) await this.options.audit.record({ kind: 'media.uploaded', ...by, target: auditTarget(entry) }, tx);
          }),
        );
        this.options.renditionJobs.notifyAdded();
        // withheld from visitors until something shows them
        this.options.content.reads.forgetWithheld();
      }
      // each file's entry: the one it matched, or the one it became (an alias's, when it lost a race)
      const bySha = new Map(known);
      for (const [url, entryId] of await this.entryIdsOf(fresh.map((image) => image.url))) {
        bySha.set(fresh.find((image) => image.url === url)!.sha256, entryId);
      }
      const ids = new Set(prepared.flatMap((image) => bySha.get(image.sha256) ?? []));
      return await Promise.all([...ids].map((entryId) => this.entry(entryId)));
    } finally {
      await Promise.all([removeTempFiles(files), fs.rm(staging, { recursive: true, force: true })]);
    }
  }

  /**
   * Replaces an entry's file (not in the Trash): the new image is stored under a new URL and, in one transaction, becomes
   * the entry's, its old URL an alias. Records keep naming the old URL; what shows it shows the new file. The old files go
   * after the commit (a replace is how staff get rid of a photo everywhere): /uploads redirects the old URL to the new file.
   */
  async replace(id: string, files: UploadedFile[], by: AuditContext): Promise<MediaEntry> {
    const { images } = this.options.content;
    const staging = images.stagingDir();
    try {
      if (files.length !== 1) throw new ClientError(400, mediaMessages.oneFile, [mediaMessages.oneFile]);
      await this.find(id);
      const [image] = await images.prepare(files, staging);
      const going = await images.withStoredFiles([image], () =>
        this.options.db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(media)
            .where(and(eq(media.id, id), isNull(media.deletedAt)))
            .for('update');
          if (!row) throw new ClientError(404, mediaMessages.notFound);
          const earlier = await tx.select({ url: mediaAliases.url }).from(mediaAliases).where(eq(mediaAliases.mediaId, id));
          await this.options.renditionJobs.enqueue(tx, [image]);
          const { url, width, height, bytes, sha256 } = image;
          await tx.update(media).set({ url, width, height, bytes, sha256 }).where(eq(media.id, id));
          await tx.insert(mediaAliases).values({ url: row.url, mediaId: id });
          // every earlier file goes: a record, draft or version naming an old URL shows the new file through it
          const unneeded = [row.url, ...earlier.map((alias) => alias.url)];
          await this.options.renditionJobs.drop(tx, unneeded);
          await this.options.audit.record(
            { kind: 'media.replaced', ...by, target: auditTarget(row), details: { from: row.url, to: url } },
            tx,
          );
          return unneeded;
        }),
      );
      this.options.renditionJobs.notifyAdded();
      // every page that names an old URL now shows the new file: the caches here and on the other instances go
      this.options.content.reads.afterWrite(EVERYTHING);
      await images.removeFiles(going);
      return await this.entry(id);
    } finally {
      await Promise.all([removeTempFiles(files), fs.rm(staging, { recursive: true, force: true })]);
    }
  }

  /** Moves an entry no item, draft, About or Site settings uses to the Trash; an entry in use is not moved, and those uses are returned instead. */
  async moveToTrash(id: string, by: AuditContext): Promise<{ uses: MediaUse[] }> {
    const found = await this.find(id);
    // a kept version does not hold it: its files stay while the version is kept, so History and a restore still show it
    const uses = (await this.entryUses(found.row)).filter((use) => use.kind !== 'version');
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
      // read before the row goes: its aliases go with it (ON DELETE CASCADE)
      const aliases = await tx.select({ url: mediaAliases.url }).from(mediaAliases).where(eq(mediaAliases.mediaId, id));
      const [row] = await tx
        .delete(media)
        .where(and(eq(media.id, id), isNotNull(media.deletedAt)))
        .returning({ id: media.id, name: media.name, url: media.url });
      if (!row) throw new ClientError(404, apiMessages.notInTrash(MEDIA_NOUN));
      const details = reason ? { reason } : undefined;
      await this.options.audit.record({ kind: 'media.deleted-forever', ...by, target: auditTarget(row), details }, tx);
      return { ...row, urls: [row.url, ...aliases.map((alias) => alias.url)] };
    });
    // read now, not from memory: a use added since it was trashed keeps the files
    for (const url of removed.urls) if ((await this.usesOf(url)).length > 0) return;
    // its pending rendition jobs go with it (`release`: no entry now), then its files
    const { images } = this.options.content;
    await images.remove(await this.options.db.transaction((tx) => images.release(tx, removed.urls)));
  }

  /** Deletes forever the entries trashed before `cutoff`; how many went. */
  async purgeTrash(cutoff: Date): Promise<number> {
    const due = await this.options.db.select({ id: media.id }).from(media).where(lt(media.deletedAt, cutoff));
    for (const { id } of due) await this.deleteForever(id, SYSTEM, 'purge');
    return due.length;
  }

  /**
   * Registers every image URL named anywhere (records, drafts, versions, About, Site settings) that has no entry, reading
   * its stored WebP for its size and hash; alt text and focal point from the first use found. A file with the same bytes
   * as an entry becomes that entry's alias, and entries found with the same bytes are merged into the oldest
   * (`mergeDuplicates`). In batches, so a start with thousands of images keeps serving; several instances may run it at
   * once (an URL already registered is left as it is). A URL whose file is missing is left out with a warning.
   */
  async importNamedImages(log?: ImportLog): Promise<{ registered: number; missing: number; merged: number }> {
    const named = await this.namedImages();
    const known = await this.options.db.select({ url: media.url }).from(media);
    const aliases = await this.options.db.select({ url: mediaAliases.url }).from(mediaAliases);
    for (const { url } of [...known, ...aliases]) named.delete(url);
    let registered = 0;
    let missing = 0;
    let aliased = 0;
    const pending = [...named];
    for (let start = 0; start < pending.length; start += IMPORT_BATCH) {
      const batch: NewMedia[] = [];
      for (const [url, { details, name }] of pending.slice(start, start + IMPORT_BATCH)) {
        const digest = await storedDigest(this.options.storage, path.basename(url));
        if (!digest) {
          missing += 1;
          log?.warn({ url }, 'Media import: an image named by the content has no stored file; it is left out of the library');
          continue;
        }
        batch.push({ url, ...sidesOf(url), ...digest, details, name });
      }
      aliased += (await this.options.db.transaction((tx) => registerMedia(tx, batch, null))).length;
      registered += batch.length;
      await nextTurn();
    }
    const merged = await this.mergeDuplicates();
    // the aliases change what public reads show (an entry's current URL)
    if (aliased + merged > 0) this.options.content.reads.afterWrite(EVERYTHING);
    return { registered, missing, merged };
  }

  /**
   * Entries (not in the Trash) with the same bytes become one: the oldest stays, the others become its aliases (their own
   * aliases too), their tags join its tags, and its alt text is the first found when it had none. One transaction per
   * hash, locked as registrations lock it. Their files stay (records and versions name those URLs). How many were merged.
   */
  async mergeDuplicates(): Promise<number> {
    const groups = await this.options.db
      .select({ sha256: media.sha256 })
      .from(media)
      .where(isNull(media.deletedAt))
      .groupBy(media.sha256)
      .having(sql`count(*) > 1`);
    let merged = 0;
    for (const { sha256 } of groups) {
      merged += await this.options.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media:${sha256}`}))`);
        const [keeper, ...others] = await tx
          .select()
          .from(media)
          .where(and(eq(media.sha256, sha256), isNull(media.deletedAt)))
          .orderBy(asc(media.uploadedAt), asc(media.id));
        if (!keeper || others.length === 0) return 0;
        const otherIds = others.map((other) => other.id);
        await tx.update(mediaAliases).set({ mediaId: keeper.id }).where(inArray(mediaAliases.mediaId, otherIds));
        await tx.delete(media).where(inArray(media.id, otherIds));
        await tx.insert(mediaAliases).values(others.map((other) => ({ url: other.url, mediaId: keeper.id })));
        const tags = [...new Set([keeper, ...others].flatMap((row) => row.tags))].slice(0, MEDIA_LIMITS.tags);
        const alt = keeper.alt || (others.find((other) => other.alt)?.alt ?? '');
        await tx.update(media).set({ tags, alt }).where(eq(media.id, keeper.id));
        return others.length;
      });
      await nextTurn();
    }
    return merged;
  }

  /** Every image URL named anywhere, with the details of the first use found (records first, then versions, then the documents). */
  private async namedImages(): Promise<Map<string, NamedImage>> {
    const named = new Map<string, NamedImage>();
    const add = (url: string, details: ImageDetails, name?: string) => {
      if (!named.has(url)) named.set(url, { details, name });
    };
    for (const [, { def, table }] of this.options.content.resources.entries()) {
      const rows = await this.options.db.select().from(table).orderBy(asc(table.createdAt));
      for (const row of rows) {
        const record = toRecord(def, row);
        // named after the first item showing it, as staff know it (a stored key means nothing to them)
        for (const { url, ...details } of imageEntries(record)) add(url, details, recordLabel(def, record));
      }
    }
    const versions = await queryRows<{ resource: string; snapshot: unknown }>(
      this.options.db,
      sql`select ${contentVersions.resource} as resource, ${contentVersions.snapshot} as snapshot from ${contentVersions} where jsonb_array_length(${contentVersions.images}) > 0 order by ${contentVersions.at}`,
    );
    for (const { resource, snapshot } of versions) {
      const { resources } = this.options.content;
      const def = resources.serves(resource) ? resources.get(resource).def : undefined;
      const name = def && isObject(snapshot) ? recordLabel(def, snapshot) : undefined;
      const described = isObject(snapshot) ? imageEntries(snapshot) : [];
      for (const { url, ...details } of described) add(url, details, name);
      for (const url of snapshotImageUrls(snapshot)) add(url, DEFAULT_DETAILS, name);
    }
    for (const url of await this.documentUrls()) add(url, DEFAULT_DETAILS);
    return named;
  }

  /** The URLs the live About content and Site settings name. */
  private async documentUrls(): Promise<string[]> {
    const { about, siteSettings } = this.options.documents;
    return [...snapshotImageUrls(await about.get()), ...snapshotImageUrls(await siteSettings.get())];
  }

  /** How many records, versions and documents name each URL, and which URLs each kind names; kept until the next write anywhere. */
  private uses(): Promise<UseIndex> {
    const version = this.options.contentVersion.current;
    if (this.useIndex?.version !== version) {
      const index = this.readUses();
      this.useIndex = { version, index };
      // a failed read is not kept: the next request tries again
      index.catch(() => {
        if (this.useIndex?.index === index) this.useIndex = null;
      });
    }
    return this.useIndex!.index;
  }

  private async readUses(): Promise<UseIndex> {
    const counts = new Map<string, number>();
    const where = new Map<string, Set<string>>();
    const add = (url: string, by = 1) => counts.set(url, (counts.get(url) ?? 0) + by);
    const place = (kind: string, url: string) => where.set(kind, (where.get(kind) ?? new Set()).add(url));
    for (const [key, { def, table }] of this.options.content.resources.entries()) {
      const rows = await this.options.db.select({ value: table[def.image.field] }).from(table);
      for (const row of rows) {
        for (const url of new Set(imageUrls(row.value))) {
          add(url);
          place(key, url);
        }
      }
    }
    const versions = await queryRows<{ url: string; uses: number }>(
      this.options.db,
      sql`select url, count(*)::int as uses from ${contentVersions}, jsonb_array_elements_text(${contentVersions.images}) as url group by url`,
    );
    for (const { url, uses } of versions) add(url, Number(uses));
    const { about, siteSettings } = this.options.documents;
    for (const [kind, document] of [
      ['about', about],
      ['site-settings', siteSettings],
    ] as const) {
      for (const url of snapshotImageUrls(await document.get())) {
        add(url);
        place(kind, url);
      }
    }
    // a use of an alias (an earlier URL of the entry) is a use of its entry
    for (const [alias, current] of await mediaAliasMap(this.options.db)) {
      const uses = counts.get(alias);
      if (uses) add(current, uses);
      for (const urls of where.values()) if (urls.has(alias)) urls.add(current);
    }
    return { counts, where };
  }

  /** Where an entry is used: by its URL or by one of its aliases. */
  private async entryUses(row: MediaRow): Promise<MediaUse[]> {
    const aliases = await this.options.db.select({ url: mediaAliases.url }).from(mediaAliases).where(eq(mediaAliases.mediaId, row.id));
    const uses = new Map<string, MediaUse>();
    for (const url of [row.url, ...aliases.map((alias) => alias.url)]) {
      // a record naming the image by two of its URLs is one use
      for (const use of await this.usesOf(url)) uses.set(JSON.stringify(use), use);
    }
    return [...uses.values()];
  }

  /** An entry not in the Trash as the API shows it, with its use count. */
  private async entry(id: string): Promise<MediaEntry> {
    const found = await this.find(id);
    return entryOf(found.row, found.uploader, (await this.uses()).counts.get(found.row.url) ?? 0);
  }

  /** The entry of each of these URLs, an entry's or an alias's. */
  private async entryIdsOf(urls: string[]): Promise<Map<string, string>> {
    if (urls.length === 0) return new Map();
    const { db } = this.options;
    const entries = await db.select({ url: media.url, id: media.id }).from(media).where(inArray(media.url, urls));
    const aliases = await db
      .select({ url: mediaAliases.url, id: mediaAliases.mediaId })
      .from(mediaAliases)
      .where(inArray(mediaAliases.url, urls));
    return new Map([...entries, ...aliases].map((row) => [row.url, row.id]));
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

/** An image the content names, with the details and the name of its first use. */
interface NamedImage {
  details: ImageDetails;
  name: string | undefined;
}

/** Checked before any query: PostgreSQL answers a malformed uuid with an error (a 500). */
function assertId(id: string): void {
  if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
}
