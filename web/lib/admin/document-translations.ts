/**
 * The translations of the two documents, About and the Site settings (docs/decisions/0049): `translations` nested like
 * the document (`{ kn: { hero: { title: '…' } } }`), read and written place by place (a path of keys) by their editors.
 */
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../../shared/languages';
import { isRecord } from '../../../shared/narrow';
import { z } from '../../../shared/zod';

/** A document's translations: per language, its texts nested like the document. */
export type DocumentTranslations = Partial<Record<TranslatedLanguage, Record<string, unknown>>>;

/** As a document reply or a draft carries them (anything else is dropped rather than refusing the document). */
export const documentTranslationsSchema = z
  .record(z.string(), z.unknown())
  .transform((value): DocumentTranslations => {
    const out: DocumentTranslations = {};
    for (const language of TRANSLATED_LANGUAGES) if (isRecord(value[language])) out[language] = value[language];
    return out;
  })
  .optional()
  .catch(undefined);

/** The text at `path` of a language's translations ('' when there is none). */
export function translatedText(
  translations: DocumentTranslations | undefined,
  language: TranslatedLanguage,
  path: readonly string[],
): string {
  let at: unknown = translations?.[language];
  for (const key of path) at = isRecord(at) ? at[key] : undefined;
  return typeof at === 'string' ? at : '';
}

/** `translations` with the value at `path` of a language set (a new object along the path; the rest shared). */
export function withTranslated(
  translations: DocumentTranslations | undefined,
  language: TranslatedLanguage,
  path: readonly string[],
  value: unknown,
): DocumentTranslations {
  const set = (node: unknown, depth: number): Record<string, unknown> => {
    const current = isRecord(node) ? node : {};
    const key = path[depth];
    return { ...current, [key]: depth === path.length - 1 ? value : set(current[key], depth + 1) };
  };
  return { ...translations, [language]: set(translations?.[language], 0) };
}

/** The part at `key` of a language's translations (a section, the cards), as stored. */
export function translatedPart(translations: DocumentTranslations | undefined, language: TranslatedLanguage, key: string): unknown {
  const values = translations?.[language];
  return isRecord(values) ? values[key] : undefined;
}

/** How many of `places` have English text and no translation, per language (none missing: the language is left out). */
export function missingPlaces(
  translations: DocumentTranslations | undefined,
  places: readonly { path: readonly string[]; english: string }[],
): Partial<Record<TranslatedLanguage, number>> {
  const counts: Partial<Record<TranslatedLanguage, number>> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const missing = places.filter((place) => place.english.trim() && !translatedText(translations, language, place.path).trim()).length;
    if (missing) counts[language] = missing;
  }
  return counts;
}
