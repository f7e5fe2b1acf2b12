/**
 * One generic router for the content resources: GET list (cached, ETag), POST, PUT/PATCH, DELETE (to
 * the trash), and for the admin GET manage (hidden items too), PATCH visibility and PUT order.
 */
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '../../shared/api-messages';
import { auditContext } from '../audit/audit-context';
import { requireAdmin } from '../auth/require-admin';
import { unavailableError } from '../errors';
import { preferredEncoding } from '../prepared-body';
import type { Services } from '../services';
import { readWriteInput } from '../uploads/read-write-input';
import type { CachedList } from './public-cache';
import { resourceRouteSchemas } from './resource-schemas';

export const resourceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const guard = requireAdmin(services.auth);
  const tmpDir = path.join(services.env.dataDir, 'tmp');

  for (const [key, def] of services.content.definitions()) {
    const base = `/api/${def.path}`;
    const schemas = resourceRouteSchemas(def);
    // the body is read here, streamed (multipart) or parsed (JSON), and checked by the content service
    const readInput = (request: FastifyRequest) =>
      readWriteInput(request, { fileFields: [def.image.field], tmpDir, maxImageBytes: services.env.maxImageBytes });

    app.get(base, { schema: schemas.list }, async (request, reply) =>
      sendPreparedList(request, reply, await services.content.list(key), 'no-cache'),
    );

    app.get(`${base}/manage`, { schema: schemas.manage, onRequest: guard }, async (request, reply) =>
      // staff's list: no shared cache may keep it
      sendPreparedList(request, reply, await services.content.manageList(key), 'private, no-cache'),
    );

    app.patch(`${base}/:id/visibility`, { ...schemas.visibility, onRequest: guard }, async (request) => {
      const { hidden } = request.body;
      const record = await services.content.setHidden(key, request.params.id, hidden, auditContext(request));
      return { success: true as const, message: apiMessages.visibilityChanged(def.noun, hidden), data: record };
    });

    app.put(`${base}/order`, { ...schemas.order, onRequest: guard }, async (request) => {
      await services.content.reorder(key, request.body.ids, auditContext(request));
      return { success: true as const, message: apiMessages.orderSaved };
    });

    app.post(base, { schema: schemas.create, onRequest: guard }, async (request, reply) => {
      const record = await withImagePlace(services, request, async () =>
        services.content.create(key, await readInput(request), auditContext(request)),
      );
      return reply.code(201).send({ success: true, message: apiMessages.created(def.noun), data: record });
    });

    app.route({
      method: def.updateMethod,
      url: `${base}/:id`,
      schema: schemas.update,
      onRequest: guard,
      handler: async (request) => {
        const record = await withImagePlace(services, request, async () =>
          services.content.update(key, request.params.id, await readInput(request), auditContext(request)),
        );
        return { success: true as const, message: apiMessages.updated(def.noun), data: record };
      },
    });

    app.delete(`${base}/:id`, { schema: schemas.remove, onRequest: guard }, async (request) => {
      await services.content.remove(key, request.params.id, auditContext(request));
      return { success: true as const, message: apiMessages.deleted(def.noun) };
    });
  }
};

/** Seconds a refused upload is told to wait: about one image's processing. */
const IMAGES_BUSY_RETRY_SECONDS = 10;

/**
 * A write that may carry images (multipart) needs a place in the image queue, asked for before its
 * body is read: a refused upload costs no disk, no decoding and no memory.
 */
async function withImagePlace<T>(services: Services, request: FastifyRequest, write: () => Promise<T>): Promise<T> {
  if (!request.isMultipart()) return write();
  const place = services.content.imageQueue.admit();
  if (!place) throw unavailableError(apiMessages.imagesBusy, IMAGES_BUSY_RETRY_SECONDS);
  try {
    return await write();
  } finally {
    place.release();
  }
}

/** A cached list's reply: its ETag (304 when the client has it), and its bytes serialized and compressed once per change, not per request. */
function sendPreparedList(request: FastifyRequest, reply: FastifyReply, list: CachedList<unknown>, cacheControl: string) {
  reply.header('etag', list.etag).header('cache-control', cacheControl).type('application/json; charset=utf-8');
  // casts: the type provider types send() by the reply schema (records), not by the prepared bytes that hold them
  if (request.headers['if-none-match'] === list.etag) return reply.code(304).send(undefined as never);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'Accept-Encoding');
  if (!encoding || !list.encodings) return reply.send(list.body as never);
  return reply.header('content-encoding', encoding).send(list.encodings[encoding] as never);
}
