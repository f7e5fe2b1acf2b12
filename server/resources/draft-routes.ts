/**
 * The draft routes of one content resource (docs/decisions/0039), registered by resource-routes.ts inside its
 * multipart scope: POST /drafts (create as a draft), PUT/DELETE /:id/draft (save, discard), POST /:id/publish,
 * /:id/unpublish and /:id/preview-link (a shareable link of the draft: preview-links.ts). Staff of the content area only; visitors get 401, other areas 403.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { draftMessages } from '../../shared/drafts';
import { BASE_REVISION_HEADER } from '../../shared/edit-conflicts';
import { previewLinkMessages, previewLinkUrl } from '../../shared/preview-links';
import type { ResourceDef } from '../../shared/resources';
import { auditContext } from '../audit/audit-context';
import type { Services } from '../services';
import type { ContentWrite } from './image-field-schemas';
import { draftRouteSchemas } from './draft-schemas';

interface DraftRouteOptions {
  services: Services;
  key: string;
  def: ResourceDef;
  guard: onRequestHookHandler;
  /** Reads a write's body as create and update do. */
  readWrite: (request: FastifyRequest) => Promise<ContentWrite>;
  /** Holds a place in the image queue while a multipart write runs. */
  withImagePlace: <T>(request: FastifyRequest, write: () => Promise<T>) => Promise<T>;
}

export function registerDraftRoutes(app: FastifyInstance, options: DraftRouteOptions): void {
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const { services, key, def, guard, readWrite, withImagePlace } = options;
  const { drafts, writes } = services.content;
  const base = `/api/${def.path}`;
  const schemas = draftRouteSchemas(def);

  staff.post(`${base}/drafts`, { schema: schemas.create, onRequest: guard }, async (request, reply) => {
    const record = await withImagePlace(request, async () => writes.create(key, await readWrite(request), auditContext(request), 'draft'));
    return reply.code(201).send({ success: true, message: draftMessages.draftCreated(def.noun), data: record });
  });

  staff.put(`${base}/:id/draft`, { ...schemas.save, onRequest: guard }, async (request) => {
    const autosave = request.query.autosave === 'true';
    const data = await withImagePlace(request, async () =>
      drafts.save(key, request.params.id, await readWrite(request), auditContext(request), autosave, request.headers[BASE_REVISION_HEADER]),
    );
    return { success: true as const, message: draftMessages.draftSaved, data };
  });

  staff.delete(`${base}/:id/draft`, { schema: schemas.discard, onRequest: guard }, async (request) => {
    const data = await drafts.discard(key, request.params.id, auditContext(request));
    return { success: true as const, message: draftMessages.discarded, data };
  });

  staff.post(`${base}/:id/publish`, { ...schemas.publish, onRequest: guard }, async (request) => {
    const data = await drafts.publish(key, request.params.id, auditContext(request), undefined, request.headers[BASE_REVISION_HEADER]);
    return { success: true as const, message: draftMessages.published(def.noun), data };
  });

  staff.post(`${base}/:id/preview-link`, { schema: schemas.previewLink, onRequest: guard }, async (request) => {
    const { token, expiresAt } = await services.previewLinks.create(key, request.params.id);
    const url = previewLinkUrl(services.env.publicUrl, token);
    return { success: true as const, message: previewLinkMessages.made, data: { url, expiresAt: expiresAt.toISOString() } };
  });

  staff.post(`${base}/:id/unpublish`, { schema: schemas.unpublish, onRequest: guard }, async (request) => {
    const data = await drafts.unpublish(key, request.params.id, auditContext(request));
    return { success: true as const, message: draftMessages.unpublished(def.noun), data };
  });
}
