/**
 * The body a resource form sends (a create, an update, a draft saved or autosaved): its fields, and its images as the
 * API takes them (a single image's file or library image, and its details; kept, chosen, new and reordered images of a list).
 */
import { FOCUS_CENTRE, imageEntries, type ImageDetails } from '../../../shared/image-details';
import type { ResourceRecord } from '../../../shared/resource-replies';
import type { FieldDef, ResourceDef } from '../../../shared/resources';
import type { ExistingImage, NewImage, PickedImage } from './image-picker';
import { storedImageTranslations, type ImageText, type ImageTranslations } from '../../../shared/image-translations';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../../shared/languages';
import { isRecord } from '../../../shared/narrow';

/** An image's translations with one text in one language as typed. */
export function withImageText(
  translations: ImageTranslations | undefined,
  language: TranslatedLanguage,
  text: ImageText,
  value: string,
): ImageTranslations {
  return { ...translations, [language]: { ...translations?.[language], [text]: value } };
}

/**
 * An image's translations as a save sends them: every language, each of its texts trimmed; a blank one is sent blank, so the
 * server removes the stored one (English shows), where one left out would be kept.
 */
export function imageTranslationsOut(translations: ImageTranslations | undefined, withDescription: boolean): ImageTranslations {
  const texts: ImageText[] = withDescription ? ['description', 'alt'] : ['alt'];
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => [
      language,
      Object.fromEntries(texts.map((text) => [text, (translations?.[language]?.[text] ?? '').trim()])),
    ]),
  );
}

/** A details object as the API takes it (alt trimmed). */
export const detailsOut = ({ alt, focusX, focusY }: ImageDetails): ImageDetails => ({ alt: alt.trim(), focusX, focusY });

/**
 * The focal point a use shows: its own, or its library entry's while it keeps the centre (the centre on a use means
 * "the library's", docs/decisions/0048).
 */
export function shownDetails(details: ImageDetails, entry: ImageDetails | undefined): ImageDetails {
  if (!entry || details.focusX !== FOCUS_CENTRE || details.focusY !== FOCUS_CENTRE) return details;
  return { ...details, focusX: entry.focusX, focusY: entry.focusY };
}

/** What the form holds of its images. */
export interface FormImages {
  /** A single image's new file, if one was picked. */
  file: File | null;
  /** A single image's library image (its URL), if one was chosen instead of a file. */
  chosen: string | null;
  details: ImageDetails;
  /** A list's images, kept and new, in order. */
  images: PickedImage[];
}

/**
 * The multipart body of the form: `payload` (its checked values), and its images; `editing` sends the kept images of a
 * list (a create sends only those chosen from the library), `omitEmpty` leaves out empty values (the team member form).
 */
export function resourceFormData(
  def: ResourceDef,
  fields: readonly FieldDef[],
  payload: Record<string, unknown>,
  { file, chosen, details, images }: FormImages,
  { editing, omitEmpty }: { editing: boolean; omitEmpty?: boolean },
): FormData {
  const policy = def.image;
  const form = new FormData();
  for (const field of fields) {
    const value = payload[field.name];
    const text = Array.isArray(value) ? JSON.stringify(value) : String(value ?? '');
    if (omitEmpty && text === '') continue;
    form.append(field.name, text);
  }
  // the translated values beside the fields, as JSON (docs/decisions/0049)
  if (payload.translations !== undefined) form.append('translations', JSON.stringify(payload.translations));
  if (policy.kind === 'single') {
    if (file) form.append('image', file);
    // a library image in place of a file: its use's details go with it (empty alt and the centre follow the library)
    else if (chosen) form.append('existingImages', JSON.stringify([{ url: chosen, ...detailsOut(details) }]));
    const { alt, focusX, focusY } = detailsOut(details);
    form.append('imageAlt', alt);
    form.append('imageFocusX', String(focusX));
    form.append('imageFocusY', String(focusY));
    return form;
  }
  const existing = images.filter((image): image is ExistingImage => !image.file);
  const added = images.filter((image): image is NewImage => image.file !== undefined);
  // a create names library images it chose; an edit names every image it keeps (none: all removed)
  if (editing || existing.length > 0) {
    const kept = existing.map((image) => ({
      url: image.url,
      ...(policy.withDescriptions ? { description: image.description } : {}),
      ...detailsOut(image),
      translations: imageTranslationsOut(image.translations, policy.withDescriptions === true),
    }));
    form.append('existingImages', JSON.stringify(kept));
  }
  if (policy.withDescriptions) form.append('description', JSON.stringify(added.map((image) => image.description.trim())));
  const newDetails = added.map((image) => ({
    ...detailsOut(image),
    translations: imageTranslationsOut(image.translations, policy.withDescriptions === true),
  }));
  form.append('newImageDetails', JSON.stringify(newDetails));
  for (const image of added) form.append('images', image.file);
  // the server stores kept images, then new ones, unless told where each goes (a new photo as the cover)
  const order = images.map((image) => (image.file ? existing.length + added.indexOf(image) : existing.indexOf(image)));
  if (order.some((place, i) => place !== i)) form.append('imageOrder', JSON.stringify(order));
  return form;
}

/** A field's value as the form's input holds it. */
export function initialValue(field: FieldDef, record: ResourceRecord | null): string {
  const value = record?.[field.name];
  if (field.kind === 'list') return Array.isArray(value) ? value.join('\n') : '';
  if (field.kind === 'integer') return value === undefined || value === null || (value === 0 && !record) ? '' : String(value);
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** The images a record has, each with its caption (gallery), details and their translations, as the picker edits them. */
export function existingImagesOf(record: ResourceRecord | null): ExistingImage[] {
  if (!record) return [];
  const captions = Array.isArray(record.images) ? (record.images as unknown[]) : [];
  const listed: unknown[] = Array.isArray(record.imageDetails) ? record.imageDetails : [];
  const translationsOf = (url: string, caption: unknown) => {
    const own = isRecord(caption) ? caption : listed.find((entry) => isRecord(entry) && entry.url === url);
    const stored = storedImageTranslations(isRecord(own) ? own.translations : undefined);
    return Object.keys(stored).length > 0 ? { translations: stored } : {};
  };
  return imageEntries(record).map((entry, i) => {
    const caption = captions[i];
    const description = caption && typeof caption === 'object' ? (caption as { description?: unknown }).description : '';
    return { ...entry, description: typeof description === 'string' ? description : '', ...translationsOf(entry.url, caption) };
  });
}

/** An id for an item not saved yet, for its live preview (crypto.randomUUID needs HTTPS; this does not). */
export function newItemId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A list field's lines, trimmed, empty ones left out. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
