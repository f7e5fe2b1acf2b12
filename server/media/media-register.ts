/**
 * The media library's rows (docs/decisions/0048): written for each newly stored image in the transaction that
 * names it, so a crash leaves at worst an orphan file (swept at start), never a row naming a missing one.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { ImageDetails } from '../../shared/image-details';
import { parseImageUrl } from '../../shared/image-urls';
import { MEDIA_NAME_MAX } from '../../shared/media';
import type { Db } from '../db/client';
import { media, mediaAliases } from '../db/schema';

/** A stored image to register: its URL, the stored WebP's size, hash and sides, the name it came with and its details. */
export interface NewMedia {
  url: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  /** The uploaded file's name; none (or an empty one): the image is named by its stored key. */
  fileName?: string;
  /** A name of its own instead (the import's: the first item showing it), used as it is. */
  name?: string;
  details: ImageDetails;
}

/** The upload's file name without its extension, or the URL's key (`3f9a…` of `/uploads/3f9a…_1600x900.webp`). */
function mediaName(fileName: string | undefined, url: string): string {
  const name = fileName ? path.parse(path.basename(fileName)).name.trim() : '';
  if (name) return name.slice(0, MEDIA_NAME_MAX);
  return path.basename(url).split('_')[0];
}

/**
 * Registers stored images, in the caller's transaction: each becomes an entry, or, when an entry not in the Trash has the
 * same bytes (SHA-256, the oldest when several have), an alias of that entry (a URL already registered is left as it
 * is). Each hash is locked for the transaction, in one order, so writes on several instances never make two entries of
 * one file. `uploadedBy`: the signed-in account, null for the system. Returns the URLs that became aliases.
 */
export async function registerMedia(tx: Db, images: readonly NewMedia[], uploadedBy: string | null): Promise<string[]> {
  if (images.length === 0) return [];
  const hashes = [...new Set(images.map((image) => image.sha256))].sort();
  for (const hash of hashes) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media:${hash}`}))`);
  const owners = await liveOwners(tx, hashes);
  const known = await registeredAmong(
    tx,
    images.map((image) => image.url),
  );
  const entries: NewMedia[] = [];
  const aliases: { url: string; mediaId: string }[] = [];
  const ids = new Map<string, string>();
  for (const image of images) {
    // registered meanwhile (the import on another instance)
    if (known.has(image.url)) continue;
    known.add(image.url);
    const owner = owners.get(image.sha256);
    if (owner) aliases.push({ url: image.url, mediaId: owner });
    else {
      const id = crypto.randomUUID();
      // a second file of the same bytes in the same write is an alias of the first
      owners.set(image.sha256, id);
      ids.set(image.url, id);
      entries.push(image);
    }
  }
  if (entries.length > 0) {
    await tx
      .insert(media)
      .values(
        entries.map((image) => ({
          id: ids.get(image.url)!,
          url: image.url,
          name: image.name?.trim().slice(0, MEDIA_NAME_MAX) || mediaName(image.fileName, image.url),
          alt: image.details.alt,
          focusX: image.details.focusX,
          focusY: image.details.focusY,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          sha256: image.sha256,
          uploadedBy,
        })),
      )
      .onConflictDoNothing({ target: media.url });
  }
  if (aliases.length > 0) await tx.insert(mediaAliases).values(aliases).onConflictDoNothing({ target: mediaAliases.url });
  return aliases.map((alias) => alias.url);
}

/** Of these URLs, those that are an entry's or an alias. */
async function registeredAmong(db: Db, urls: readonly string[]): Promise<Set<string>> {
  const entries = await db
    .select({ url: media.url })
    .from(media)
    .where(inArray(media.url, [...urls]));
  const aliases = await db
    .select({ url: mediaAliases.url })
    .from(mediaAliases)
    .where(inArray(mediaAliases.url, [...urls]));
  return new Set([...entries, ...aliases].map((row) => row.url));
}

/** The entry (not in the Trash, the oldest) holding each of these hashes. */
export async function liveOwners(db: Db, hashes: readonly string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .select({ id: media.id, sha256: media.sha256 })
    .from(media)
    .where(and(inArray(media.sha256, [...hashes]), isNull(media.deletedAt)))
    .orderBy(asc(media.uploadedAt), asc(media.id));
  const owners = new Map<string, string>();
  for (const row of rows) if (!owners.has(row.sha256)) owners.set(row.sha256, row.id);
  return owners;
}

/** Sides of a stored image from its URL (`…_1600x900.webp`); 0 × 0 for a URL not of this site's form. */
export function sidesOf(url: string): { width: number; height: number } {
  const image = parseImageUrl(url);
  return { width: image?.width ?? 0, height: image?.height ?? 0 };
}
