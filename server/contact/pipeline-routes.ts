/**
 * The enquiry pipeline under /api/user (the 'enquiries' permission, docs/decisions/0040): an enquiry's
 * stage, owner, next follow-up and notes, the accounts it may be assigned to, and the board. An account
 * without the area has the board, stage, follow-up and notes of the enquiries assigned to it; never the owner.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inboxMessages } from '../../shared/contact-inbox';
import { pipelineMessages } from '../../shared/enquiry-pipeline';
import { auditContext } from '../audit/audit-context';
import { enquiryScope, requireAdmin, requirePermission } from '../auth/require-admin';
import { ClientError } from '../errors';
import type { Services } from '../services';
import { pipelineSchemas } from './pipeline-schemas';
import { scopedView } from './pipeline-service';

/** The enquiry, or the inbox's 404. */
function found<T>(value: T | null): T {
  if (value === null) throw new ClientError(404, inboxMessages.notFound);
  return value;
}

export const pipelineRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { pipeline } = services;
  const guard = requirePermission(services.auth, 'enquiries');
  // every enquiry with the area, else those assigned to the account (enquiryScope; the service checks under the row lock)
  const signedIn = requireAdmin(services.auth);

  app.get('/api/user/owners', { ...pipelineSchemas.owners, onRequest: guard }, async () => ({
    success: true as const,
    data: await pipeline.owners(),
  }));

  app.get('/api/user/board', { ...pipelineSchemas.board, onRequest: signedIn }, async (request) => ({
    success: true as const,
    data: await pipeline.board(scopedView(request.query, enquiryScope(request.admin!))),
  }));

  app.put('/api/user/:id/stage', { ...pipelineSchemas.stage, onRequest: signedIn }, async (request) => {
    const scope = enquiryScope(request.admin!);
    const message = found(await pipeline.changeStage(request.params.id, request.body, auditContext(request), scope));
    return { success: true as const, message: pipelineMessages.stageChanged(message.stage), data: message };
  });

  app.put('/api/user/:id/owner', { ...pipelineSchemas.owner, onRequest: guard }, async (request) => {
    const message = found(await pipeline.assign(request.params.id, request.body.ownerId, auditContext(request)));
    return { success: true as const, message: pipelineMessages.ownerChanged(message.owner?.email ?? null), data: message };
  });

  app.put('/api/user/:id/follow-up', { ...pipelineSchemas.followUp, onRequest: signedIn }, async (request) => {
    const scope = enquiryScope(request.admin!);
    const message = found(await pipeline.setFollowUp(request.params.id, request.body.followUpOn, auditContext(request), scope));
    return { success: true as const, message: pipelineMessages.followUpChanged(message.followUpOn), data: message };
  });

  app.get('/api/user/:id/notes', { ...pipelineSchemas.notes, onRequest: signedIn }, async (request) => ({
    success: true as const,
    data: found(await pipeline.notes(request.params.id, enquiryScope(request.admin!))),
  }));

  app.post('/api/user/:id/notes', { ...pipelineSchemas.addNote, onRequest: signedIn }, async (request, reply) => {
    const scope = enquiryScope(request.admin!);
    const note = found(await pipeline.addNote(request.params.id, request.body.text, auditContext(request), scope));
    return reply.code(201).send({ success: true as const, message: pipelineMessages.noteAdded, data: note });
  });
};
