/**
 * What visitors see of each image (issue 27 step 2, docs/decisions/0048): a use's alt text '' means the library
 * entry's alt text, a use's focal point at the centre (50, 50) the entry's focal point; anything else the use stored is
 * its own. Every public read (lists and the public API, pages, About's hero, staff previews) resolves images here, from
 * one index of the library read once per `ContentVersion` value, as the other caches are. Admin replies keep the stored
 * values. The index answers each URL, an alias too (a replaced file's or a merged upload's), with the entry's current URL.
 */
import { isNull } from 'drizzle-orm';
import type { AboutContent } from '../../shared/about-content';
import { detailsFrom, FOCUS_CENTRE, type ImageEntry } from '../../shared/image-details';
import type { ResourceDef } from '../../shared/resources';
import { DEFAULT_LANGUAGE, isTranslatedLanguage, type Language, type TranslatedLanguage } from '../../shared/languages';
import type { Translations } from '../../shared/translations';
import { imageText } from '../../shared/image-translations';
import type { Db } from '../db/client';
import { media, mediaAliases } from '../db/schema';
import { isObject, type AnyRecord } from '../resources/content-records';
import type { ContentVersion } from '../resources/content-version';

/** The change feed's topic of a library change visitors see (an entry's alt text or focal point). */
export const MEDIA_TOPIC = 'media';

/** A library entry as public reads resolve it: its current URL, alt text and focal point, and its alt text per other language. */
export type IndexedImage = ImageEntry & { translations?: Translations };

/** An entry's alt text in `language`, '' when it has none (English shows). */
function entryAlt(entry: IndexedImage | undefined, language: TranslatedLanguage): string {
  const alt = entry?.translations?.[language]?.alt;
  return typeof alt === 'string' ? alt.trim() : '';
}

/** The library's entries not in the Trash, by the URLs records name. */
export type MediaLookup = ReadonlyMap<string, IndexedImage>;

/** One use's details as visitors see them: its own where it set them, else the entry's; the entry's URL. */
function shownImage(use: ImageEntry, lookup: MediaLookup): ImageEntry {
  const entry = lookup.get(use.url);
  if (!entry) return use;
  const centred = use.focusX === FOCUS_CENTRE && use.focusY === FOCUS_CENTRE;
  return {
    url: entry.url,
    alt: use.alt === '' ? entry.alt : use.alt,
    focusX: centred ? entry.focusX : use.focusX,
    focusY: centred ? entry.focusY : use.focusY,
  };
}

/** A record (as `toRecord` builds it) with each image's URL and details as visitors see them. */
function shownRecord<R extends AnyRecord>(def: ResourceDef, record: R, lookup: MediaLookup): R {
  if (lookup.size === 0) return record;
  const policy = def.image;
  const value = record[policy.field];
  if (policy.kind === 'single') {
    if (typeof value !== 'string' || value === '') return record;
    const details = detailsFrom({ alt: record.imageAlt, focusX: record.imageFocusX, focusY: record.imageFocusY });
    const shown = shownImage({ url: value, ...details }, lookup);
    return { ...record, [policy.field]: shown.url, imageAlt: shown.alt, imageFocusX: shown.focusX, imageFocusY: shown.focusY };
  }
  const list: unknown[] = Array.isArray(value) ? value : [];
  if (policy.withDescriptions) {
    const images = list.map((image) =>
      isObject(image) && typeof image.url === 'string'
        ? { ...image, ...shownImage({ url: image.url, ...detailsFrom(image) }, lookup) }
        : image,
    );
    return { ...record, [policy.field]: images };
  }
  const listed: unknown[] = Array.isArray(record.imageDetails) ? record.imageDetails : [];
  // an entry's own translations (its Kannada alt text) stay with it
  const details = listed.map((entry) =>
    isObject(entry) && typeof entry.url === 'string'
      ? { ...entry, ...shownImage({ url: entry.url, ...detailsFrom(entry) }, lookup) }
      : entry,
  );
  const urls = list.map((url) => (typeof url === 'string' ? (lookup.get(url)?.url ?? url) : url));
  return { ...record, [policy.field]: urls, imageDetails: details };
}

/**
 * About's hero as visitors see it: no alt text of its own reads as the library entry's. In another language
 * (docs/decisions/0049) the hero's alt text there (About's translations), else the entry's there, else English;
 * the Kannada value is put in About's translations, so localizeAbout shows it (or marks the English one).
 */
export function shownAbout(about: AboutContent, lookup: MediaLookup, language: Language = DEFAULT_LANGUAGE): AboutContent {
  const { image, imageAlt } = about.hero;
  const entry = image ? lookup.get(image) : undefined;
  if (!entry) return about;
  const shown = { ...about, hero: { ...about.hero, image: entry.url, imageAlt: imageAlt === '' ? entry.alt : imageAlt } };
  if (!isTranslatedLanguage(language)) return shown;
  const own = about.translations?.[language]?.hero?.imageAlt?.trim();
  const alt = own || entryAlt(entry, language);
  if (!alt) return shown;
  const values = about.translations?.[language] ?? {};
  return { ...shown, translations: { ...about.translations, [language]: { ...values, hero: { ...values.hero, imageAlt: alt } } } };
}

/** One text of a record's images, at its place as `fallbackFields` names it; `own`: the use's own value in the page's language. */
interface ImageTextPlace {
  place: string;
  url: string;
  english: string;
  own: string;
  set: (text: string) => void;
}

/**
 * The places of a record's image alt texts, as `fallbackFields` names them: `imageAlt`, or `<field>.<i>.alt` / `imageDetails.<i>.alt`;
 * a single image's own alt text in `language` is the record's `translations.<code>.imageAlt`, a listed image's its entry's.
 */
function altPlaces(def: ResourceDef, record: AnyRecord, language: TranslatedLanguage): ImageTextPlace[] {
  const policy = def.image;
  if (policy.kind === 'single') {
    const url = record[policy.field];
    if (typeof url !== 'string' || url === '') return [];
    const translations: unknown = record.translations;
    const own = isObject(translations) && isObject(translations[language]) ? translations[language].imageAlt : undefined;
    return [
      {
        place: 'imageAlt',
        url,
        english: String(record.imageAlt ?? ''),
        own: typeof own === 'string' ? own.trim() : '',
        set: (alt) => (record.imageAlt = alt),
      },
    ];
  }
  const value = policy.withDescriptions ? record[policy.field] : record.imageDetails;
  const details: unknown[] = Array.isArray(value) ? value : [];
  const field = policy.withDescriptions ? policy.field : 'imageDetails';
  return details.flatMap((entry, index) =>
    isObject(entry) && typeof entry.url === 'string'
      ? [
          {
            place: `${field}.${index}.alt`,
            url: entry.url,
            english: String(entry.alt ?? ''),
            own: imageText(entry.translations, language, 'alt'),
            set: (alt: string) => (entry.alt = alt),
          },
        ]
      : [],
  );
}

/** The places of a gallery's image descriptions (`images.<i>.description`), each with its own value in `language`. */
function descriptionPlaces(def: ResourceDef, record: AnyRecord, language: TranslatedLanguage): ImageTextPlace[] {
  const policy = def.image;
  if (policy.kind !== 'multiple' || !policy.withDescriptions) return [];
  const value = record[policy.field];
  const images: unknown[] = Array.isArray(value) ? value : [];
  return images.flatMap((entry, index) =>
    isObject(entry) && typeof entry.url === 'string'
      ? [
          {
            place: `${policy.field}.${index}.description`,
            url: entry.url,
            english: String(entry.description ?? ''),
            own: imageText(entry.translations, language, 'description'),
            set: (description: string) => (entry.description = description),
          },
        ]
      : [],
  );
}

/** A record's images without their own translations (a page shows one language; the others' would only weigh down its data). */
export function withoutImageTranslations<R extends AnyRecord>(def: ResourceDef, record: R): R {
  const policy = def.image;
  if (policy.kind !== 'multiple') return record;
  const strip = (list: unknown) =>
    Array.isArray(list)
      ? list.map((entry: unknown) => {
          if (!isObject(entry) || !('translations' in entry)) return entry;
          const { translations: _translations, ...rest } = entry;
          return rest;
        })
      : list;
  return policy.withDescriptions
    ? { ...record, [policy.field]: strip(record[policy.field]) }
    : { ...record, imageDetails: strip(record.imageDetails) };
}

/**
 * Records (as visitors see them, shownRecords) with their images' texts in `language`. An alt text: the use's own there,
 * else the library entry's there, else the English one, named in `fallbackFields` (localizeRecord keeps those). A gallery
 * image's description: its own there, else the English one, named likewise. English: the records as they are.
 */
function localizedImages<R extends AnyRecord>(def: ResourceDef, records: R[], language: Language, lookup: MediaLookup): R[] {
  if (!isTranslatedLanguage(language)) return records;
  return records.map((stored) => {
    const record = structuredClone(stored);
    const fallback: string[] = [];
    for (const image of altPlaces(def, record, language)) {
      const alt = image.own || entryAlt(lookup.get(image.url), language);
      if (alt) image.set(alt);
      else if (image.english) fallback.push(image.place);
    }
    for (const image of descriptionPlaces(def, record, language)) {
      if (image.own) image.set(image.own);
      else if (image.english) fallback.push(image.place);
    }
    const earlier = Array.isArray(record.fallbackFields) ? record.fallbackFields.map(String) : [];
    return fallback.length ? { ...record, fallbackFields: [...earlier, ...fallback] } : record;
  });
}

export class MediaIndex {
  private read: { version: number; lookup: Promise<Map<string, IndexedImage>> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly contentVersion: ContentVersion,
  ) {}

  /** The entries not in the Trash by URL, read again after every content, document or library change (here or in another process). */
  lookup(): Promise<MediaLookup> {
    const version = this.contentVersion.current;
    if (this.read?.version !== version) {
      const lookup = this.load();
      this.read = { version, lookup };
      // a failed read is not kept: the next request tries again
      lookup.catch(() => {
        if (this.read?.lookup === lookup) this.read = null;
      });
    }
    return this.read!.lookup;
  }

  /** Records with their images as visitors see them. */
  async shownRecords<R extends AnyRecord>(def: ResourceDef, records: R[]): Promise<R[]> {
    const lookup = await this.lookup();
    return records.map((record) => shownRecord(def, record, lookup));
  }

  /** Records as visitors see them (shownRecords) with their images' alt text in `language` (localizedImages). */
  async localizedImages<R extends AnyRecord>(def: ResourceDef, records: R[], language: Language): Promise<R[]> {
    if (!isTranslatedLanguage(language)) return records;
    return localizedImages(def, records, language, await this.lookup());
  }

  private async load(): Promise<Map<string, IndexedImage>> {
    const rows = await this.db
      .select({
        id: media.id,
        url: media.url,
        alt: media.alt,
        focusX: media.focusX,
        focusY: media.focusY,
        translations: media.translations,
      })
      .from(media)
      .where(isNull(media.deletedAt));
    const byId = new Map(rows.map(({ id, ...image }) => [id, image]));
    const lookup = new Map([...byId.values()].map((image) => [image.url, image]));
    // an earlier URL (a replaced file's, or an upload merged into the entry with the same bytes) shows the entry
    const aliases = await this.db.select({ url: mediaAliases.url, mediaId: mediaAliases.mediaId }).from(mediaAliases);
    for (const alias of aliases) {
      const entry = byId.get(alias.mediaId);
      if (entry) lookup.set(alias.url, entry);
    }
    return lookup;
  }
}
