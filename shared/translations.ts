/**
 * Content in the site's other languages (docs/decisions/0049). A record, About and the Site settings
 * carry `translations`: per translated language, the values that differ from English, by field
 * name (`{ kn: { title: 'ಮನೆ' } }`). English stays in the fields themselves, so every existing reader,
 * the API's reply shapes and the admin's English form are unchanged. A blank or absent value falls back
 * to English, and the page marks that text `lang="en"`.
 */
import { TRANSLATED_LANGUAGES, isTranslatedLanguage, type Language, type TranslatedLanguage } from './languages';
import type { FieldDef, ResourceDef } from './resources/define';

/** One language's values by field name (text fields; a list field's value is its items). */
export type TranslatedValues = Readonly<Record<string, string | readonly string[]>>;
export type Translations = Readonly<Partial<Record<TranslatedLanguage, TranslatedValues>>>;

/** Field kinds whose values are words a visitor reads (a URL, a date, a number or a select's option are not: options are fixed text). */
const TRANSLATABLE_KINDS: ReadonlySet<FieldDef['kind']> = new Set(['text', 'textarea', 'list']);

/** The fields of a resource that have a value per language. */
export function translatableFields(def: Pick<ResourceDef, 'fields'>): readonly FieldDef[] {
  return def.fields.filter((field) => TRANSLATABLE_KINDS.has(field.kind) && !field.options && !field.suggestions);
}

const isBlank = (value: unknown) =>
  value == null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** The translatable fields of a record that have English text and no value in `language`: the admin's "missing" marker and filter. */
export function missingTranslations(
  def: Pick<ResourceDef, 'fields'>,
  record: Readonly<Record<string, unknown>> & { translations?: Translations },
  language: TranslatedLanguage,
): string[] {
  const values = record.translations?.[language] ?? {};
  return translatableFields(def)
    .filter((field) => !isBlank(record[field.name]) && isBlank(values[field.name]))
    .map((field) => field.name);
}

/** Marks which fields of a localized record show English in a page of another language. */
export const FALLBACK_FIELDS = 'fallbackFields';

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
  return fallback.length ? { ...localized, [FALLBACK_FIELDS]: fallback } : localized;
}

/** The `lang` an element showing `field` of a localized record needs: 'en' when it fell back, else none (the page's); English is the default language. */
export function fieldLang(record: { fallbackFields?: readonly string[] } | null | undefined, field: string): 'en' | undefined {
  return record?.fallbackFields?.includes(field) ? 'en' : undefined;
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
