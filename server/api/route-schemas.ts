/**
 * What every route's schemas share: zod validation that answers with the route's own messages,
 * the reply envelopes, and the error replies. The same schemas generate /api/openapi.json.
 */
import type { FastifyReply, FastifySchemaCompiler, FastifySchemaValidationError, FastifySerializerCompiler } from 'fastify';
import { apiMessages } from '../../shared/api-messages';
import { errorReply, messageReply } from '../../shared/replies';
import { z } from '../../shared/zod';
import { ClientError, type HttpError } from '../errors';
import { recordOf } from '../../shared/narrow';

/** Schemas that describe a request part read elsewhere (a streamed multipart body): documented, not validated here. */
const describedOnly = new WeakSet<object>();

/** Marks a schema as documentation of a part the handler reads and checks itself. */
export function documentedOnly<T extends z.ZodType>(schema: T): T {
  describedOnly.add(schema);
  return schema;
}

type Issue = z.core.$ZodIssue;

/** The zod issues behind each list of validation errors handed to Fastify, which passes that same list to the route's schemaErrorFormatter. */
const zodIssues = new WeakMap<FastifySchemaValidationError[], Issue[]>();

/** zod's issues as the validation errors Fastify's types name, each list remembering the issues it came from. */
function validationErrors(issues: Issue[]): FastifySchemaValidationError[] {
  const errors = issues.map((issue) => ({
    keyword: issue.code,
    instancePath: issue.path.map((key) => `/${String(key)}`).join(''),
    schemaPath: '',
    params: {},
    message: issue.message,
  }));
  zodIssues.set(errors, issues);
  return errors;
}

/**
 * Validates with zod (no JIT: shared/zod.ts). A failure hands the zod issues to the route's
 * schemaErrorFormatter, which turns them into the reply the route has always given.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  if (describedOnly.has(schema)) return () => true;
  return (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: validationErrors(result.error.issues) };
  };
};

/**
 * Replies are sent as the handlers build them: the reply schemas describe them (and the OpenAPI
 * test checks real replies against them), re-checking each one on the way out would only add
 * the chance of a 500 to a reply that was fine.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = () => (data) => JSON.stringify(data);

/**
 * A route's schemaErrorFormatter: its zod issues become the route's HttpError. Without one, a
 * failed validation answers 400 'Bad request' (app.ts).
 */
export function invalidRequest(toError: (issues: Issue[], part: string) => HttpError) {
  // every list comes from validatorCompiler, so its issues are always there
  return (errors: FastifySchemaValidationError[], part: string): Error => toError(zodIssues.get(errors) ?? [], part);
}

/** A body that is not an object is checked as the empty object, so the reply names every missing field, as it always has. */
export function fieldIssues(schema: z.ZodType, issues: Issue[]): Issue[] {
  if (!issues.some((issue) => issue.path.length === 0)) return issues;
  return schema.safeParse({}).error?.issues ?? issues;
}

/** The schemaErrorFormatter used when a route gives none. */
export const badRequest = invalidRequest(() => new ClientError(400, apiMessages.badRequest));

// the envelopes live in shared/ (the admin's calls read their types from them)
export { errorReply, messageReply };

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503 | 507;

/**
 * The error replies a route documents: the ones it gives for its own reasons, plus 500 and 503
 * (database unreachable), which any route that reads the database may give.
 */
export function errorReplies<S extends ErrorStatus>(...statuses: S[]): Record<S | 500 | 503, typeof errorReply> {
  return recordOf<S | 500 | 503, typeof errorReply>([...statuses, 500, 503], () => errorReply);
}

/**
 * Sends a body that makes what the route's reply schema documents without being of its type: a stream
 * of the documented bytes or text, JSON prepared once, swagger's document. The type provider types
 * send() by the schema; Fastify's own reply type, which the route's reply is, takes any body.
 */
export function sendAsIs(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.send(body);
}

/** A route's `id` parameter: record ids are UUIDs (checked by the service, which answers 400 'Invalid id'). */
export const idParams = z.object({ id: z.string().meta({ description: 'The record’s `_id` (a UUID).' }) });
