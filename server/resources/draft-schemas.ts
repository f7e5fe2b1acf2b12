/** The request and reply schemas of one content resource's draft routes (draft-routes.ts; docs/decisions/0039). */
import { apiMessages } from '../../shared/api-messages';
import { baseRevisionHeaders, editConflictMessages, editConflictReply } from '../../shared/edit-conflicts';
import { draftMessages, draftWrittenReply } from '../../shared/drafts';
import { PREVIEW_LINK_DAYS, previewLinkReply } from '../../shared/preview-links';
import { writtenReply } from '../../shared/resource-replies';
import type { ResourceDef } from '../../shared/resources';
import { z } from '../../shared/zod';
import { errorReplies, idParams, invalidRequest } from '../api/route-schemas';
import { ClientError } from '../errors';
import { baseRevisionErrors, writeBody } from './resource-schemas';

const bearer = [{ bearer: [] }];

/** The schemas of create-as-draft, save draft, discard, publish, unpublish and preview links of one resource. */
export function draftRouteSchemas(def: ResourceDef) {
  const tags = [`Content: ${def.path}`];
  const noun = def.noun.toLowerCase();
  return {
    create: {
      tags,
      summary: `Add a ${noun} as a draft, not published`,
      description:
        'As a create, but visitors see it nowhere (pages, lists, API, sitemap, image URLs) until it is published; its images may be fewer than a published item needs (none at all), never more: Publish asks for them (docs/decisions/0046).',
      security: bearer,
      body: writeBody(def, true),
      response: { 201: writtenReply(def, draftMessages.draftCreated(def.noun)), ...errorReplies(400, 401, 403, 413, 415, 507) },
    },
    save: {
      schema: {
        tags,
        summary: `Save a draft of a ${noun}; what visitors see is unchanged`,
        description:
          'The body is an update’s (fields left out keep the draft’s or the published value) and is checked as one; a draft of an item not published may have fewer images than Publish needs. `autosave=true` overwrites the newest draft in place, when it is the same account’s, instead of adding a version. With `Base-Revision`, refused (409, nothing changed, `conflict` says by whom and what) when the item has changed since.',
        security: bearer,
        params: idParams,
        querystring: z.object({ autosave: z.enum(['true', 'false']).optional() }),
        headers: baseRevisionHeaders,
        body: writeBody(def, false),
        response: { 200: draftWrittenReply, ...errorReplies(400, 401, 403, 404, 413, 415, 507), 409: editConflictReply },
      },
      schemaErrorFormatter: invalidRequest((_issues, part) =>
        part === 'querystring'
          ? new ClientError(400, draftMessages.autosaveQuery)
          : part === 'headers'
            ? new ClientError(400, editConflictMessages.badBase)
            : new ClientError(400, apiMessages.badRequest),
      ),
    },
    discard: {
      tags,
      summary: `Discard the draft of a ${noun}`,
      description: 'Removes the drafts newer than the published state. 400 when there is none, or the item was never published.',
      security: bearer,
      params: idParams,
      response: { 200: draftWrittenReply, ...errorReplies(400, 401, 403, 404) },
    },
    publish: {
      schema: {
        tags,
        summary: `Publish a ${noun}: its newest draft becomes what visitors see`,
        description:
          'The draft is checked against today’s rules, its images counted too (400, nothing changed) and written to the item as a published version in one transaction; an unpublished item without a draft is published as it is. 409 when one of its images is no longer stored, or (with `Base-Revision`) when the item has changed since that revision.',
        security: bearer,
        params: idParams,
        headers: baseRevisionHeaders,
        response: { 200: draftWrittenReply, ...errorReplies(400, 401, 403, 404), 409: editConflictReply },
      },
      schemaErrorFormatter: baseRevisionErrors,
    },
    unpublish: {
      tags,
      summary: `Unpublish a ${noun}: visitors no longer see it anywhere`,
      description: 'It stays in the admin as a draft; Publish brings it back. Not the same as hiding it (a hidden item stays published).',
      security: bearer,
      params: idParams,
      response: { 200: draftWrittenReply, ...errorReplies(400, 401, 403, 404) },
    },
    previewLink: {
      tags,
      summary: `Make a shareable preview link of a ${noun}'s draft`,
      description:
        `A signed link anyone may open for ${PREVIEW_LINK_DAYS} days: the public page with the item as its newest draft stands, never indexed and kept by no cache. ` +
        'It is refused once it expires, once a version is published after it was made, or once the item has no draft or is deleted. 400 when the item is published without a draft.',
      security: bearer,
      params: idParams,
      response: { 200: previewLinkReply, ...errorReplies(400, 401, 403, 404) },
    },
  };
}
