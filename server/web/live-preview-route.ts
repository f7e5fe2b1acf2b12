/**
 * POST /api/preview (issue 25, live preview): the public page a form's values show on, rendered with them as the form
 * holds them now, for the form's preview pane: an item in its place on its resource's page, or the About content or the
 * Site settings in place of the stored one. Staff who may edit what the form edits only; nothing is stored, the page is
 * for that person alone (no cache keeps it) and never indexed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '../../shared/api-messages';
import {
  DOCUMENT_PREVIEW_PAGES,
  documentPreviewValues,
  livePreviewRequest,
  type DocumentPreviewValues,
  type LivePreview,
  type PreviewDocument,
} from '../../shared/live-preview';
import { DEFAULT_LANGUAGE, localizedPath } from '../../shared/languages';
import { resources } from '../../shared/resources';
import { z } from '../../shared/zod';
import { errorReplies, invalidRequest } from '../api/route-schemas';
import { assertPermission, requireAdmin } from '../auth/require-admin';
import { ClientError } from '../errors';
import type { Services } from '../services';
import { previewDocuments } from '../resources/document-previews';

/** A form's values: a few KB of text at most, far below this. */
const PREVIEW_BODY_LIMIT = 256 * 1024;

const schema = {
  tags: ['Content'],
  summary: 'Render the public page a form’s unsaved values show on (live preview)',
  description:
    'An item’s form: the page the item appears on (its resource’s public page), with the item in its place (or first, when it is not saved yet) ' +
    'as the form holds it; the content area. A document’s form: the About page with the About content as the form holds it (the content area), ' +
    'or the home page with the Site settings as the form holds them (they show on every page; the settings area). ' +
    'With `language`, the page in that language (`/kn/…`), the form’s translations in place. As HTML; nothing is stored. `Cache-Control: private, no-store`, `X-Robots-Tag: noindex`.',
  security: [{ bearer: [] }],
  body: livePreviewRequest,
  response: {
    200: { description: 'The page', content: { 'text/html': { schema: z.string() } } },
    ...errorReplies(400, 401, 403),
  },
};

/** What a preview page is rendered with: an item in its list (`previewId` its id), or documents in place of the stored ones. */
export type PreviewValues = { previewId: string; livePreview: LivePreview } | { documentPreview: DocumentPreviewValues };

export type RenderPreview = (
  request: FastifyRequest,
  reply: FastifyReply,
  pagePath: string,
  preview: PreviewValues,
) => Promise<FastifyReply>;

/** The document as its form holds it, each place that does not check out as stored. */
async function documentValues<D extends PreviewDocument>(services: Services, name: D, value: unknown): Promise<DocumentPreviewValues> {
  return documentPreviewValues(name, await previewDocuments(services)[name].document.previewOf(value));
}

export function registerLivePreview(app: FastifyInstance, services: Services, renderPreview: RenderPreview): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/preview',
    {
      schema,
      bodyLimit: PREVIEW_BODY_LIMIT,
      // signed in before the body is read; which area depends on what the form edits (checked below)
      onRequest: requireAdmin(services.auth),
      schemaErrorFormatter: invalidRequest(() => new ClientError(400, apiMessages.badRequest)),
    },
    async (request, reply) => {
      const { body } = request;
      const language = body.language ?? DEFAULT_LANGUAGE;
      if ('document' in body) {
        assertPermission(request.admin!, previewDocuments(services)[body.document].area);
        const documentPreview = await documentValues(services, body.document, body.value);
        reply.header('x-robots-tag', 'noindex');
        return renderPreview(request, reply, localizedPath(DOCUMENT_PREVIEW_PAGES[body.document], language), { documentPreview });
      }
      assertPermission(request.admin!, 'content');
      const { resource, id, fields, images, translations } = body;
      reply.header('x-robots-tag', 'noindex');
      return renderPreview(request, reply, localizedPath(resources[resource].publicPage, language), {
        previewId: id,
        livePreview: { key: resource, id, fields, images, translations },
      });
    },
  );
}
