/**
 * What an audit entry says about a content write: the record's fields (before and after for the
 * ones an update changed) and its images as counts, never their contents or URLs.
 */
import type { GalleryImage, ResourceDef } from '../../shared/resources';
import type { FieldChange } from '../../shared/audit';

type AnyRecord = Record<string, unknown>;

/** The record's name, as lists and confirmations show it. */
export const recordLabel = (def: ResourceDef, record: AnyRecord): string => String(record[def.titleField] ?? '');

const imageList = (value: unknown): (string | GalleryImage)[] =>
  Array.isArray(value) ? (value as (string | GalleryImage)[]) : typeof value === 'string' && value ? [value] : [];
const urlOf = (image: string | GalleryImage) => (typeof image === 'string' ? image : image.url);

/** A record's field values and image count: what was created, or what a deletion took away. */
export function recordValues(def: ResourceDef, record: AnyRecord): { values: AnyRecord; images: number } {
  const values: AnyRecord = {};
  for (const field of def.fields) values[field.name] = record[field.name];
  return { values, images: imageList(record[def.image.field]).length };
}

/** The fields an update changed, each before and after; and the images as counts, added and removed. */
export function recordChanges(
  def: ResourceDef,
  before: AnyRecord,
  after: AnyRecord,
): {
  changes: Record<string, FieldChange>;
  images?: { before: number; after: number; added: number; removed: number; descriptionsChanged?: number };
} {
  const changes: Record<string, FieldChange> = {};
  for (const field of def.fields) {
    if (JSON.stringify(before[field.name]) !== JSON.stringify(after[field.name])) {
      changes[field.name] = { before: before[field.name], after: after[field.name] };
    }
  }
  const old = imageList(before[def.image.field]);
  const now = imageList(after[def.image.field]);
  const oldUrls = new Set(old.map(urlOf));
  const nowUrls = new Set(now.map(urlOf));
  const added = now.filter((image) => !oldUrls.has(urlOf(image))).length;
  const removed = old.filter((image) => !nowUrls.has(urlOf(image))).length;
  const descriptionsChanged = now.filter((image) => {
    if (typeof image === 'string') return false;
    const was = old.find((candidate) => typeof candidate !== 'string' && candidate.url === image.url) as GalleryImage | undefined;
    return was !== undefined && was.description !== image.description;
  }).length;
  const reordered = !added && !removed && old.map(urlOf).join('\n') !== now.map(urlOf).join('\n');
  if (!added && !removed && !descriptionsChanged && !reordered) return { changes };
  return {
    changes,
    images: { before: old.length, after: now.length, added, removed, ...(descriptionsChanged ? { descriptionsChanged } : {}) },
  };
}
