/**
 * An image's own texts in the site's other languages (docs/decisions/0049, "As built: images' own texts"): a gallery
 * image's description and alt text, a URL list's image's alt text. They are stored inside the image's entry
 * (`{ url, description, alt, …, translations: { kn: { description, alt } } }`), so they follow it when the images are
 * reordered and go with it when it is removed. A single image's Kannada alt text is the record's `translations.kn.imageAlt`.
 */
import { ALT_MAX } from './image-details';
import { TRANSLATED_LANGUAGES, languageDef, type TranslatedLanguage } from './languages';
import { isRecord } from './narrow';
import { translatedLabel } from './translations';

/** A gallery image's description, in English and in each other language: longer is refused with a message. */
export const IMAGE_DESCRIPTION_MAX = 500;

/** The texts of an image that have a value per language. */
export const IMAGE_TEXTS = ['description', 'alt'] as const;
export type ImageText = (typeof IMAGE_TEXTS)[number];

/** One language's texts of one image; a text left out shows English. */
export type ImageTexts = Partial<Record<ImageText, string>>;
export type ImageTranslations = Partial<Record<TranslatedLanguage, ImageTexts>>;
/** What a write sent for one image, checked; null removes the stored text (English shows). */
export type ImageTranslationsPatch = Partial<Record<TranslatedLanguage, Partial<Record<ImageText, string | null>>>>;

/** The English labels of an image's texts; a translation's label adds its language ("Image description (Kannada)"). */
const TEXT_LABELS: Record<ImageText, string> = { description: 'Image description', alt: 'Alt text' };
const TEXT_MAX: Record<ImageText, number> = { description: IMAGE_DESCRIPTION_MAX, alt: ALT_MAX };

export const imageTranslationMessages = {
  invalid: 'An image’s translations must be an object of languages, each with its description or alt text, e.g. {"kn":{"alt":"…"}}',
  unknownLanguage: (code: string) =>
    `An image’s translations: "${code}" is not a language content is translated into (one of: ${TRANSLATED_LANGUAGES.join(', ')})`,
  unknownText: (name: string, languageName: string) =>
    `An image’s translations (${languageName}): "${name}" is not one of its texts (description, alt)`,
  notText: (text: ImageText, languageName: string) => `${translatedLabel(TEXT_LABELS[text], languageName)} must be text`,
  /** An English text too long (its translations name their language). */
  englishTooLong: (text: ImageText) => `${TEXT_LABELS[text]} must be at most ${TEXT_MAX[text]} characters`,
  tooLong: (text: ImageText, languageName: string) =>
    `${translatedLabel(TEXT_LABELS[text], languageName)} must be at most ${TEXT_MAX[text]} characters`,
  hasNul: (text: ImageText, languageName: string) =>
    `${translatedLabel(TEXT_LABELS[text], languageName)} must not contain the NUL character (U+0000)`,
};

export type ImageTranslationsCheck = { ok: true; patch: ImageTranslationsPatch } | { ok: false; message: string };

const isText = (name: string): name is ImageText => IMAGE_TEXTS.some((text) => text === name);

/**
 * Checks the translations a write sent for one image: known languages and texts only, each trimmed and as long as its
 * English text may be. Absent or null: no change. A blank text comes back as null (it removes the stored one).
 */
export function checkImageTranslations(raw: unknown): ImageTranslationsCheck {
  if (raw === undefined || raw === null) return { ok: true, patch: {} };
  if (!isRecord(raw)) return { ok: false, message: imageTranslationMessages.invalid };
  const patch: ImageTranslationsPatch = {};
  for (const [code, values] of Object.entries(raw)) {
    const language = TRANSLATED_LANGUAGES.find((known) => known === code);
    if (!language) return { ok: false, message: imageTranslationMessages.unknownLanguage(code) };
    const { name: languageName } = languageDef(language);
    if (values === null || values === undefined) continue;
    if (!isRecord(values)) return { ok: false, message: imageTranslationMessages.invalid };
    const checked: Partial<Record<ImageText, string | null>> = {};
    for (const [name, value] of Object.entries(values)) {
      if (!isText(name)) return { ok: false, message: imageTranslationMessages.unknownText(name, languageName) };
      if (value === undefined) continue;
      if (value !== null && typeof value !== 'string') return { ok: false, message: imageTranslationMessages.notText(name, languageName) };
      const text = (value ?? '').trim();
      if (text.includes('\u0000')) return { ok: false, message: imageTranslationMessages.hasNul(name, languageName) };
      if (text.length > TEXT_MAX[name]) return { ok: false, message: imageTranslationMessages.tooLong(name, languageName) };
      checked[name] = text === '' ? null : text;
    }
    patch[language] = checked;
  }
  return { ok: true, patch };
}

/** An image's stored translations as read back (a JSON column, a snapshot, a reply): known languages and texts, no blank ones. */
export function storedImageTranslations(value: unknown, texts: readonly ImageText[] = IMAGE_TEXTS): ImageTranslations {
  const out: ImageTranslations = {};
  if (!isRecord(value)) return out;
  for (const language of TRANSLATED_LANGUAGES) {
    const values = value[language];
    if (!isRecord(values)) continue;
    const kept: ImageTexts = {};
    for (const text of texts) {
      const entry = values[text];
      if (typeof entry === 'string' && entry.trim() !== '') kept[text] = entry.trim();
    }
    if (Object.keys(kept).length > 0) out[language] = kept;
  }
  return out;
}

/** The stored translations with a write's applied: a text left out keeps its value, one sent blank is removed. */
export function mergeImageTranslations(
  current: ImageTranslations,
  patch: ImageTranslationsPatch,
  texts: readonly ImageText[] = IMAGE_TEXTS,
): ImageTranslations {
  const out: ImageTranslations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const values: ImageTexts = { ...current[language] };
    for (const text of texts) {
      const sent = patch[language]?.[text];
      if (sent === null) delete values[text];
      else if (sent !== undefined) values[text] = sent;
    }
    if (Object.keys(values).length > 0) out[language] = values;
  }
  return out;
}

/** An image's entry with its translations: the property only when it has some, so entries without any keep their shape. */
export function withImageTranslations<T extends object>(
  entry: T,
  translations: ImageTranslations,
): T & { translations?: ImageTranslations } {
  return Object.keys(translations).length > 0 ? { ...entry, translations } : entry;
}

/** An image's text as the history names it: "Image 2 description", "Image 2 alt text" (its translation's adds the language). */
export const imageTextLabel = (number: number, text: ImageText) => `Image ${number} ${text === 'alt' ? 'alt text' : 'description'}`;

/** An image's text in `language`: its own there, '' when it has none (English shows). */
export function imageText(translations: unknown, language: TranslatedLanguage, text: ImageText): string {
  return storedImageTranslations(translations)[language]?.[text] ?? '';
}
