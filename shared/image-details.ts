/**
 * The alt text and focal point every image carries, whatever shape its resource keeps images in:
 * a single image's `imageAlt`, `imageFocusX`, `imageFocusY`; the gallery's image objects' `alt`,
 * `focusX`, `focusY`; a URL list's `imageDetails` (one entry per URL, same order). See docs/decisions/0022.
 */
import { imageDetailMessages } from './api-messages';
import { isRecord } from './narrow';

/** The longest alt text: a sentence or two, as screen readers read it. */
export const ALT_MAX = 250;
/** The focal point when none was set: the centre. */
export const FOCUS_CENTRE = 50;

/** Alt text and focal point (percent from the left and from the top) of one image. */
export interface ImageDetails {
  alt: string;
  focusX: number;
  focusY: number;
}

/** One image with its details. */
export interface ImageEntry extends ImageDetails {
  url: string;
}

export const DEFAULT_DETAILS: ImageDetails = { alt: '', focusX: FOCUS_CENTRE, focusY: FOCUS_CENTRE };

type Loose = Readonly<Record<string, unknown>>;

const asFocus = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100 ? value : FOCUS_CENTRE;

/** Details read back from stored data; anything missing or odd reads as no alt and the centre. */
export function detailsFrom(value: { alt?: unknown; focusX?: unknown; focusY?: unknown } | undefined | null): ImageDetails {
  return {
    alt: typeof value?.alt === 'string' ? value.alt : '',
    focusX: asFocus(value?.focusX),
    focusY: asFocus(value?.focusY),
  };
}

/** Every image of a record, with its details, in order. */
export function imageEntries(record: Loose): ImageEntry[] {
  if (typeof record.image === 'string') {
    if (!record.image) return [];
    return [{ url: record.image, ...detailsFrom({ alt: record.imageAlt, focusX: record.imageFocusX, focusY: record.imageFocusY }) }];
  }
  const images: unknown[] = Array.isArray(record.images) ? record.images : [];
  const listed = Array.isArray(record.imageDetails) ? record.imageDetails.filter(isRecord) : [];
  return images.flatMap((image) => {
    if (typeof image === 'string') return [{ url: image, ...detailsFrom(listed.find((entry) => entry.url === image)) }];
    if (isRecord(image) && typeof image.url === 'string') return [{ url: image.url, ...detailsFrom(image) }];
    return [];
  });
}

/** The details of a single-image record (its `imageAlt`, `imageFocusX`, `imageFocusY`). */
export const singleImageDetails = (record: { imageAlt: string; imageFocusX: number; imageFocusY: number }): ImageDetails => ({
  alt: record.imageAlt,
  focusX: record.imageFocusX,
  focusY: record.imageFocusY,
});

/** The CSS `object-position` of a focal point. */
export const objectPosition = (details: Pick<ImageDetails, 'focusX' | 'focusY'>) => `${details.focusX}% ${details.focusY}%`;

/** The result of checking details a write sent. */
export type DetailsCheck = { ok: true; details: Partial<ImageDetails> } | { ok: false; message: string };

/** A focal coordinate as a write sends it: a whole number 0-100, or its digits in a multipart text part. */
function parseFocus(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(number) && number >= 0 && number <= 100 ? number : null;
}

/** Checks the details a write sent for one image; properties left out are left out of the result (they keep their value). */
export function checkDetails(raw: Loose): DetailsCheck {
  const details: Partial<ImageDetails> = {};
  if (raw.alt !== undefined) {
    if (typeof raw.alt !== 'string') return { ok: false, message: imageDetailMessages.altNotText };
    const alt = raw.alt.trim();
    if (alt.includes('\u0000')) return { ok: false, message: imageDetailMessages.altHasNul };
    if (alt.length > ALT_MAX) return { ok: false, message: imageDetailMessages.altTooLong(ALT_MAX) };
    details.alt = alt;
  }
  for (const key of ['focusX', 'focusY'] as const) {
    if (raw[key] === undefined) continue;
    const focus = parseFocus(raw[key]);
    if (focus === null) return { ok: false, message: imageDetailMessages.focusInvalid };
    details[key] = focus;
  }
  return { ok: true, details };
}
