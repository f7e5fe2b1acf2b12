/** /api/webhooks: the hooks and their delivery log, for accounts with the 'accounts' area (Admins; docs/decisions/0036). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookMessages } from '../../shared/webhooks';
import { auditContext } from '../audit/audit-context';
import { requirePermission, requireStepUp } from '../auth/require-admin';
import type { Services } from '../services';
import { webhookSchemas } from './webhook-schemas';

export const webhookRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const onRequest = requirePermission(services.auth, 'accounts');
  // where enquiries are sent is a way out for every lead's contact details: set only after the password again, as accounts are
  const withStepUp = [onRequest, requireStepUp(services.auth)];
  const { webhooks } = services;

  app.get('/api/webhooks', { ...webhookSchemas.list, onRequest }, async () => ({ success: true as const, data: await webhooks.list() }));

  app.post('/api/webhooks', { ...webhookSchemas.add, onRequest: withStepUp }, async (request, reply) => {
    const data = await webhooks.add(request.body, auditContext(request));
    return reply.code(201).send({ success: true as const, message: webhookMessages.added, data });
  });

  app.put('/api/webhooks/:id', { ...webhookSchemas.update, onRequest: withStepUp }, async (request) => ({
    success: true as const,
    message: webhookMessages.saved,
    data: await webhooks.update(request.params.id, request.body, auditContext(request)),
  }));

  app.delete('/api/webhooks/:id', { ...webhookSchemas.remove, onRequest }, async (request) => {
    await webhooks.remove(request.params.id, auditContext(request));
    return { success: true as const, message: webhookMessages.removed };
  });

  app.post('/api/webhooks/:id/secret', { ...webhookSchemas.rotate, onRequest }, async (request) => ({
    success: true as const,
    message: webhookMessages.rotated,
    data: await webhooks.rotateSecret(request.params.id, auditContext(request)),
  }));

  app.post('/api/webhooks/:id/test', { ...webhookSchemas.test, onRequest }, async (request, reply) => {
    await webhooks.sendTest(request.params.id, auditContext(request));
    return reply.code(202).send({ success: true as const, message: webhookMessages.testQueued });
  });

  app.get('/api/webhooks/:id/deliveries', { ...webhookSchemas.deliveries, onRequest }, async (request) => ({
    success: true as const,
    data: await webhooks.deliveries(request.params.id),
  }));
};
