/**
 * The enquiry inbox under /api/user (the 'enquiries' permission): the list (search, status, page), counts per
 * status, a view as CSV, a message's status, and moving a message to the trash. An account without the area
 * lists, counts and opens the enquiries assigned to it, and nothing else (docs/decisions/0040).
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INBOX_PAGE_SIZE, inboxMessages, type InboxMessage } from '../../shared/contact-inbox';
import { alertLabels } from '../../shared/copy/admin';
import { auditContext } from '../audit/audit-context';
import { enquiryScope, requireAdmin, requirePermission } from '../auth/require-admin';
import { ClientError } from '../errors';
import type { Services } from '../services';
import { contactSchemas } from './contact-schemas';
import { inboxCsv, inboxCsvFileName } from './inbox-csv';
import { sendAsIs } from '../api/route-schemas';
import { enquiryTarget, ownEnquiry, scopedView } from './pipeline-service';

export const inboxRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { inbox, mail, audit } = services;
  const guard = requirePermission(services.auth, 'enquiries');
  // every enquiry with the area, else those assigned to the account (enquiryScope)
  const signedIn = requireAdmin(services.auth);

  /** Each message's e-mail alert, from the mail outbox (none when alerts were off as it came). */
  const withAlerts = async (messages: InboxMessage[]) => {
    const alerts = await mail.alertStatuses(messages.map((message) => message._id));
    return messages.map((message) => {
      const alert = alerts.get(message._id);
      return alert ? { ...message, alert: { status: alertLabels[alert] } } : message;
    });
  };

  app.get('/api/user', { ...contactSchemas.list, onRequest: signedIn }, async (request) => {
    const scope = enquiryScope(request.admin!);
    const { page, limit, ...asked } = request.query;
    const view = scopedView(asked, scope);
    if (page === undefined && limit === undefined) {
      // the spec's messages list: the whole view, read in the export's batches (each batch's alerts in one query)
      const data: InboxMessage[] = [];
      for await (const batch of inbox.exportView(view)) data.push(...(await withAlerts(batch)));
      return { success: true as const, data, total: data.length, counts: await inbox.counts(scope) };
    }
    const found = await inbox.list({ ...view, page: page ?? 1, limit: limit ?? INBOX_PAGE_SIZE }, scope);
    return { success: true as const, ...found, data: await withAlerts(found.data) };
  });

  app.get('/api/user/counts', { ...contactSchemas.counts, onRequest: signedIn }, async (request) => ({
    success: true as const,
    data: await inbox.counts(enquiryScope(request.admin!)),
  }));

  app.get('/api/user/sources', { ...contactSchemas.sources, onRequest: signedIn }, async (request) => ({
    success: true as const,
    data: await inbox.filterChoices(enquiryScope(request.admin!)),
  }));

  app.get('/api/user/export', { ...contactSchemas.export, onRequest: guard }, async (request, reply) => {
    const body = Readable.from(inboxCsv(inbox.exportView(request.query), services.env.siteTimeZone));
    // the status line is sent: a failure can only cut the file short, and Fastify logs nothing of it
    body.on('error', (error) => request.log.error({ err: error }, 'inbox export ended early'));
    return sendAsIs(
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${inboxCsvFileName(new Date(), services.env.siteTimeZone, request.query.status)}"`,
        )
        .header('cache-control', 'no-store'),
      body,
    );
  });

  app.get('/api/user/:id', { ...contactSchemas.get, onRequest: signedIn }, async (request) => {
    const message = ownEnquiry(await inbox.get(request.params.id), enquiryScope(request.admin!));
    if (!message) throw new ClientError(404, inboxMessages.notFound);
    const alert = (await mail.alertStatuses([message._id])).get(message._id);
    return { success: true as const, data: alert ? { ...message, alert: { status: alertLabels[alert] } } : message };
  });

  app.patch('/api/user/:id', { ...contactSchemas.setStatus, onRequest: guard }, async (request) => {
    const message = await inbox.setStatus(request.params.id, request.body.status);
    if (!message) throw new ClientError(404, inboxMessages.notFound);
    await audit.record({
      kind: 'enquiry.status-changed',
      ...auditContext(request),
      target: enquiryTarget(message),
      details: { status: message.status },
    });
    return { success: true as const, message: inboxMessages.statusChanged(message.status), data: message };
  });

  app.delete('/api/user/:id', { ...contactSchemas.remove, onRequest: guard }, async (request) => {
    const removed = await inbox.remove(request.params.id);
    if (!removed) throw new ClientError(404, inboxMessages.notFound);
    // to the trash: restored or deleted forever from there (server/trash)
    await audit.record({ kind: 'enquiry.trashed', ...auditContext(request), target: enquiryTarget(removed) });
    return { success: true as const, message: inboxMessages.deleted };
  });
};
