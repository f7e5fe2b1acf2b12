/**
 * Pure functions over version snapshots: the fields one differs in from another, the image URLs one names,
 * and the field-by-field comparison the History screen and an editor's edit conflict show (words marked with jsdiff's diffWords).
 */
import { diffWords } from 'diff';
import { isUploadedImageUrl } from './image-urls';
import type { FieldComparison } from './history';
import { isRecord } from './narrow';
import { LANGUAGES } from './languages';
import { translatedLabel } from './translations';
import { imageTextLabel } from './image-translations';

type Snapshot = Record<string, unknown>;

/**
 * Each leaf by its place ("hero.title"); lists are leaves (a list of cards or images changes as one). An image's own
 * translations are places too ("images.1.translations.kn.description"), so a change in Kannada names its image.
 */
function flattenSnapshot(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (isRecord(value)) {
    for (const [key, entry] of Object.entries(value)) flattenSnapshot(entry, prefix ? `${prefix}.${key}` : key, into);
  } else if (Array.isArray(value)) {
    // the list itself compares without its images' translations: a change in Kannada alone is not a change of "Images"
    into.set(
      prefix,
      value.map((entry: unknown) => (imageWithTranslations(entry) ? { ...entry, translations: undefined } : entry)),
    );
    value.forEach((entry: unknown, index) => {
      if (imageWithTranslations(entry)) flattenSnapshot(entry.translations, `${prefix}.${index}.translations`, into);
    });
  } else {
    into.set(prefix, value);
  }
  return into;
}

const imageWithTranslations = (entry: unknown): entry is Record<string, unknown> & { translations: Record<string, unknown> } =>
  isRecord(entry) && typeof entry.url === 'string' && isRecord(entry.translations);

/** The places whose values differ, in the order of `after` (then those only `before` has); every place when there is no `before`. */
export function changedFields(before: Snapshot | null, after: Snapshot): string[] {
  const now = flattenSnapshot(after);
  if (!before) return [...now].filter(([, value]) => !isEmpty(value)).map(([place]) => place);
  const old = flattenSnapshot(before);
  const changed = [...now.keys()].filter((place) => !sameValue(old.get(place), now.get(place)));
  for (const place of old.keys()) if (!now.has(place)) changed.push(place);
  return changed;
}

/** Equal values, whatever the order of their objects' keys (a stored snapshot comes back from jsonb with its keys reordered). */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a, sortedKeys) === JSON.stringify(b, sortedKeys);
}

const sortedKeys = (_key: string, value: unknown) =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : value;

const isEmpty = (value: unknown) => value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/** Every uploaded image URL anywhere in a snapshot (a record's images, a document's hero or share image). */
export function snapshotImageUrls(snapshot: unknown): string[] {
  const urls = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (isUploadedImageUrl(value)) urls.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (isRecord(value)) Object.values(value).forEach(walk);
  };
  walk(snapshot);
  return [...urls];
}

/** A value as words to compare: lists one item a line, objects their values (image URLs left out: images are shown as images). */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return isUploadedImageUrl(value) ? '' : value;
  if (Array.isArray(value)) return value.map(asText).filter(Boolean).join('\n');
  if (isRecord(value)) return Object.values(value).map(asText).filter(Boolean).join(' · ');
  return String(value);
}

/** Whether a place holds images: the resource's image field, or values that are all our image URLs. */
function holdsImages(place: string, values: unknown[], imageFields: readonly string[]): boolean {
  if (imageFields.includes(place)) return true;
  const urls = values.flatMap((value) => (Array.isArray(value) ? value : [value])).filter((value) => value !== '' && value != null);
  return urls.length > 0 && urls.every((value) => typeof value === 'string' && isUploadedImageUrl(value));
}

/**
 * Field by field, `from` against `to`, in the order of `to`: text as words kept, added and removed; images as
 * their URLs on each side. `labels` names the places it knows (a resource's field labels).
 */
export function compareSnapshots(
  from: Snapshot,
  to: Snapshot,
  options: { labels: ReadonlyMap<string, string>; imageFields: readonly string[] },
): FieldComparison[] {
  const before = flattenSnapshot(from);
  const after = flattenSnapshot(to);
  const places = [...after.keys(), ...[...before.keys()].filter((place) => !after.has(place))];
  return places.map((place) => {
    const old = before.get(place);
    const now = after.get(place);
    const changed = !sameValue(old, now);
    const label = placeLabel(place, options.labels);
    if (holdsImages(place, [old, now], options.imageFields)) {
      return { field: place, label, changed, kind: 'images', before: snapshotImageUrls(old), after: snapshotImageUrls(now) };
    }
    const parts = diffWords(asText(old), asText(now)).map(({ value, added, removed }) => ({
      value,
      ...(added ? { added: true } : {}),
      ...(removed ? { removed: true } : {}),
    }));
    return { field: place, label, changed, kind: 'text', parts };
  });
}

/**
 * A place's label: the one `labels` knows, else made from its name; a translation's ("translations.kn.title") is its
 * field's label with the language ("Title (Kannada)"), so a change in Kannada reads as one.
 */
export function placeLabel(place: string, labels: ReadonlyMap<string, string>): string {
  // an image's own text in a language: "Image 2 description (Kannada)"
  const image = /^[^.]+\.(\d+)\.translations\.([^.]+)\.(description|alt)$/.exec(place);
  const imageLanguage = image && LANGUAGES.find((candidate) => candidate.code === image[2]);
  if (image && imageLanguage)
    return translatedLabel(imageTextLabel(Number(image[1]) + 1, image[3] === 'alt' ? 'alt' : 'description'), imageLanguage.name);
  const translated = /^translations\.([^.]+)\.(.+)$/.exec(place);
  if (translated) {
    const [, code, field] = translated;
    const language = LANGUAGES.find((candidate) => candidate.code === code);
    if (language) return translatedLabel(labels.get(field) ?? labelOf(field), language.name);
  }
  return labels.get(place) ?? labelOf(place);
}

/** "hero.buttonText" → "Hero › Button text". */
function labelOf(place: string): string {
  return place
    .split('.')
    .map((part) => {
      const words = part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(' › ');
}
