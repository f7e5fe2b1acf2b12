/**
 * Zod schemas built from the resource definitions, used by the server on every
 * write and by the admin forms before sending, so both give the same messages.
 */
import { z } from './zod';
import type { FieldDef, RawValues, ResourceDef, ResourceKey } from './resources';
import { resources } from './resources';
import { noNul } from './text-input';
import { languageDef, type TranslatedLanguage } from './languages';
import { TRANSLATED_LANGUAGES, translatedPlaces, translatedLabel, translationMessages, type TranslationsPatch } from './translations';
import { isRecord } from './narrow';

const MAX_LIST_ITEMS = 20;
/** Record ids: checked before any query, as PostgreSQL answers a malformed uuid with an error (a 500). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const URL_PATTERN = /^https?:\/\/[^\s<>"']+$/i;

const maxMessage = (field: FieldDef) => field.maxMessage ?? `${field.label} must be at most ${field.max} characters`;

/** '' for absent values; multipart sends everything as strings. */
const asText = (value: unknown): unknown =>
  value === undefined || value === null ? '' : typeof value === 'number' ? String(value) : value;

function isRealDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Accepts a JSON array string (multipart) or an array (JSON body). */
export function parseJsonList(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null || value === '') return [];
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function fieldSchema(field: FieldDef): z.ZodType {
  const required = field.required;
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'url': {
      let schema = z
        .string({ error: `${field.label} must be text` })
        .trim()
        .refine(...noNul(field.label));
      if (required) schema = schema.min(1, required);
      if (field.max) schema = schema.max(field.max, maxMessage(field));
      const withUrl =
        field.kind === 'url'
          ? schema.refine((v) => v === '' || URL_PATTERN.test(v), {
              message: `${field.label} must be a link starting with http:// or https://`,
            })
          : schema;
      return z.preprocess(asText, withUrl);
    }
    case 'select': {
      const options = field.options ?? [];
      return z.preprocess(
        asText,
        z
          .string({ error: required ?? `${field.label} is invalid` })
          .trim()
          .superRefine((value, ctx) => {
            if (value === '') {
              if (required) ctx.addIssue({ code: 'custom', message: required });
            } else if (!options.includes(value)) {
              ctx.addIssue({ code: 'custom', message: `${field.label} must be one of: ${options.join(', ')}` });
            }
          }),
      );
    }
    case 'date':
      return z.preprocess(
        asText,
        z
          .string({ error: `${field.label} must be a date` })
          .trim()
          .superRefine((value, ctx) => {
            if (value === '') {
              if (required) ctx.addIssue({ code: 'custom', message: required });
            } else if (!isRealDate(value)) {
              ctx.addIssue({ code: 'custom', message: `${field.label} must be a date (YYYY-MM-DD)` });
            }
          }),
      );
    case 'integer':
      return z.preprocess(
        (value) => (value === undefined || value === null || value === '' ? 0 : Number(value)),
        z
          .number({ error: `${field.label} must be a whole number` })
          .int(`${field.label} must be a whole number`)
          .min(0, `${field.label} must not be negative`)
          .max(1_000_000, `${field.label} must be at most 1000000`),
      );
    case 'list':
      return z.preprocess(
        parseJsonList,
        z
          .array(
            z
              .string({ error: `${field.label} must be a list of text` })
              .trim()
              .max(field.max ?? 200, `Each of ${field.label} must be at most ${field.max ?? 200} characters`)
              .refine(...noNul(field.label)),
            { error: `${field.label} must be a list of text` },
          )
          .max(MAX_LIST_ITEMS, `${field.label} may hold at most ${MAX_LIST_ITEMS} entries`)
          .transform((items) => items.filter((item) => item !== '')),
      );
  }
}

/** A JSON object, or its JSON text (a multipart part); anything else is returned as it is, to be refused. */
function parseJsonObject(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export type TranslationsResult = { ok: true; value: TranslationsPatch } | { ok: false; errors: string[] };

/**
 * A write's `translations` (an object, or its JSON text in multipart) checked against the definition: known
 * translated languages and translatable fields only, each value as its English field is checked (text or a list
 * of text, the same length limit, no NUL), its messages naming the language ("Title (Kannada) must be at most…").
 * A blank value comes back as null: it removes the stored one (mergeTranslations). Absent, '' or null: no change.
 */
export function validateTranslations(
  def: Pick<ResourceDef, 'fields'> & { image?: ResourceDef['image'] },
  raw: unknown,
): TranslationsResult {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: {} };
  const parsed = parseJsonObject(raw);
  if (!isRecord(parsed)) return { ok: false, errors: [translationMessages.invalid] };
  const fields = translatedPlaces(def);
  const errors: string[] = [];
  const value: TranslationsPatch = {};
  for (const [code, values] of Object.entries(parsed)) {
    const language = TRANSLATED_LANGUAGES.find((known) => known === code);
    if (!language) {
      errors.push(translationMessages.unknownLanguage(code));
      continue;
    }
    const { name: languageName } = languageDef(language);
    if (!isRecord(values)) {
      errors.push(translationMessages.notAnObject(languageName));
      continue;
    }
    const checked: Record<string, string | readonly string[] | null> = {};
    for (const [name, entry] of Object.entries(values)) {
      const field = fields.find((candidate) => candidate.name === name);
      if (!field) {
        errors.push(
          translationMessages.unknownField(
            name,
            languageName,
            fields.map((known) => known.name),
          ),
        );
        continue;
      }
      const result = translatedFieldSchema(field, language).safeParse(entry);
      if (!result.success) {
        for (const issue of result.error.issues) if (!errors.includes(issue.message)) errors.push(issue.message);
        continue;
      }
      const text: unknown = result.data;
      if (typeof text === 'string') checked[name] = text === '' ? null : text;
      else if (Array.isArray(text)) checked[name] = text.length === 0 ? null : text.map(String);
    }
    value[language] = checked;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** A translatable field's value in a language: its English field's schema, optional, its label naming the language. */
function translatedFieldSchema(field: FieldDef, language: TranslatedLanguage): z.ZodType {
  const label = translatedLabel(field.label, languageDef(language).name);
  const max = field.max;
  return fieldSchema({ ...field, label, required: undefined, maxMessage: max ? `${label} must be at most ${max} characters` : undefined });
}

const schemaCache = new Map<ResourceDef, z.ZodType<Record<string, unknown>>>();

/** The schema of a resource's text fields (images are checked separately); conditional fields get their `otherwise` value. */
function recordSchema(def: ResourceDef): z.ZodType<Record<string, unknown>> {
  const cached = schemaCache.get(def);
  if (cached) return cached;
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields) shape[field.name] = fieldSchema(field);
  const schema = z.object(shape).transform((values) => applyConditions(def, values));
  schemaCache.set(def, schema);
  return schema;
}

/** A field whose condition does not hold stores its `otherwise` value. */
export function applyConditions(def: ResourceDef, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const rule of def.conditionalFields ?? []) if (!rule.appliesWhen(values)) out[rule.field] = rule.otherwise;
  return out;
}

/** Whether a field's input counts for these (raw) values: the form disables it otherwise. */
export function fieldApplies(def: ResourceDef, fieldName: string, values: RawValues): boolean {
  return (def.conditionalFields ?? []).every((rule) => rule.field !== fieldName || rule.appliesWhen(values));
}

/** Rules across fields, checked on the raw input so their messages come with the others, not after them. */
function crossFieldErrors(def: ResourceDef, input: RawValues): FieldErrors {
  const errors: string[] = [];
  const byField: Record<string, string> = {};
  for (const rule of def.conditionalFields ?? []) {
    if (!rule.mustBe || !rule.appliesWhen(input) || rule.mustBe.test(input[rule.field])) continue;
    if (!errors.includes(rule.mustBe.message)) errors.push(rule.mustBe.message);
    byField[rule.field] ??= rule.mustBe.message;
  }
  return { errors, byField };
}

export interface FieldErrors {
  /** messages in field order, without repeats */
  errors: string[];
  /** first message per field name */
  byField: Record<string, string>;
}

/** Turns a zod error into the ordered message list the API replies with. */
export function collectErrors(error: z.ZodError): FieldErrors {
  const errors: string[] = [];
  const byField: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in byField)) byField[key] = issue.message;
    if (!errors.includes(issue.message)) errors.push(issue.message);
  }
  return { errors, byField };
}

export type ValidationResult = { ok: true; values: Record<string, unknown> } | ({ ok: false } & FieldErrors);

/** Validates a resource's text fields. */
export function validateRecord(def: ResourceDef, input: RawValues): ValidationResult {
  const result = recordSchema(def).safeParse(input);
  const cross = crossFieldErrors(def, input);
  if (result.success && cross.errors.length === 0) return { ok: true, values: result.data };
  const found = result.success ? { errors: [], byField: {} } : collectErrors(result.error);
  for (const message of cross.errors) if (!found.errors.includes(message)) found.errors.push(message);
  return { ok: false, errors: found.errors, byField: { ...cross.byField, ...found.byField } };
}

/** The message for a wrong number of images, with the count filled in. */
export function imageCountMessage(template: string, count: number): string {
  return template.replace('{count}', String(count));
}

/** What is wrong with an item of `total` images under its resource's policy (null: nothing); what a published item must meet. */
export function imageCountProblem(policy: ResourceDef['image'], total: number): string | null {
  if (policy.kind === 'single') return total === 0 ? policy.requiredOnCreate : null;
  if (total < policy.min || (policy.exact && total !== policy.max)) return imageCountMessage(policy.minMessage, total);
  return total > policy.max ? policy.maxMessage : null;
}

/**
 * The request schemas of a resource's text fields: `create` needs every required field, `update`
 * takes any subset (left out keeps its value). Images travel as multipart files beside them and are
 * checked by the content service. Meant for route schemas; `validateRecord` adds the cross-field
 * messages in the order the API replies with them.
 */
export function resourceSchemas(key: ResourceKey): {
  create: z.ZodType<Record<string, unknown>>;
  update: z.ZodType<Record<string, unknown>>;
} {
  const def: ResourceDef = resources[key];
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields) shape[field.name] = fieldSchema(field);
  return {
    create: z
      .object(shape)
      .superRefine((values, ctx) => {
        for (const [field, message] of Object.entries(crossFieldErrors(def, values).byField)) {
          ctx.addIssue({ code: 'custom', path: [field], message });
        }
      })
      .transform((values) => applyConditions(def, values)),
    // cross-field rules need the record's current values too: the service checks them on the merged record
    update: z.object(shape).partial(),
  };
}
