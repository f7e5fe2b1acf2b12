/**
 * The enquiry inbox under /api/user (admins only): the list (search, status, page), counts per
 * status, a view as CSV, a message's status, and deleting a message.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inboxMessages } from '../../shared/contact-inbox';
import { requireAdmin } from '../auth/require-admin';
import { ClientError } from '../errors';
import type { Services } from '../services';
import { contactSchemas } from './contact-schemas';
import { inboxCsv, inboxCsvFileName } from './inbox-csv';

export const inboxRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { inbox } = services;
  const guard = requireAdmin(services.auth);

  app.get('/api/user', { ...contactSchemas.list, onRequest: guard }, async (request) => ({
    success: true as const,
    ...(await inbox.list(request.query)),
  }));

  app.get('/api/user/counts', { ...contactSchemas.counts, onRequest: guard }, async () => ({
    success: true as const,
    data: await inbox.counts(),
  }));

  app.get('/api/user/export', { ...contactSchemas.export, onRequest: guard }, async (request, reply) => {
    const body = Readable.from(inboxCsv(inbox.exportView(request.query)));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${inboxCsvFileName(new Date(), request.query.status)}"`)
      .header('cache-control', 'no-store')
      .send(body as never); // cast: the type provider types send() by the reply schema (text), not by the stream that makes it
  });

  app.patch('/api/user/:id', { ...contactSchemas.setStatus, onRequest: guard }, async (request) => {
    const message = await inbox.setStatus(request.params.id, request.body.status);
    if (!message) throw new ClientError(404, inboxMessages.notFound);
    return { success: true as const, message: inboxMessages.statusChanged(message.status), data: message };
  });

  app.delete('/api/user/:id', { ...contactSchemas.remove, onRequest: guard }, async (request) => {
    if (!(await inbox.remove(request.params.id))) throw new ClientError(404, inboxMessages.notFound);
    return { success: true as const, message: inboxMessages.deleted };
  });
};
