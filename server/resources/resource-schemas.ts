/**
 * The request and reply schemas of one content resource's routes, derived from its definition
 * (shared/resources/). The one place to switch to the definitions' own zod schemas.
 */
import { apiMessages } from '../../shared/api-messages';
import {
  altText,
  focus,
  listReply,
  managedRecordSchema,
  manageListReply,
  recordSchema,
  visibilityReply,
  writtenReply,
} from '../../shared/resource-replies';
import { baseRevisionHeaders, editConflictMessages, editConflictReply, revisionShape } from '../../shared/edit-conflicts';
import type { FieldDef, ResourceDef } from '../../shared/resources';
import { z } from '../../shared/zod';
import { documentedOnly, errorReplies, idParams, invalidRequest, messageReply } from '../api/route-schemas';
import { ClientError } from '../errors';

const DATE_OR_EMPTY = '^(\\d{4}-\\d{2}-\\d{2})?$';

/** A field as a write sends it: `json` in a JSON body, otherwise a multipart text part. Checked by the content service. */
function writeField(field: FieldDef, json: boolean): z.ZodType {
  const about = [
    field.label,
    field.required ? 'required' : 'optional',
    field.max && field.kind !== 'list' ? `at most ${field.max} characters` : '',
  ]
    .filter(Boolean)
    .join('; ');
  switch (field.kind) {
    case 'integer':
      return (json ? z.union([z.number().int(), z.string().regex(/^\d*$/)]) : z.string().regex(/^\d*$/)).meta({ description: about });
    case 'list':
      return (json ? z.array(z.string().max(field.max ?? 200)) : z.string()).meta({
        description: `${about}${json ? '' : '; a JSON array of strings'}`,
      });
    case 'select':
      return z.enum(field.options ?? []).meta({ description: about });
    case 'date':
      return z
        .string()
        .regex(new RegExp(DATE_OR_EMPTY))
        .meta({ description: `${about}; YYYY-MM-DD` });
    default:
      return z
        .string()
        .max(field.max ?? 200)
        .meta({ description: about });
  }
}

/** As writes send them: each optional (left out keeps its value); in multipart the numbers are digits. */
const writeFocus = (axis: string, json: boolean) =>
  json
    ? focus(axis)
    : z
        .string()
        .regex(/^\d{1,3}$/)
        .meta({ description: `Focal point, percent from the ${axis}: 0-100` });
const writeDetails = { alt: altText.optional(), focusX: focus('left').optional(), focusY: focus('top').optional() };
/** An image's own texts in the other languages as a write sends them (docs/decisions/0049). */
const writeImageTranslations = (texts: string) =>
  z
    .record(z.string(), z.record(z.string(), z.string()))
    .optional()
    .meta({
      description: `The image's ${texts} in the other languages: \`{ "kn": { … } }\`, each as long as its English one may be; a text left out keeps its value, "" removes it (English shows); an unknown language or text: 400`,
    });

export const imageFile = z
  .string()
  .meta({ format: 'binary', contentMediaType: 'image/*', description: 'An image file (JPEG, PNG, WebP, AVIF, GIF…)' });

/** The request body of a create (`create`) or an update: multipart with the images, or JSON without new images. */
export function writeBody(def: ResourceDef, create: boolean) {
  const policy = def.image;
  const body = (json: boolean) => {
    const shape: Record<string, z.ZodType> = {};
    for (const field of def.fields) {
      const schema = writeField(field, json);
      shape[field.name] = create && field.required ? schema : schema.optional();
    }
    shape.translations = (json ? z.record(z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string())]))) : z.string())
      .meta({
        description: `Values in the other languages${json ? '' : ', as JSON text'}: \`{ "kn": { "<field>": "…" } }\`, translatable fields only (text and lists of text without fixed options${policy.kind === 'single' ? ", and `imageAlt`: the image's alt text" : ''}), each as its English field is checked; a list field's value is an array of strings. ${create ? 'Left out: none' : 'A field left out keeps its stored value; one sent as "" or [] is removed (English shows)'}; an unknown language or field: 400`,
      })
      .optional();
    const picked =
      "A library image not in the Trash (GET /api/media) may be named too: its alt text and focal point follow the library's unless sent (alt text '' and focal point 50, 50 mean the library's on every public read)";
    if (policy.kind === 'single') {
      shape.imageAlt = altText.optional();
      shape.imageFocusX = writeFocus('left', json).optional();
      shape.imageFocusY = writeFocus('top', json).optional();
      const kept = z.object({ url: z.string(), ...writeDetails });
      shape.existingImages = (json ? z.array(z.union([z.string(), kept])).max(1) : z.string())
        .meta({
          description: `The image to show instead of a file: one URL, or an object with the URL and alt text or focal point${json ? '' : ', as a JSON array'}: the current image or a library image. ${picked}; with a file too: 400 'Only one image is allowed'`,
        })
        .optional();
    }
    if (policy.kind === 'multiple') {
      const texts = policy.withDescriptions ? 'description and alt text' : 'alt text';
      const kept = z.object({
        url: z.string(),
        ...(policy.withDescriptions ? { description: z.string().optional() } : {}),
        ...writeDetails,
        translations: writeImageTranslations(texts),
      });
      shape.existingImages = (json ? z.array(z.union([z.string(), kept])) : z.string())
        .meta({
          description: `The images to keep or pick, in order: their URLs, or objects with the URL and a new ${policy.withDescriptions ? 'description, ' : ''}alt text or focal point${json ? '' : ', as a JSON array'}; each once. The record's own images, and library images not in the Trash (GET /api/media): ${picked}. Any other URL: 400. ${create ? 'Left out: no image but the files' : 'Left out: every image is kept'}`,
        })
        .optional();
      shape.newImageDetails = (json ? z.array(z.object({ ...writeDetails, translations: writeImageTranslations(texts) })) : z.string())
        .meta({
          description: `Alt text, focal point and \`translations\` (its ${texts} in the other languages) of each new image, in the files' order${json ? '' : ', as a JSON array of objects'}`,
        })
        .optional();
      shape.imageOrder = (json ? z.array(z.number().int()) : z.string())
        .meta({
          description: `The stored order of the images${json ? '' : ' as a JSON array'}: indexes into the kept images (in \`existingImages\`' order) followed by the new files (in their order), each once; the first is the cover. Left out: the kept images, then the new ones`,
        })
        .optional();
      if (policy.withDescriptions) {
        shape.description = (json ? z.array(z.string()) : z.string())
          .meta({ description: `One description per new image${json ? '' : ', as a JSON array'}` })
          .optional();
      }
    }
    if (!json) {
      const files =
        policy.kind === 'single'
          ? imageFile.meta({
              description: `${create ? 'Required unless `existingImages` names a library image' : 'Optional: replaces the current image'}; one image file`,
            })
          : z
              .array(imageFile)
              .max(policy.max)
              .meta({
                description: `${policy.exact ? `Exactly ${policy.max}` : `${policy.min} to ${policy.max}`} images in all, counting the kept ones`,
              });
      // a create may take its images from the library instead (`existingImages`)
      shape[policy.field] = files.optional();
    }
    return documentedOnly(z.object(shape));
  };
  return {
    content: {
      'multipart/form-data': { schema: body(false) },
      'application/json': { schema: body(true) },
    },
  };
}

const bearer = [{ bearer: [] }];

/** A write's request that failed its schema: a bad `Base-Revision` header is named, anything else is a bad request. */
export const baseRevisionErrors = invalidRequest((_issues, part) =>
  part === 'headers' ? new ClientError(400, editConflictMessages.badBase) : new ClientError(400, apiMessages.badRequest),
);

/** The most ids one order may name (far more than any list holds). */
const ORDER_MAX_IDS = 10_000;

/** The schemas of the list, create, update and delete routes of one resource. */
export function resourceRouteSchemas(def: ResourceDef) {
  const record = recordSchema(def);
  const managed = managedRecordSchema(def, record);
  const written = (message: string) => writtenReply(def, message, record);
  const tags = [`Content: ${def.path}`];
  return {
    list: {
      tags,
      summary: `List every ${def.noun.toLowerCase()} shown on the site, in order`,
      description:
        'Public: items in the trash or hidden are left out; staff’s order, then newest first. Answers 304 to an `If-None-Match` with the current ETag.',
      response: {
        200: listReply(def, record),
        304: z.null().meta({ description: 'Not modified: the list is still the one with the ETag sent' }),
        ...errorReplies(),
      },
    },
    create: {
      tags,
      summary: `Add a ${def.noun.toLowerCase()}`,
      security: bearer,
      body: writeBody(def, true),
      response: { 201: written(apiMessages.created(def.noun)), ...errorReplies(400, 401, 413, 415, 507) },
    },
    update: {
      schema: {
        tags,
        summary: `Change a ${def.noun.toLowerCase()}; fields left out keep their value`,
        description:
          'With `Base-Revision`, refused (409, nothing changed, `conflict` says by whom and what) when the item has changed since that revision. The reply’s `revision` is the base of the next save.',
        security: bearer,
        params: idParams,
        headers: baseRevisionHeaders,
        body: writeBody(def, false),
        response: {
          200: writtenReply(def, apiMessages.updated(def.noun), record.extend(revisionShape)),
          ...errorReplies(400, 401, 404, 413, 415, 507),
          409: editConflictReply,
        },
      },
      schemaErrorFormatter: baseRevisionErrors,
    },
    remove: {
      tags,
      summary: `Move a ${def.noun.toLowerCase()} to the trash`,
      description: 'It leaves the public site and the lists at once; its images stay until it is deleted forever (see /api/trash).',
      security: bearer,
      params: idParams,
      response: { 200: messageReply, ...errorReplies(400, 401, 404) },
    },
    manage: {
      tags,
      summary: `List every ${def.noun.toLowerCase()} for the admin, hidden ones included`,
      description: 'Signed-in staff. The public list’s envelope and order; each record also carries `hidden` and `position`.',
      security: bearer,
      response: { 200: manageListReply(def, managed), ...errorReplies(401) },
    },
    visibility: {
      schema: {
        tags,
        summary: `Show or hide a ${def.noun.toLowerCase()} on the public site`,
        description: 'A hidden item stays in the admin; visitors’ pages and lists leave it out.',
        security: bearer,
        params: idParams,
        body: z.object({ hidden: z.boolean() }).strict(),
        response: {
          200: visibilityReply(def, managed),
          ...errorReplies(400, 401, 404),
        },
      },
      schemaErrorFormatter: invalidRequest(() => new ClientError(400, apiMessages.visibilityBodyInvalid)),
    },
    order: {
      schema: {
        tags,
        summary: `Save the order of every ${def.noun.toLowerCase()}`,
        description:
          'The ids of every item not in the trash, each once, first first; saved in one transaction. 409 when they are not exactly the current items.',
        security: bearer,
        body: z.object({ ids: z.array(z.string().max(100)).max(ORDER_MAX_IDS) }).strict(),
        response: { 200: messageReply, ...errorReplies(400, 401, 409) },
      },
      schemaErrorFormatter: invalidRequest(() => new ClientError(400, apiMessages.orderBodyInvalid)),
    },
  };
}
