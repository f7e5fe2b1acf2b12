/** The request and reply schemas of the versions routes (server/history/history-routes.ts). */
import {
  compareReply,
  historyMessages,
  purgedReply,
  restoredReply,
  restoreVersionBody,
  versionListReply,
  versionReply,
} from '../../shared/history';
import { z } from '../../shared/zod';
import { errorReplies, invalidRequest } from '../api/route-schemas';
import { ClientError } from '../errors';

const tags = ['History'];
const security = [{ bearer: [] }];

const idParam = z.string().meta({ description: 'The item’s `_id` (a UUID).' });
const numberParam = z.string().meta({ description: 'A version number (1, 2, 3…).' });
const digits = z.string().regex(/^\d{1,9}$/);

/** The path's parameters: the item's id when the history is of a resource's item, and the version number when the route names one. */
const params = (withId: boolean, withNumber: boolean) => {
  const shape: Record<string, z.ZodString> = {};
  if (withId) shape.id = idParam;
  if (withNumber) shape.number = numberParam;
  return z.object(shape);
};

/** Schemas of the routes of one thing with a history (`noun`, e.g. "client story"); `withId`: a resource's item, not a document. */
export function historySchemas(noun: string, withId: boolean) {
  return {
    list: {
      schema: {
        tags,
        summary: `List the versions of a ${noun}, newest first`,
        description:
          'A page of at most `limit` (default 50, at most 100) versions numbered below `before`; `next` is `before` of the next page.',
        security,
        params: params(withId, false),
        querystring: z.object({ before: digits.optional(), limit: digits.optional() }),
        response: { 200: versionListReply, ...errorReplies(400, 401, 403, 404) },
      },
      schemaErrorFormatter: invalidRequest(() => new ClientError(400, historyMessages.badPage)),
    },
    one: {
      schema: {
        tags,
        summary: `One version of a ${noun}, with its fields and images`,
        security,
        params: params(withId, true),
        response: { 200: versionReply, ...errorReplies(400, 401, 403, 404) },
      },
    },
    compare: {
      schema: {
        tags,
        summary: `Compare two versions of a ${noun}, field by field`,
        description: 'Text as words kept, added and removed; images as their URLs on each side.',
        security,
        params: params(withId, false),
        querystring: z.object({ from: digits, to: digits }),
        response: { 200: compareReply, ...errorReplies(400, 401, 403, 404) },
      },
      schemaErrorFormatter: invalidRequest(() => new ClientError(400, historyMessages.compareQuery)),
    },
    restore: {
      schema: {
        tags,
        summary: `Restore a version of a ${noun}`,
        description:
          '`as: "published"` (the default) makes it the live state at once, as a new version. `as: "draft"` makes it a new draft, the live state unchanged. 409 when one of its image files is no longer stored.',
        security,
        params: params(withId, true),
        body: restoreVersionBody,
        response: { 200: restoredReply, ...errorReplies(400, 401, 403, 404, 409) },
      },
      schemaErrorFormatter: invalidRequest(() => new ClientError(400, historyMessages.restoreBody)),
    },
    purge: {
      schema: {
        tags,
        summary: `Remove every version of a ${noun} but the newest (Admins)`,
        security,
        params: params(withId, false),
        response: { 200: purgedReply, ...errorReplies(400, 401, 403, 404) },
      },
    },
  };
}
