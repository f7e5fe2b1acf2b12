/**
 * The media library's rows (docs/decisions/0048): written for each newly stored image in the transaction that
 * names it, so a crash leaves at worst an orphan file (swept at start), never a row naming a missing one.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { ImageDetails } from '../../shared/image-details';
import { parseImageUrl } from '../../shared/image-urls';
import { MEDIA_NAME_MAX } from '../../shared/media';
import type { Db } from '../db/client';
import { media } from '../db/schema';

/** A stored image to register: its URL, the stored WebP's size, hash and sides, the name it came with and its details. */
export interface NewMedia {
  url: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  /** The uploaded file's name; none (or an empty one): the image is named by its stored key. */
  fileName?: string;
  details: ImageDetails;
}

/** The upload's file name without its extension, or the URL's key (`3f9a…` of `/uploads/3f9a…_1600x900.webp`). */
function mediaName(fileName: string | undefined, url: string): string {
  const name = fileName ? path.parse(path.basename(fileName)).name.trim() : '';
  if (name) return name.slice(0, MEDIA_NAME_MAX);
  return path.basename(url).split('_')[0];
}

/** Inserts the entries (an URL already registered is left as it is); `uploadedBy`: the signed-in account, null for the system. */
export async function registerMedia(db: Db, images: readonly NewMedia[], uploadedBy: string | null): Promise<void> {
  if (images.length === 0) return;
  await db
    .insert(media)
    .values(
      images.map((image) => ({
        id: crypto.randomUUID(),
        url: image.url,
        name: mediaName(image.fileName, image.url),
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

/** Sides of a stored image from its URL (`…_1600x900.webp`); 0 × 0 for a URL not of this site's form. */
export function sidesOf(url: string): { width: number; height: number } {
  const image = parseImageUrl(url);
  return { width: image?.width ?? 0, height: image?.height ?? 0 };
}
