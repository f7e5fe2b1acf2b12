/** The trash under /api/trash (signed-in staff; each item by the permission of its area): list, restore, delete forever. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '../../shared/api-messages';
import { auditContext } from '../audit/audit-context';
import { requireAdmin } from '../auth/require-admin';
import type { Services } from '../services';
import { trashSchemas } from './trash-schemas';

export const trashRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const guard = requireAdmin(services.auth);
  const { trash } = services;

  app.get('/api/trash', { ...trashSchemas.list, onRequest: guard }, async (request) => ({
    success: true as const,
    data: await trash.list(request.admin!),
    trashDays: trash.retentionDays,
  }));

  app.post('/api/trash/:resource/:id/restore', { ...trashSchemas.restore, onRequest: guard }, async (request) => {
    const { resource, id } = request.params;
    const noun = await trash.restore(resource, id, request.admin!, auditContext(request));
    return { success: true as const, message: apiMessages.restored(noun) };
  });

  app.delete('/api/trash/:resource/:id', { ...trashSchemas.deleteForever, onRequest: guard }, async (request) => {
    const { resource, id } = request.params;
    const noun = await trash.deleteForever(resource, id, request.admin!, auditContext(request));
    return { success: true as const, message: apiMessages.deletedForever(noun) };
  });
};
