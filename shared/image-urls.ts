/**
 * Image URL convention. A stored image URL names its largest WebP rendition and
 * its intrinsic size: /uploads/<key>_<width>x<height>.webp. Smaller renditions
 * and AVIF copies sit next to it, so a record keeps one plain URL per image.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1600] as const;
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const STORED_URL = /^(\/uploads\/[a-z0-9-]+)_(\d+)x(\d+)\.webp$/;

export interface StoredImage {
  base: string;
  width: number;
  height: number;
}

/** Parses a URL made by our pipeline; null for anything else (external or placeholder). */
export function parseImageUrl(url: string | undefined | null): StoredImage | null {
  const match = url ? STORED_URL.exec(url) : null;
  if (!match) return null;
  return { base: `${match[1]}_${match[2]}x${match[3]}`, width: Number(match[2]), height: Number(match[3]) };
}

/** The widths rendered for an image of this intrinsic width (never upscaled). */
export function renditionWidths(intrinsicWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < intrinsicWidth);
  widths.push(Math.min(intrinsicWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]));
  return widths;
}

/** File name (below /uploads/) of one rendition. */
export function renditionUrl(image: StoredImage, width: number, format: ImageFormat): string {
  return width === image.width && format === 'webp' ? `${image.base}.webp` : `${image.base}-${width}.${format}`;
}

/** `srcset` for one format. */
export function srcSet(image: StoredImage, format: ImageFormat): string {
  return renditionWidths(image.width)
    .map((w) => `${renditionUrl(image, w, format)} ${w}w`)
    .join(', ');
}

/** Every URL belonging to a stored image, for deletion. */
export function allRenditionUrls(url: string): string[] {
  const image = parseImageUrl(url);
  if (!image) return [];
  const urls = new Set<string>([url]);
  for (const w of renditionWidths(image.width)) for (const f of IMAGE_FORMATS) urls.add(renditionUrl(image, w, f));
  return [...urls];
}

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** Any file our pipeline stored (a rendition in either format), as /uploads serves it. */
const UPLOADED_URL = /^\/uploads\/[a-z0-9_-]+\.(webp|avif)$/;

/** True for a URL of an image uploaded to this site; false for anything else (other sites, `javascript:`, data URLs). */
export function isUploadedImageUrl(url: string): boolean {
  return UPLOADED_URL.test(url);
}
