/**
 * What an audit entry says about a content write: the record's fields (before and after for the
 * ones an update changed) and its images as counts, never their contents or URLs.
 */
import type { ResourceDef } from '../../shared/resources';
import type { FieldChange } from '../../shared/audit';
import { imageEntries, objectPosition } from '../../shared/image-details';
import { isRecord } from '../../shared/narrow';

type AnyRecord = Record<string, unknown>;

/** The record's name, as lists and confirmations show it. */
export const recordLabel = (def: ResourceDef, record: AnyRecord): string => String(record[def.titleField] ?? '');

/** An image as a record keeps it: a URL, or (the gallery) an object with its URL and description. */
type ListedImage = string | { url: string; description?: unknown };

const isListedImage = (image: unknown): image is ListedImage =>
  typeof image === 'string' || (isRecord(image) && typeof image.url === 'string');
const imageList = (value: unknown): ListedImage[] =>
  Array.isArray(value) ? value.filter(isListedImage) : typeof value === 'string' && value ? [value] : [];
const urlOf = (image: ListedImage) => (typeof image === 'string' ? image : image.url);

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
  Object.assign(changes, detailChanges(def, before, after));
  const old = imageList(before[def.image.field]);
  const now = imageList(after[def.image.field]);
  const oldUrls = new Set(old.map(urlOf));
  const nowUrls = new Set(now.map(urlOf));
  const added = now.filter((image) => !oldUrls.has(urlOf(image))).length;
  const removed = old.filter((image) => !nowUrls.has(urlOf(image))).length;
  const descriptionsChanged = now.filter((image) => {
    if (typeof image === 'string') return false;
    const was = old.find((candidate) => typeof candidate !== 'string' && candidate.url === image.url);
    return typeof was === 'object' && was.description !== image.description;
  }).length;
  const reordered = !added && !removed && old.map(urlOf).join('\n') !== now.map(urlOf).join('\n');
  if (!added && !removed && !descriptionsChanged && !reordered) return { changes };
  return {
    changes,
    images: { before: old.length, after: now.length, added, removed, ...(descriptionsChanged ? { descriptionsChanged } : {}) },
  };
}

/**
 * Alt texts and focal points an update changed, as text fields: `imageAlt` and `imageFocus` of a single
 * image, `imageAlt[n]` and `imageFocus[n]` of the n-th image (new order) of several kept by the update.
 */
function detailChanges(def: ResourceDef, before: AnyRecord, after: AnyRecord): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  const old = imageEntries(before);
  const single = def.image.kind === 'single';
  imageEntries(after).forEach((image, index) => {
    // a single image's details belong to the record; several images' to each image that stayed
    const was = single ? old[0] : old.find((candidate) => candidate.url === image.url);
    if (!was) return;
    const suffix = single ? '' : `[${index + 1}]`;
    if (was.alt !== image.alt) changes[`imageAlt${suffix}`] = { before: was.alt, after: image.alt };
    if (objectPosition(was) !== objectPosition(image)) {
      changes[`imageFocus${suffix}`] = { before: objectPosition(was), after: objectPosition(image) };
    }
  });
  return changes;
}
