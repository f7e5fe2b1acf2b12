/**
 * Turns an uploaded file into the site's image renditions: the bytes must decode
 * as a raster image within the pixel limit; the output is re-encoded WebP and AVIF
 * at a few widths, without metadata. Within the request only the stored URL's
 * rendition is made (in a staging directory until the record is saved), and the
 * upload itself is kept as the source the background job makes the others from.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  parseImageUrl,
  renditionUrl,
  renditionWidths,
  type ImageFormat,
  type StoredImage,
} from '../../shared/image-urls';
import { apiMessages } from '../../shared/api-messages';
import { ClientError } from '../errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const MAX_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
/** WebP's limit per side (AVIF's, 16384, is one more): a longer rendition cannot be encoded. */
const MAX_RENDITION_SIDE = 16383;

sharp.cache(false); // every upload is seen once; caching only holds memory
// libvips threads per image: one core stays free for serving pages while an image is encoded
sharp.concurrency(Math.max(1, os.availableParallelism() - 1));

export interface PreparedImage {
  /** The URL the record stores. */
  url: string;
  /** Files to move into storage, by storage name: the stored URL's rendition and the source. */
  files: { name: string; path: string }[];
  /** Storage name of the upload kept until the background job has made the other renditions. */
  source: string;
  /** The stored rendition's sides, size and SHA-256 (hex), as the media library registers it. */
  width: number;
  height: number;
  bytes: number;
  sha256: string;
}

/** Storage name of an image's source: beside its renditions, under a suffix /uploads never serves. */
export function sourceName(url: string): string {
  return `${path.basename(url, '.webp')}.source`;
}

/** Encoder settings per format; the request's first WebP trades a few percent of size for half the time. */
const ENCODINGS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 78, effort: 4 },
  firstWebp: { quality: 78, effort: 2 },
} as const;

export interface ImageLimits {
  maxPixels: number;
}

/** Decodes, checks and renders one upload into `stagingDir`. Throws ClientError for a bad file. */
export async function prepareImage(sourcePath: string, stagingDir: string, limits: ImageLimits): Promise<PreparedImage> {
  let meta: Metadata;
  try {
    // reads the header only: a pixel flood is refused before anything is decoded
    meta = await sharp(sourcePath, { limitInputPixels: false }).metadata();
  } catch {
    throw new ClientError(400, apiMessages.notAnImage);
  }
  const isAvif = meta.format === 'heif' && meta.compression === 'av1';
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && !isAvif)) {
    throw new ClientError(400, apiMessages.notAnImage);
  }
  if (!meta.width || !meta.height) throw new ClientError(400, apiMessages.notAnImage);
  if (meta.width * meta.height > limits.maxPixels) throw new ClientError(400, apiMessages.imageTooManyPixels);

  // EXIF orientation swaps the sides of portrait photos
  const rotated = (meta.orientation ?? 1) >= 5;
  const sourceWidth = rotated ? meta.height : meta.width;
  const sourceHeight = rotated ? meta.width : meta.height;
  const width = Math.min(sourceWidth, MAX_WIDTH);
  const height = Math.max(1, Math.round((sourceHeight * width) / sourceWidth));
  // a very thin image stays taller than any format allows after resizing: refuse it before decoding
  if (height > MAX_RENDITION_SIDE) throw new ClientError(400, apiMessages.imageTooManyPixels);

  const key = crypto.randomBytes(10).toString('hex');
  const image: StoredImage = { base: `/uploads/${key}_${width}x${height}`, width, height };

  let decoded: DecodedImage;
  try {
    decoded = await decodeToWidth(sourcePath, width, limits);
  } catch {
    throw new ClientError(400, apiMessages.notAnImage);
  }

  await fs.mkdir(stagingDir, { recursive: true });
  const url = `${image.base}.webp`;
  const first = path.join(stagingDir, path.basename(url));
  await pipelineOf(decoded).webp(ENCODINGS.firstWebp).toFile(first);
  const stored = await fs.readFile(first);
  return {
    url,
    files: [
      { name: path.basename(url), path: first },
      { name: sourceName(url), path: sourcePath },
    ],
    source: sourceName(url),
    width,
    height,
    bytes: stored.length,
    sha256: crypto.createHash('sha256').update(stored).digest('hex'),
  };
}

/** An image decoded upright at its stored width: raw pixels every rendition is encoded from. */
export interface DecodedImage {
  pixels: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** Decodes fully (so a truncated or corrupt file fails here), upright, at the stored width; pixels ready to encode. */
async function decodeToWidth(input: string | Buffer, width: number, limits: ImageLimits): Promise<DecodedImage> {
  const { data, info } = await sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * A new pipeline over the decoded pixels, sharing their buffer. Not sharp's clone(): it structuredClones
 * its options, input buffer included, so each rendition copied megabytes on the main thread (4 s of
 * the event loop per 20 uploads, measured) and fed the garbage collector.
 */
function pipelineOf(decoded: DecodedImage): Sharp {
  return sharp(decoded.pixels, { raw: decoded.raw });
}

export interface PendingRendition {
  /** Storage name. */
  name: string;
  width: number;
  format: ImageFormat;
}

/** The renditions of a stored image the background job makes: every width and format but the stored URL's. */
export function remainingRenditions(url: string): PendingRendition[] {
  const image = parseImageUrl(url);
  if (!image) return [];
  const remaining: PendingRendition[] = [];
  for (const width of renditionWidths(image.width)) {
    for (const format of IMAGE_FORMATS) {
      const name = path.basename(renditionUrl(image, width, format));
      if (`/uploads/${name}` !== url) remaining.push({ name, width, format });
    }
  }
  return remaining;
}

/** Decodes a kept source (its bytes or its file) again, as the request did: the same checks, the same orientation and width. */
export async function decodeSource(source: Buffer | string, url: string, limits: ImageLimits): Promise<DecodedImage> {
  const image = parseImageUrl(url);
  if (!image) throw new Error(`Not a stored image URL: ${url}`);
  return decodeToWidth(source, image.width, limits);
}

/** Encodes one rendition of decoded pixels into `target`, without metadata. */
export async function encodeRendition(decoded: DecodedImage, rendition: PendingRendition, target: string): Promise<void> {
  const pipeline = pipelineOf(decoded).resize({ width: rendition.width });
  await (rendition.format === 'avif' ? pipeline.avif(ENCODINGS.avif) : pipeline.webp(ENCODINGS.webp)).toFile(target);
}
