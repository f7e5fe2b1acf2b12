/** /api/media: the media library (docs/decisions/0048), for accounts with the content area. */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { mediaMessages } from '../../shared/media';
import { auditContext } from '../audit/audit-context';
import { requirePermission } from '../auth/require-admin';
import { ClientError } from '../errors';
import { uploadLimits, withImagePlace } from '../resources/resource-routes';
import type { Services } from '../services';
import { readWriteInput } from '../uploads/read-write-input';
import { mediaSchemas } from './media-schemas';

export const mediaRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const guard = requirePermission(services.auth, 'content');
  const { media } = services;
  const tmpDir = path.join(services.env.dataDir, 'tmp');

  app.get('/api/media', { ...mediaSchemas.list, onRequest: guard }, async (request) => ({
    success: true as const,
    data: await media.list(request.query),
  }));

  app.get('/api/media/:id', { ...mediaSchemas.one, onRequest: guard }, async (request) => ({
    success: true as const,
    data: await media.get(request.params.id),
  }));

  app.patch('/api/media/:id', { ...mediaSchemas.update, onRequest: guard }, async (request) => ({
    success: true as const,
    message: mediaMessages.saved,
    data: await media.update(request.params.id, request.body, auditContext(request)),
  }));

  app.delete('/api/media/:id', { ...mediaSchemas.remove, onRequest: guard }, async (request, reply) => {
    const { uses } = await media.moveToTrash(request.params.id, auditContext(request));
    if (uses.length > 0) return reply.code(409).send({ success: false, message: mediaMessages.inUse, uses });
    return { success: true as const, message: mediaMessages.deleted };
  });

  // the upload reads its multipart body in a scope of its own, as the resource routes do
  await app.register(async (scope) => {
    scope.removeContentTypeParser('multipart/form-data');
    await scope.register(multipart, { limits: uploadLimits(services) });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/media', { ...mediaSchemas.upload, onRequest: guard }, async (request, reply) => {
      if (!request.isMultipart()) throw new ClientError(400, mediaMessages.noFiles, [mediaMessages.noFiles]);
      const items = await withImagePlace(services, request, async () => {
        const { files } = await readWriteInput(request, { fileFields: ['files'], tmpDir, maxImageBytes: services.env.maxImageBytes });
        return media.upload(files, auditContext(request));
      });
      return reply.code(201).send({ success: true, message: mediaMessages.uploaded(items.length), data: { items } });
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/media/:id/file', { ...mediaSchemas.replace, onRequest: guard }, async (request) => {
        if (!request.isMultipart()) throw new ClientError(400, mediaMessages.oneFile, [mediaMessages.oneFile]);
        const entry = await withImagePlace(services, request, async () => {
          const { files } = await readWriteInput(request, { fileFields: ['file'], tmpDir, maxImageBytes: services.env.maxImageBytes });
          return media.replace(request.params.id, files, auditContext(request));
        });
        return { success: true as const, message: mediaMessages.replaced, data: entry };
      });
  });
};
