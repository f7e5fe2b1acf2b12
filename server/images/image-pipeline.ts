/**
 * Turns an uploaded file into the site's image renditions: the bytes must decode
 * as a raster image within the pixel limit; the output is re-encoded WebP and AVIF
 * at a few widths, without metadata, in a staging directory until the record is saved.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_FORMATS, IMAGE_WIDTHS, renditionUrl, renditionWidths, type StoredImage } from '../../shared/image-urls';
import { apiMessages } from '../../shared/api-messages';
import { ClientError } from '../errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const MAX_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
/** WebP's limit per side (AVIF's, 16384, is one more): a longer rendition cannot be encoded. */
export const MAX_RENDITION_SIDE = 16383;

sharp.cache(false); // every upload is seen once; caching only holds memory
// libvips threads per image: one core stays free for serving pages while an image is encoded
sharp.concurrency(Math.max(1, os.availableParallelism() - 1));

export interface PreparedImage {
  /** The URL the record stores. */
  url: string;
  /** Files to move into storage, by storage name. */
  files: { name: string; path: string }[];
}

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

  let decoded: Sharp;
  try {
    // decode once, fully, so a truncated or corrupt file fails here
    const { data, info } = await sharp(sourcePath, { limitInputPixels: limits.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    decoded = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  } catch {
    throw new ClientError(400, apiMessages.notAnImage);
  }

  await fs.mkdir(stagingDir, { recursive: true });
  const files: { name: string; path: string }[] = [];
  // one rendition at a time: each encode holds one of libuv's 4 threads, which page compression needs too
  for (const w of renditionWidths(width)) {
    for (const format of IMAGE_FORMATS) {
      const name = path.basename(renditionUrl(image, w, format));
      const target = path.join(stagingDir, name);
      const pipeline = decoded.clone().resize({ width: w });
      const encoded =
        format === 'avif' ? pipeline.avif({ quality: 50, effort: 2 }) : pipeline.webp({ quality: 78, effort: 4 });
      await encoded.toFile(target);
      files.push({ name, path: target });
    }
  }
  return { url: `${image.base}.webp`, files };
}
