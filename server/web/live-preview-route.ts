/**
 * POST /api/preview (issue 25, live preview): the public page an item appears on, rendered with the item as
 * its form holds it now, for the form's preview pane. Staff with the content area only; nothing is stored,
 * the page is for that person alone (no cache keeps it) and never indexed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '../../shared/api-messages';
import { livePreviewRequest, type LivePreview } from '../../shared/live-preview';
import { resources } from '../../shared/resources';
import { z } from '../../shared/zod';
import { errorReplies, invalidRequest } from '../api/route-schemas';
import { requirePermission } from '../auth/require-admin';
import { ClientError } from '../errors';
import type { Services } from '../services';

/** A form's values: a few KB of text at most, far below this. */
const PREVIEW_BODY_LIMIT = 256 * 1024;

const schema = {
  tags: ['Content'],
  summary: 'Render the public page of an item with its unsaved values (live preview)',
  description:
    'The page the item appears on (its resource’s public page), as HTML, with the item in its place (or first, when it is not saved yet) ' +
    'as the form holds it. Nothing is stored. `Cache-Control: private, no-store`, `X-Robots-Tag: noindex`.',
  security: [{ bearer: [] }],
  body: livePreviewRequest,
  response: {
    200: { description: 'The page', content: { 'text/html': { schema: z.string() } } },
    ...errorReplies(400, 401, 403),
  },
};

export type RenderPreview = (request: FastifyRequest, reply: FastifyReply, pagePath: string, preview: LivePreview) => Promise<FastifyReply>;

export function registerLivePreview(app: FastifyInstance, services: Services, renderPreview: RenderPreview): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/preview',
    {
      schema,
      bodyLimit: PREVIEW_BODY_LIMIT,
      onRequest: requirePermission(services.auth, 'content'),
      schemaErrorFormatter: invalidRequest(() => new ClientError(400, apiMessages.badRequest)),
    },
    async (request, reply) => {
      const { resource, id, fields, images } = request.body;
      reply.header('x-robots-tag', 'noindex');
      return renderPreview(request, reply, resources[resource].publicPage, { key: resource, id, fields, images });
    },
  );
}
