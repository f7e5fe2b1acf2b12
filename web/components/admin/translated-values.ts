/**
 * The admin's translated inputs (docs/decisions/0049): the form holds each language's value of each translatable field as
 * its input shows it, under one flat key per language and field (`kn:title`), beside the English values; a save sends them
 * as `translations` ({ kn: { title, … } }, blank values left out so the page falls back to English).
 */
import { translationCopy } from '../../../shared/copy/admin';
import { TRANSLATED_LANGUAGES, languageDef, type TranslatedLanguage } from '../../../shared/languages';
import { isRecord } from '../../../shared/narrow';
import type { FieldDef, ResourceDef } from '../../../shared/resources';
import { missingTranslations, translatedPlaces, type TranslatedValues, type Translations } from '../../../shared/translations';

/** One translated input of a form: a field in a language. */
export interface TranslatedInput {
  language: TranslatedLanguage;
  field: FieldDef;
  /** Its key in the form's translated values. */
  key: string;
  /** "Title (Kannada)". */
  label: string;
}

const translatedKey = (language: TranslatedLanguage, field: string) => `${language}:${field}`;

/** A form's definition: its fields, and its image policy (a single image's alt text is translated with the fields). */
type FormDef = Pick<ResourceDef, 'fields'> & { image?: ResourceDef['image'] };

/**
 * The translated inputs of a resource's form, language by language (fields the form does not show have none); a single
 * image's alt text (`kn:imageAlt`) is one too, shown beside the image's English alt text.
 */
export function translatedInputs(def: FormDef): TranslatedInput[] {
  const fields = translatedPlaces(def).filter((field) => !field.hiddenInForm);
  return TRANSLATED_LANGUAGES.flatMap((language) =>
    fields.map((field) => ({
      language,
      field,
      key: translatedKey(language, field.name),
      label: translationCopy.fieldLabel(field.label, languageDef(language).name),
    })),
  );
}

/** A record's (or a document's) translations, whatever it carries: only objects of strings and string lists are read. */
export function translationsOf(record: Readonly<Record<string, unknown>> | null | undefined): Translations {
  const raw = record?.translations;
  if (!isRecord(raw)) return {};
  const out: Partial<Record<TranslatedLanguage, TranslatedValues>> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const values = raw[language];
    if (!isRecord(values)) continue;
    const kept: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string') kept[name] = value;
      else if (Array.isArray(value)) kept[name] = value.filter((item): item is string => typeof item === 'string');
    }
    out[language] = kept;
  }
  return out;
}

/** The translated inputs' values as the form opens with them (a list's items one per line). */
export function initialTranslated(def: FormDef, record: Readonly<Record<string, unknown>> | null): Record<string, string> {
  const translations = translationsOf(record);
  return Object.fromEntries(
    translatedInputs(def).map(({ language, field, key }) => {
      const value = translations[language]?.[field.name];
      return [key, Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : ''];
    }),
  );
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * What a save sends as `translations`: every language, every translated input's value (a list as its lines). A blank one
 * is sent blank: the server removes the stored value (the page falls back to English), where one left out would be kept.
 */
export function translationsOut(def: FormDef, values: Readonly<Record<string, string>>): Translations {
  const out: Partial<Record<TranslatedLanguage, Record<string, string | string[]>>> = {};
  for (const { language, field, key } of translatedInputs(def)) {
    const raw = values[key] ?? '';
    (out[language] ??= {})[field.name] = field.kind === 'list' ? lines(raw) : raw.trim();
  }
  return out;
}

/** Translated values longer than their English field allows, by key (the server refuses them with the same limit). */
export function translatedProblems(def: FormDef, values: Readonly<Record<string, string>>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { field, key, label } of translatedInputs(def)) {
    if (!field.max) continue;
    const raw = values[key] ?? '';
    const tooLong = field.kind === 'list' ? lines(raw).some((item) => item.length > field.max!) : raw.trim().length > field.max;
    if (tooLong) found[key] = translationCopy.tooLong(label, field.max);
  }
  return found;
}

/** How many of a record's texts have no translation, per language (none: the language is left out). */
export function missingCounts(def: FormDef, record: Readonly<Record<string, unknown>>): Partial<Record<TranslatedLanguage, number>> {
  const withTranslations = { ...record, translations: translationsOf(record) };
  // a field the form does not show cannot be translated there: it is not counted against the item
  const shown = { fields: def.fields.filter((field) => !field.hiddenInForm), image: def.image };
  const counts: Partial<Record<TranslatedLanguage, number>> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const missing = missingTranslations(shown, withTranslations, language).length;
    if (missing) counts[language] = missing;
  }
  return counts;
}
