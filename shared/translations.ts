/**
 * Content in the site's other languages (docs/decisions/0049). A record, About and the Site settings
 * carry `translations`: per translated language, the values that differ from English, by field
 * name (`{ kn: { title: 'ಮನೆ' } }`). English stays in the fields themselves, so every existing reader,
 * the API's reply shapes and the admin's English form are unchanged. A blank or absent value falls back
 * to English, and the page marks that text `lang="en"`.
 */
import { TRANSLATED_LANGUAGES, isTranslatedLanguage, type Language, type TranslatedLanguage } from './languages';
import type { FieldDef, ResourceDef } from './resources/define';
import { ALT_MAX } from './image-details';
import { keysOf, propertyOf } from './narrow';

/** One language's values by field name (text fields; a list field's value is its items). */
export type TranslatedValues = Readonly<Record<string, string | readonly string[]>>;
export type Translations = Readonly<Partial<Record<TranslatedLanguage, TranslatedValues>>>;

/** Field kinds whose values are words a visitor reads (a URL, a date, a number or a select's option are not: options are fixed text). */
const TRANSLATABLE_KINDS: ReadonlySet<FieldDef['kind']> = new Set(['text', 'textarea', 'list']);

/** The fields of a resource that have a value per language. */
function translatableFields(def: Pick<ResourceDef, 'fields'>): readonly FieldDef[] {
  return def.fields.filter((field) => TRANSLATABLE_KINDS.has(field.kind) && !field.options && !field.suggestions);
}

/**
 * A single image's alt text in the other languages: the record's `translations.<code>.imageAlt`, beside its fields, as long
 * as the English `imageAlt` may be. A page shows it before the library's alt text in that language (server/media/media-index.ts).
 */
export const IMAGE_ALT_TRANSLATION = { name: 'imageAlt', label: 'Alt text', kind: 'text', max: ALT_MAX } as const satisfies FieldDef;

/** The places of a record's `translations`: its translatable fields, and a single image's alt text. */
export function translatedPlaces(def: Pick<ResourceDef, 'fields'> & { image?: ResourceDef['image'] }): readonly FieldDef[] {
  const fields = translatableFields(def);
  return def.image?.kind === 'single' ? [...fields, IMAGE_ALT_TRANSLATION] : fields;
}

const isBlank = (value: unknown) =>
  value == null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * The translatable fields of a record that have English text and no value in `language`, and the gallery images whose
 * description has none there (`images.<i>.description`): the admin's "missing" marker and filter. Alt texts are not
 * counted: a page may show the library's in that language, and visitors do not read them as text.
 */
export function missingTranslations(
  def: Pick<ResourceDef, 'fields'> & { image?: ResourceDef['image'] },
  record: Readonly<Record<string, unknown>> & { translations?: Translations },
  language: TranslatedLanguage,
): string[] {
  const values = record.translations?.[language] ?? {};
  const fields = translatableFields(def)
    .filter((field) => !isBlank(record[field.name]) && isBlank(values[field.name]))
    .map((field) => field.name);
  const policy = def.image;
  if (policy?.kind !== 'multiple' || !policy.withDescriptions) return fields;
  const images: unknown = record[policy.field];
  const described = Array.isArray(images) ? images : [];
  return [
    ...fields,
    ...described.flatMap((image: unknown, index) => {
      const english = propertyOf(image, 'description');
      const translated = propertyOf(propertyOf(propertyOf(image, 'translations'), language), 'description');
      return !isBlank(english) && isBlank(translated) ? [`${policy.field}.${index}.description`] : [];
    }),
  ];
}

/** Marks which fields of a localized record show English in a page of another language. */
const FALLBACK_FIELDS = 'fallbackFields';

/** A record as a page in `language` shows it: translated values in place, the fields left in English named in `fallbackFields`. */
export type Localized<T> = T & { fallbackFields?: readonly string[] };

/**
 * The record in `language`: each translatable field's value in that language where it has one; the
 * rest stay English and are listed in `fallbackFields` (nothing is listed for English itself).
 */
export function localizeRecord<T extends Readonly<Record<string, unknown>> & { translations?: Translations }>(
  def: Pick<ResourceDef, 'fields'>,
  record: T,
  language: Language,
): Localized<T> {
  if (!isTranslatedLanguage(language)) return record;
  const values = record.translations?.[language] ?? {};
  const translated: Record<string, unknown> = {};
  const fallback: string[] = [];
  for (const field of translatableFields(def)) {
    const value = values[field.name];
    if (!isBlank(value)) translated[field.name] = value;
    else if (!isBlank(record[field.name])) fallback.push(field.name);
  }
  const localized: Localized<T> = { ...record, ...translated };
  // places named before (an image's alt text the library has no translation of, server/media/media-index.ts) stay named
  const named: unknown = record[FALLBACK_FIELDS];
  const earlier = Array.isArray(named) ? named.map(String) : [];
  fallback.unshift(...earlier.filter((place) => !fallback.includes(place)));
  return fallback.length ? { ...localized, [FALLBACK_FIELDS]: fallback } : localized;
}

/** The `lang` an element showing `field` of a localized record needs: 'en' when it fell back, else none (the page's); English is the default language. */
export function fieldLang(record: object | null | undefined, field: string): 'en' | undefined {
  // any record: a page's props are typed as stored, and only a localized one carries the list
  const fallback = propertyOf(record, FALLBACK_FIELDS);
  return Array.isArray(fallback) && fallback.includes(field) ? 'en' : undefined;
}

/**
 * The `lang` of an image's alt text on a page: its alt text's (`place`: 'imageAlt', 'imageDetails.0.alt') when it has one,
 * else that of the field standing in for it (a title), if any.
 */
export function altLang(record: object | null | undefined, alt: string | undefined, place: string, standIn?: string): 'en' | undefined {
  if (alt) return fieldLang(record, place);
  return standIn ? fieldLang(record, standIn) : undefined;
}

export { TRANSLATED_LANGUAGES };

/** The messages of a write's `translations` that does not fit (the field's own limits give theirs, its label naming the language). */
export const translationMessages = {
  invalid: 'Translations must be an object of languages, each an object of field values, e.g. {"kn":{"title":"…"}}',
  unknownLanguage: (code: string) =>
    `Translations: "${code}" is not a language content is translated into (one of: ${TRANSLATED_LANGUAGES.join(', ')})`,
  notAnObject: (languageName: string) => `Translations (${languageName}) must be an object of field values`,
  unknownField: (name: string, languageName: string, known: readonly string[]) =>
    `Translations (${languageName}): "${name}" is not a translatable field${known.length ? ` (one of: ${known.join(', ')})` : ''}`,
};

/** A field's label in a language: "Title (Kannada)", as its messages and the history name it. */
export const translatedLabel = (label: string, languageName: string) => `${label} (${languageName})`;

/** The values a write sent per language, checked; null marks a value sent blank, which removes the stored one. */
export type TranslationsPatch = Partial<Record<TranslatedLanguage, Record<string, string | readonly string[] | null>>>;

/**
 * The stored translations with a write's applied: a field the write left out keeps its value, one sent blank is
 * removed (so the page falls back to English), a language left with no value is dropped.
 */
export function mergeTranslations(current: Translations | null | undefined, patch: TranslationsPatch | undefined): Translations {
  const merged: Partial<Record<TranslatedLanguage, Record<string, string | readonly string[]>>> = {};
  for (const code of TRANSLATED_LANGUAGES) {
    const values: Record<string, string | readonly string[]> = { ...(current?.[code] ?? {}) };
    for (const [name, value] of Object.entries(patch?.[code] ?? {})) {
      if (value === null || isBlank(value)) delete values[name];
      else values[name] = value;
    }
    if (Object.keys(values).length > 0) merged[code] = values;
  }
  return merged;
}

/** Stored translations as read back (a JSON column, a snapshot): only languages and values of the right shape. */
export function storedTranslations(value: unknown): Translations {
  const out: Partial<Record<TranslatedLanguage, Record<string, string | readonly string[]>>> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const code of TRANSLATED_LANGUAGES) {
    const values: unknown = Reflect.get(value, code);
    if (typeof values !== 'object' || values === null || Array.isArray(values)) continue;
    const kept: Record<string, string | readonly string[]> = {};
    for (const [name, entry] of Object.entries(values)) {
      if (typeof entry === 'string' || (Array.isArray(entry) && entry.every((item) => typeof item === 'string'))) {
        if (!isBlank(entry)) kept[name] = entry;
      }
    }
    if (Object.keys(kept).length > 0) out[code] = kept;
  }
  return out;
}

// ---- About and the Site settings: translations nested like the document (docs/decisions/0049) ----

/** About's translatable strings in one language, placed as in the document; the cards by their id. */
export type AboutTranslation = {
  hero?: { title?: string; subtitle?: string; buttonText?: string; imageAlt?: string };
  main?: { title?: string; subtitle?: string; description?: string };
  years?: { number?: string; description?: string };
  cards?: Readonly<Record<string, { title?: string; description?: string }>>;
};
export type AboutTranslations = Partial<Record<TranslatedLanguage, AboutTranslation>>;

/**
 * The Site settings' translatable strings in one language. The company name stays as registered, and numbers,
 * addresses of the web and hours are the same in every language; the default title and description and the words
 * of the postal address are translated.
 */
export type SiteSettingsTranslation = {
  defaultTitle?: string;
  defaultDescription?: string;
  address?: { street?: string; locality?: string; region?: string };
};
export type SiteSettingsTranslations = Partial<Record<TranslatedLanguage, SiteSettingsTranslation>>;

/** The translatable places of About's sections (the cards' are `cards.<id>.title` and `.description`). */
const ABOUT_TRANSLATABLE = {
  hero: ['title', 'subtitle', 'buttonText', 'imageAlt'],
  main: ['title', 'subtitle', 'description'],
  years: ['number', 'description'],
} as const;
const ABOUT_CARD_TRANSLATABLE = ['title', 'description'] as const;
/** The Site settings' translatable places, dotted. */
const SITE_SETTINGS_TRANSLATABLE = ['defaultTitle', 'defaultDescription', 'address.street', 'address.locality', 'address.region'] as const;

/** A document with its translated values in place of English, and the places left in English. */
export type LocalizedDocument<T> = T & { fallbackFields: string[] };

interface AboutLike {
  hero: Record<string, unknown> & { title: string; subtitle: string; buttonText: string; imageAlt: string };
  main: { title: string; subtitle: string; description: string };
  years: { number: string; description: string };
  cards: readonly { id: string; title: string; description: string }[];
  translations?: AboutTranslations;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Per place of About ('hero.title', 'cards.<id>.title'): its English value and its value in `language` ('' when none). */
function aboutPlaces(content: AboutLike, language: TranslatedLanguage) {
  const values = content.translations?.[language] ?? {};
  const places: { place: string; english: string; translated: string }[] = [];
  for (const section of keysOf(ABOUT_TRANSLATABLE)) {
    const english: Record<string, unknown> = content[section];
    const translated: Record<string, unknown> = values[section] ?? {};
    for (const name of ABOUT_TRANSLATABLE[section]) {
      places.push({ place: `${section}.${name}`, english: text(english[name]), translated: text(translated[name]) });
    }
  }
  for (const card of content.cards) {
    const translated: Record<string, unknown> = values.cards?.[card.id] ?? {};
    for (const name of ABOUT_CARD_TRANSLATABLE) {
      places.push({ place: `cards.${card.id}.${name}`, english: text(card[name]), translated: text(translated[name]) });
    }
  }
  return places;
}

/**
 * About as a page in `language` shows it: each translated string in place of the English one; `fallbackFields` names the
 * places left in English that have text (dotted: 'hero.title', 'cards.<id>.title'). English: as it is, none named.
 */
export function localizeAbout<T extends AboutLike>(content: T, language: Language): LocalizedDocument<T> {
  if (!isTranslatedLanguage(language)) return { ...content, fallbackFields: [] };
  const values = content.translations?.[language] ?? {};
  const pick = (english: string, translated: unknown) => text(translated) || english;
  const fallbackFields = aboutPlaces(content, language)
    .filter((place) => place.english !== '' && place.translated === '')
    .map((place) => place.place);
  return {
    ...content,
    hero: {
      ...content.hero,
      title: pick(content.hero.title, values.hero?.title),
      subtitle: pick(content.hero.subtitle, values.hero?.subtitle),
      buttonText: pick(content.hero.buttonText, values.hero?.buttonText),
      imageAlt: pick(content.hero.imageAlt, values.hero?.imageAlt),
    },
    main: {
      title: pick(content.main.title, values.main?.title),
      subtitle: pick(content.main.subtitle, values.main?.subtitle),
      description: pick(content.main.description, values.main?.description),
    },
    years: {
      number: pick(content.years.number, values.years?.number),
      description: pick(content.years.description, values.years?.description),
    },
    cards: content.cards.map((card) => ({
      ...card,
      title: pick(card.title, values.cards?.[card.id]?.title),
      description: pick(card.description, values.cards?.[card.id]?.description),
    })),
    fallbackFields,
  };
}

/** The places of About with English text and no value in `language`: the admin's "missing" marker. */
export function missingAboutTranslations(content: AboutLike, language: TranslatedLanguage): string[] {
  return aboutPlaces(content, language)
    .filter((place) => place.english !== '' && place.translated === '')
    .map((place) => place.place);
}

interface SiteSettingsLike {
  defaultTitle: string;
  defaultDescription: string;
  address: { street: string; locality: string; region: string } & Record<string, string>;
  translations?: SiteSettingsTranslations;
}

function siteSettingsPlaces(settings: SiteSettingsLike, language: TranslatedLanguage) {
  const values = settings.translations?.[language] ?? {};
  const read = (from: { defaultTitle?: unknown; defaultDescription?: unknown; address?: Record<string, unknown> }, place: string) => {
    const [first, second] = place.split('.');
    return text(second === undefined ? Reflect.get(from, first) : from.address?.[second]);
  };
  return SITE_SETTINGS_TRANSLATABLE.map((place) => ({ place, english: read(settings, place), translated: read(values, place) }));
}

/** The Site settings as a page in `language` shows them: translated strings in place, `fallbackFields` naming those left in English. */
export function localizeSiteSettings<T extends SiteSettingsLike>(settings: T, language: Language): LocalizedDocument<T> {
  if (!isTranslatedLanguage(language)) return { ...settings, fallbackFields: [] };
  const values = settings.translations?.[language] ?? {};
  const pick = (english: string, translated: unknown) => text(translated) || english;
  const fallbackFields = siteSettingsPlaces(settings, language)
    .filter((place) => place.english !== '' && place.translated === '')
    .map((place) => place.place);
  return {
    ...settings,
    defaultTitle: pick(settings.defaultTitle, values.defaultTitle),
    defaultDescription: pick(settings.defaultDescription, values.defaultDescription),
    address: {
      ...settings.address,
      street: pick(settings.address.street, values.address?.street),
      locality: pick(settings.address.locality, values.address?.locality),
      region: pick(settings.address.region, values.address?.region),
    },
    fallbackFields,
  };
}

/** The Site settings' places with English text and no value in `language`: the admin's "missing" marker. */
export function missingSiteSettingsTranslations(settings: SiteSettingsLike, language: TranslatedLanguage): string[] {
  return siteSettingsPlaces(settings, language)
    .filter((place) => place.english !== '' && place.translated === '')
    .map((place) => place.place);
}
