/**
 * What a content resource's routes reply with, derived from its definition (shared/resources/): the
 * server's route schemas (server/resources/resource-schemas.ts) are these, and the admin's resource
 * screens take their reply types from them (z.infer, type-only imports).
 */
import { draftFieldsShape } from './drafts';
import { ALT_MAX } from './image-details';
import type { FieldDef, ResourceDef } from './resources';
import { z } from './zod';

const DATE_OR_EMPTY = '^(\\d{4}-\\d{2}-\\d{2})?$';

/** A field's value in a record as the API replies with it. */
function replyField(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'integer':
      return z.number().int();
    case 'list':
      return z.array(z.string());
    case 'date':
      return z.string().regex(new RegExp(DATE_OR_EMPTY)).meta({ description: 'YYYY-MM-DD, or empty when not set' });
    case 'select': {
      const options = z.enum(field.options ?? []);
      return field.required ? options : z.union([options, z.literal('')]);
    }
    default:
      return z.string();
  }
}

export const altText = z
  .string()
  .max(ALT_MAX)
  .meta({ description: `Alt text of the image, at most ${ALT_MAX} characters; empty: none given` });
export const focus = (axis: string) =>
  z
    .number()
    .int()
    .min(0)
    .max(100)
    .meta({ description: `Focal point, percent from the ${axis} (0-100; 50 is the centre): the part kept when the image is cropped` });
/** Alt text and focal point of one image, as replies carry them. */
const detailsShape = { alt: altText, focusX: focus('left'), focusY: focus('top') };

/** A record's (or a library image's) values in the other languages: `{ kn: { title: '…' } }` (docs/decisions/0049). */
const translationsReply = z.record(z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string())]))).meta({
  description:
    'Values in the other languages, by language code then field name (`{ "kn": { "title": "…" } }`); a field without one shows English on that language’s pages',
});

/** An image's own texts in the other languages (docs/decisions/0049), present only when it has some. */
const imageTranslationsReply = (texts: string) =>
  z
    .record(z.string(), z.record(z.string(), z.string()))
    .optional()
    .meta({
      description: `The image's ${texts} in the other languages, by language code (\`{ "kn": { … } }\`); left out when it has none (English shows)`,
    });

/** What every record has whatever its definition: its id. */
const recordId = z.object({ _id: z.string().meta({ description: 'The record’s id (a UUID)' }) });

/** A record of the resource as the API replies with it. */
export function recordSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { ...recordId.shape };
  for (const field of def.fields) shape[field.name] = replyField(field);
  const policy = def.image;
  shape[policy.field] =
    policy.kind === 'single'
      ? z.string().meta({ description: 'URL of the image (/uploads/…)' })
      : policy.withDescriptions
        ? z.array(
            z.object({
              url: z.string(),
              description: z.string(),
              ...detailsShape,
              translations: imageTranslationsReply('description and alt text'),
            }),
          )
        : z.array(z.string().meta({ description: 'URL of an image (/uploads/…)' }));
  if (policy.kind === 'single') {
    shape.imageAlt = detailsShape.alt;
    shape.imageFocusX = detailsShape.focusX;
    shape.imageFocusY = detailsShape.focusY;
  } else if (!policy.withDescriptions) {
    shape.imageDetails = z
      .array(z.object({ url: z.string(), ...detailsShape, translations: imageTranslationsReply('alt text') }))
      .meta({ description: 'Alt text and focal point of each image, in the order of `images`' });
  }
  shape.translations = translationsReply;
  shape.createdAt = z.string().meta({ description: 'ISO 8601 time' });
  shape.updatedAt = z.string().meta({ description: 'ISO 8601 time' });
  return z.object(shape);
}

/** A record as the admin lists it: also whether it is hidden, its place in the order, its state and its draft. */
export function managedRecordSchema(def: ResourceDef, record = recordSchema(def)) {
  return record.extend({
    hidden: z.boolean().meta({ description: 'Left out of the public site and lists' }),
    position: z.number().int().meta({ description: 'Place in the order (lowest first)' }),
    ...draftFieldsShape,
  });
}

/** A list of records in the resource's envelope (a bare array, `{ data }` or `{ banners }`). */
export function listReply<R extends z.ZodType>(def: ResourceDef, record: R) {
  const records = z.array(record);
  switch (def.listEnvelope) {
    case 'array':
      return records;
    case 'data':
      return z.object({ success: z.literal(true), data: records });
    case 'banners':
      return z.object({ success: z.literal(true), banners: records });
  }
}

/** The reply of a create or an update: the record as stored. */
export const writtenReply = (def: ResourceDef, message: string, record = recordSchema(def)) =>
  z.object({ success: z.literal(true), message: z.literal(message), data: record }).meta({ description: message });

/** The reply of a visibility change: the record with its new `hidden`. */
export const visibilityReply = (def: ResourceDef, managed = managedRecordSchema(def)) =>
  z.object({ success: z.literal(true), message: z.string(), data: managed });

/** The admin's list of the resource: every record, hidden ones too, in the public list's envelope. */
export const manageListReply = (def: ResourceDef, managed = managedRecordSchema(def)) => listReply(def, managed);

/** A record of any resource, as a write replies with it (its definition's fields are known at run time only). */
export type ResourceRecord = z.infer<typeof recordId> & z.infer<ReturnType<typeof recordSchema>>;
/** A record of any resource as the admin lists it (with `hidden` and `position`). */
export type ManagedRecord = z.infer<typeof recordId> & z.infer<ReturnType<typeof managedRecordSchema>>;
/** GET /api/<resource>/manage, in any of the envelopes. */
export type ManageListReply = z.infer<ReturnType<typeof manageListReply>>;
/** A create's or an update's reply. */
export type WrittenReply = z.infer<ReturnType<typeof writtenReply>> & { data: z.infer<typeof recordId> };
