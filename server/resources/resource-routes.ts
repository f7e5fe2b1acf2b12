/**
 * One generic router for the content resources: GET list (cached, ETag), POST, PUT/PATCH, DELETE (to
 * the trash), and for the admin GET manage (hidden items too), PATCH visibility and PUT order; the drafts' routes
 * (draft-routes.ts) in the same scope.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '../../shared/api-messages';
import { BASE_REVISION_HEADER } from '../../shared/edit-conflicts';
import { auditContext } from '../audit/audit-context';
import { requirePermission } from '../auth/require-admin';
import { unavailableError } from '../errors';
import { sendReady } from '../prepared-body';
import { sharedCacheControl } from '../../shared/shared-cache';
import type { Services } from '../services';
import { readWriteInput } from '../uploads/read-write-input';
import { registerDraftRoutes } from './draft-routes';
import { registerItemScheduleRoute } from '../schedules/schedule-routes';
import { contentWrite } from './image-field-schemas';
import { resourceRouteSchemas } from './resource-schemas';

export const resourceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // staff's lists and every write: accounts with the 'content' permission
  const guard = requirePermission(services.auth, 'content');
  const tmpDir = path.join(services.env.dataDir, 'tmp');
  // a public list may be kept by a shared cache (reply-headers.ts); staff's lists by none
  const publicList = { 'cache-control': sharedCacheControl(services.env) };
  const staffList = { 'cache-control': 'private, no-cache' };
  // public lists: outside the scope below, so a visitor's request runs none of multipart's hooks
  // a warm list asked without a query or credentials is answered before the router (early-replies.ts)
  const listKeys = new Map([...services.content.resources.definitions()].map(([key, def]) => [`/api/${def.path}`, key]));
  app.early.add({
    headers: publicList,
    find: (target) => {
      const key = listKeys.get(target);
      return (key && services.content.reads.cachedList(key)?.reply) || null;
    },
  });
  for (const [key, def] of services.content.resources.definitions()) {
    // compress: false, as the list is sent in the encodings prepared with it (or too small to compress)
    // a warm list is sent in the request's own tick (no promise), as cached pages are (issue 24)
    app.get(`/api/${def.path}`, { schema: resourceRouteSchemas(def).list, compress: false }, (request, reply) => {
      const warm = services.content.reads.cachedList(key);
      if (warm) return void sendReady(request, reply, warm.reply, publicList);
      // awaiting the reply (a thenable) ends the handler once it is sent, as an async handler returning it did
      return (async () => void (await sendReady(request, reply, (await services.content.reads.list(key)).reply, publicList)))();
    });
  }

  await app.register(async (scope) => {
    const staff = scope.withTypeProvider<ZodTypeProvider>();
    // multipart bodies (writes with images) reach only these routes
    scope.removeContentTypeParser('multipart/form-data'); // the app's, which leaves such bodies unread
    await scope.register(multipart, { limits: uploadLimits(services) });
    for (const [key, def] of services.content.resources.definitions()) {
      const base = `/api/${def.path}`;
      const schemas = resourceRouteSchemas(def);
      // the body is read here, streamed (multipart) or parsed (JSON), its image fields parsed (image-field-schemas.ts);
      // the content writes check it against the definition and the record
      const readWrite = async (request: FastifyRequest) =>
        contentWrite(await readWriteInput(request, { fileFields: [def.image.field], tmpDir, maxImageBytes: services.env.maxImageBytes }));

      staff.get(`${base}/manage`, { schema: schemas.manage, onRequest: guard }, async (request, reply) =>
        // staff's list: no shared cache may keep it
        sendReady(request, reply, (await services.content.reads.manageList(key)).reply, staffList),
      );

      staff.patch(`${base}/:id/visibility`, { ...schemas.visibility, onRequest: guard }, async (request) => {
        const { hidden } = request.body;
        const record = await services.content.lifecycle.setHidden(key, request.params.id, hidden, auditContext(request));
        return { success: true as const, message: apiMessages.visibilityChanged(def.noun, hidden), data: record };
      });

      staff.put(`${base}/order`, { ...schemas.order, onRequest: guard }, async (request) => {
        await services.content.lifecycle.reorder(key, request.body.ids, auditContext(request));
        return { success: true as const, message: apiMessages.orderSaved };
      });

      staff.post(base, { schema: schemas.create, onRequest: guard }, async (request, reply) => {
        const record = await withImagePlace(services, request, async () =>
          services.content.writes.create(key, await readWrite(request), auditContext(request)),
        );
        return reply.code(201).send({ success: true, message: apiMessages.created(def.noun), data: record });
      });

      staff.route({
        method: def.updateMethod,
        url: `${base}/:id`,
        ...schemas.update,
        onRequest: guard,
        handler: async (request) => {
          const { record, revision } = await withImagePlace(services, request, async () =>
            services.content.writes.update(
              key,
              request.params.id,
              await readWrite(request),
              auditContext(request),
              request.headers[BASE_REVISION_HEADER],
            ),
          );
          return { success: true as const, message: apiMessages.updated(def.noun), data: { ...record, revision } };
        },
      });

      staff.delete(`${base}/:id`, { schema: schemas.remove, onRequest: guard }, async (request) => {
        await services.content.lifecycle.moveToTrash(key, request.params.id, auditContext(request));
        return { success: true as const, message: apiMessages.deleted(def.noun) };
      });

      registerDraftRoutes(scope, {
        services,
        key,
        def,
        guard,
        readWrite,
        withImagePlace: (request, write) => withImagePlace(services, request, write),
      });
      registerItemScheduleRoute(scope, { services, key, path: def.path, noun: def.noun, guard });
    }
  });
};

/** What one multipart request may carry: every route that takes uploads reads them with these. */
export const uploadLimits = (services: Services) => ({
  fileSize: services.env.maxImageBytes,
  files: 30,
  fields: 60,
  fieldSize: 100 * 1024,
  parts: 100,
});

/** Seconds a refused upload is told to wait: about one image's processing. */
const IMAGES_BUSY_RETRY_SECONDS = 10;

/**
 * A write that may carry images (multipart) needs a place in the image queue, asked for before its
 * body is read: a refused upload costs no disk, no decoding and no memory.
 */
export async function withImagePlace<T>(services: Services, request: FastifyRequest, write: () => Promise<T>): Promise<T> {
  if (!request.isMultipart()) return write();
  const place = services.content.images.queue.admit();
  if (!place) throw unavailableError(apiMessages.imagesBusy, IMAGES_BUSY_RETRY_SECONDS);
  try {
    return await write();
  } finally {
    place.release();
  }
}
