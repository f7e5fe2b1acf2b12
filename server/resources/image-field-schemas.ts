/**
 * The image fields of a content write, parsed in the route from a JSON body or from multipart text
 * parts (where lists arrive as JSON text): alt text and focal point, the kept images, the new images'
 * descriptions and details, and their order. A field that does not parse is kept as the message its
 * 400 carries: the content service reports it in its turn, beside the other fields' messages, as
 * before any image is decoded. Whether a kept image is the record's own, and whether an order fits
 * the count, need the record and are the service's checks.
 */
import { apiMessages, imageDetailMessages } from '../../shared/api-messages';
import { checkDetails, type DetailsCheck } from '../../shared/image-details';
import { checkImageTranslations, type ImageTranslationsCheck } from '../../shared/image-translations';
import { parseJsonList } from '../../shared/validation';
import { z } from '../../shared/zod';
import type { UploadedFile, WriteInput } from '../uploads/read-write-input';
import { isObject } from './content-records';

/** A field's value, or the message of the 400 it makes. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * One entry of `existingImages`: the URL of an image to keep, with a new description, details or translations of its texts
 * if sent; null when it is neither a URL nor an object with one.
 */
export type KeptImageEntry = {
  url: string;
  description: string | undefined;
  details: DetailsCheck;
  translations: ImageTranslationsCheck;
} | null;

/** What a write sent for its images. */
export interface ImageFields {
  /** A single image's `imageAlt`, `imageFocusX`, `imageFocusY`, as far as sent. */
  single: DetailsCheck;
  /** `existingImages`; undefined when left out (every current image stays). */
  kept: Parsed<KeptImageEntry[]> | undefined;
  /** `description`: one caption per new image (a gallery's). */
  descriptions: Parsed<string[]>;
  /** `newImageDetails`: each new file's alt text and focal point, in the files' order. */
  newDetails: Parsed<DetailsCheck[]>;
  /** `newImageDetails[i].translations`: each new file's description and alt text in the other languages. */
  newTranslations: Parsed<ImageTranslationsCheck[]>;
  /** `imageOrder`: indexes into the kept images then the new files; null keeps kept-then-new. */
  order: Parsed<number[] | null>;
}

/** A write as the content service takes it: the record's fields (checked by its definition), the uploads, and the image fields. */
export interface ContentWrite {
  fields: Record<string, unknown>;
  files: UploadedFile[];
  images: ImageFields;
}

/** `schema`'s value, or `message` when it does not parse: never a failure of the whole body. */
const orMessage = <T>(schema: z.ZodType<T>, message: string) =>
  schema.transform((value): Parsed<T> => ({ ok: true, value })).catch({ ok: false, message });

/** A list sent as a JSON array, or as its JSON text in a multipart part; '' and null are the empty list. */
const jsonList = <T extends z.ZodType>(items: T) => z.preprocess(parseJsonList, z.array(items));

const object = z.custom<Record<string, unknown>>(isObject);

const keptImage = z.unknown().transform((item): KeptImageEntry => {
  if (typeof item === 'string')
    return { url: item, description: undefined, details: { ok: true, details: {} }, translations: { ok: true, patch: {} } };
  if (!isObject(item) || typeof item.url !== 'string') return null;
  return {
    url: item.url,
    description: typeof item.description === 'string' ? item.description : undefined,
    details: checkDetails(item),
    translations: checkImageTranslations(item.translations),
  };
});

/** A caption is trimmed (its length is checked where the write is planned: content-images.ts). */
const caption = (text: string) => text.trim();

const descriptions = z.union([
  // one caption as plain text, not a JSON array
  z
    .string()
    .refine((text) => text !== '' && !text.trim().startsWith('['))
    .transform((text) => [caption(text)]),
  jsonList(z.unknown()).transform((list) => list.map((item) => (typeof item === 'string' ? caption(item) : ''))),
]);

const order = z.union([z.literal('').transform(() => null), z.undefined().transform(() => null), jsonList(z.number().int())]);

const imageFieldsSchema = z
  .object({
    imageAlt: z.unknown().optional(),
    imageFocusX: z.unknown().optional(),
    imageFocusY: z.unknown().optional(),
    existingImages: orMessage(jsonList(keptImage), apiMessages.invalidExistingImages).optional(),
    description: orMessage(descriptions, apiMessages.invalidDescriptions),
    newImageDetails: orMessage(jsonList(object), imageDetailMessages.invalidDetails),
    imageOrder: orMessage(order, apiMessages.invalidImageOrder),
  })
  .transform((fields): ImageFields => ({
    single: checkDetails({ alt: fields.imageAlt, focusX: fields.imageFocusX, focusY: fields.imageFocusY }),
    kept: fields.existingImages,
    descriptions: fields.description,
    newDetails: fields.newImageDetails.ok ? { ok: true, value: fields.newImageDetails.value.map(checkDetails) } : fields.newImageDetails,
    newTranslations: fields.newImageDetails.ok
      ? { ok: true, value: fields.newImageDetails.value.map((entry) => checkImageTranslations(entry.translations)) }
      : fields.newImageDetails,
    order: fields.imageOrder,
  }));

/** The write of a request's body as read (readWriteInput), its image fields parsed. */
export function contentWrite(input: WriteInput): ContentWrite {
  return { ...input, images: imageFieldsSchema.parse(input.fields) };
}
