/**
 * The request and reply schemas of one content resource's routes, derived from its definition
 * (shared/resources/). The one place to switch to the definitions' own zod schemas.
 */
import { apiMessages } from '../../shared/api-messages';
import type { FieldDef, ResourceDef } from '../../shared/resources';
import { z } from '../../shared/zod';
import { documentedOnly, errorReplies, idParams, messageReply } from '../api/route-schemas';

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
      const options = z.enum(field.options as [string, ...string[]]);
      return field.required ? options : z.union([options, z.literal('')]);
    }
    default:
      return z.string();
  }
}

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
      return z.enum(field.options as [string, ...string[]]).meta({ description: about });
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

const imageFile = z
  .string()
  .meta({ format: 'binary', contentMediaType: 'image/*', description: 'An image file (JPEG, PNG, WebP, AVIF, GIF…)' });

/** The request body of a create (`create`) or an update: multipart with the images, or JSON without new images. */
function writeBody(def: ResourceDef, create: boolean) {
  const policy = def.image;
  const body = (json: boolean) => {
    const shape: Record<string, z.ZodType> = {};
    for (const field of def.fields) {
      const schema = writeField(field, json);
      shape[field.name] = create && field.required ? schema : schema.optional();
    }
    if (policy.kind === 'multiple') {
      if (!create) {
        shape.existingImages = (
          json
            ? z.array(policy.withDescriptions ? z.union([z.string(), z.object({ url: z.string(), description: z.string() })]) : z.string())
            : z.string()
        )
          .meta({ description: `The current images to keep (their URLs)${json ? '' : ', as a JSON array'}; left out: none are kept` })
          .optional();
      }
      if (policy.withDescriptions) {
        shape.description = (json ? z.array(z.string()) : z.string())
          .meta({ description: `One description per new image${json ? '' : ', as a JSON array'}` })
          .optional();
      }
    }
    if (!json) {
      const files =
        policy.kind === 'single'
          ? imageFile.meta({ description: `${create ? 'Required' : 'Optional: replaces the current image'}; one image file` })
          : z
              .array(imageFile)
              .max(policy.max)
              .meta({
                description: `${policy.exact ? `Exactly ${policy.max}` : `${policy.min} to ${policy.max}`} images in all, counting the kept ones`,
              });
      shape[policy.field] = create ? files : files.optional();
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

/** A record of the resource as the API replies with it. */
function recordSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { _id: z.string().meta({ description: 'The record’s id (a UUID)' }) };
  for (const field of def.fields) shape[field.name] = replyField(field);
  const policy = def.image;
  shape[policy.field] =
    policy.kind === 'single'
      ? z.string().meta({ description: 'URL of the image (/uploads/…)' })
      : policy.withDescriptions
        ? z.array(z.object({ url: z.string(), description: z.string() }))
        : z.array(z.string().meta({ description: 'URL of an image (/uploads/…)' }));
  shape.createdAt = z.string().meta({ description: 'ISO 8601 time' });
  shape.updatedAt = z.string().meta({ description: 'ISO 8601 time' });
  return z.object(shape);
}

function listReply(def: ResourceDef, record: z.ZodType) {
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

const bearer = [{ bearer: [] }];

/** The schemas of the list, create, update and delete routes of one resource. */
export function resourceRouteSchemas(def: ResourceDef) {
  const record = recordSchema(def);
  const written = (message: string) =>
    z.object({ success: z.literal(true), message: z.literal(message), data: record }).meta({ description: message });
  const tags = [`Content: ${def.path}`];
  return {
    list: {
      tags,
      summary: `List every ${def.noun.toLowerCase()}, newest first`,
      description: 'Public. Answers 304 to an `If-None-Match` with the current ETag.',
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
      tags,
      summary: `Change a ${def.noun.toLowerCase()}; fields left out keep their value`,
      security: bearer,
      params: idParams,
      body: writeBody(def, false),
      response: { 200: written(apiMessages.updated(def.noun)), ...errorReplies(400, 401, 404, 409, 413, 415, 507) },
    },
    remove: {
      tags,
      summary: `Delete a ${def.noun.toLowerCase()} and its images`,
      security: bearer,
      params: idParams,
      response: { 200: messageReply, ...errorReplies(400, 401, 404) },
    },
  };
}
