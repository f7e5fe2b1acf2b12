/**
 * What every route's schemas share: zod validation that answers with the route's own messages,
 * the reply envelopes, and the error replies. The same schemas generate /api/openapi.json.
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { apiMessages } from '../../shared/api-messages';
import { z } from '../../shared/zod';
import { ClientError, type HttpError } from '../errors';

/** Schemas that describe a request part read elsewhere (a streamed multipart body): documented, not validated here. */
const describedOnly = new WeakSet<object>();

/** Marks a schema as documentation of a part the handler reads and checks itself. */
export function documentedOnly<T extends z.ZodType>(schema: T): T {
  describedOnly.add(schema);
  return schema;
}

/**
 * Validates with zod (no JIT: shared/zod.ts). A failure hands the raw zod issues to the route's
 * schemaErrorFormatter, which turns them into the reply the route has always given.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  if (describedOnly.has(schema)) return () => true;
  return (data) => {
    const result = schema.safeParse(data);
    // cast: Fastify types the error as an Error, yet hands it as is to schemaErrorFormatter, which wants the issues
    return result.success ? { value: result.data } : { error: result.error.issues as never };
  };
};

/**
 * Replies are sent as the handlers build them: the reply schemas describe them (and the OpenAPI
 * test checks real replies against them), re-checking each one on the way out would only add
 * the chance of a 500 to a reply that was fine.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = () => (data) => JSON.stringify(data);

type Issue = z.core.$ZodIssue;

/**
 * A route's schemaErrorFormatter: its zod issues become the route's HttpError. Without one, a
 * failed validation answers 400 'Bad request' (app.ts).
 */
export function invalidRequest(toError: (issues: Issue[], part: string) => HttpError) {
  return (errors: unknown, part: string): Error => toError(errors as Issue[], part);
}

/** A body that is not an object is checked as the empty object, so the reply names every missing field, as it always has. */
export function fieldIssues(schema: z.ZodType, issues: Issue[]): Issue[] {
  if (!issues.some((issue) => issue.path.length === 0)) return issues;
  return schema.safeParse({}).error?.issues ?? issues;
}

/** The schemaErrorFormatter used when a route gives none. */
export const badRequest = invalidRequest(() => new ClientError(400, apiMessages.badRequest));

/** Every failure: `{ success: false, message, errors? }` (DESIGN.md). */
export const errorReply = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.array(z.string()).optional(),
  })
  .meta({ id: 'ErrorReply', description: 'Every failure: the message to show, and the list of problems when there are several.' });

/** `{ success: true, message }`, the reply of a change that returns nothing else. */
export const messageReply = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'MessageReply', description: 'A change that returns nothing else.' });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503 | 507;

/**
 * The error replies a route documents: the ones it gives for its own reasons, plus 500 and 503
 * (database unreachable), which any route that reads the database may give.
 */
export function errorReplies<S extends ErrorStatus>(...statuses: S[]): Record<S | 500 | 503, typeof errorReply> {
  const replies = {} as Record<S | 500 | 503, typeof errorReply>;
  for (const status of [...statuses, 500, 503] as (S | 500 | 503)[]) replies[status] = errorReply;
  return replies;
}

/** A route's `id` parameter: record ids are UUIDs (checked by the service, which answers 400 'Invalid id'). */
export const idParams = z.object({ id: z.string().meta({ description: 'The record’s `_id` (a UUID).' }) });
