/** /api/admins/sessions: list one's own sessions and end any or all others (decision 0018). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '../../shared/api-messages';
import { auditContext } from '../audit/audit-context';
import { accountTarget } from '../audit/auth-events';
import type { Services } from '../services';
import { requireAdmin } from './require-admin';
import { clearSessionCookie } from './session-cookie';
import { sessionSchemas } from './session-schemas';

export const sessionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { auth, env, audit } = services;
  const guard = requireAdmin(auth);

  app.get('/api/admins/sessions', { ...sessionSchemas.list, onRequest: guard }, async (request) => ({
    success: true as const,
    data: await auth.sessions.listSessions(request.admin!.adminId, request.admin!.sessionId),
  }));

  // the admin screens call this while the admin types, so input counts as use; the reply times the warning
  app.post('/api/admins/session/keepalive', { ...sessionSchemas.keepAlive, onRequest: guard }, async (request) => ({
    success: true as const,
    ...(await auth.sessions.keepAlive(request.admin!.sessionId)),
  }));

  app.post('/api/admins/sessions/revoke-others', { ...sessionSchemas.revokeOthers, onRequest: guard }, async (request) => {
    const ended = await auth.sessions.revokeOtherSessions(request.admin!.adminId, request.admin!.sessionId);
    if (ended > 0) {
      const target = accountTarget(request.admin!.adminId, request.admin!.email);
      await audit.record({ kind: 'session.revoked', ...auditContext(request), target, details: { sessions: 'all others', ended } });
    }
    return { success: true as const, message: apiMessages.otherSessionsEnded(ended), ended };
  });

  app.delete('/api/admins/sessions/:id', { ...sessionSchemas.revoke, onRequest: guard }, async (request, reply) => {
    await auth.sessions.revokeSession(request.admin!.adminId, request.params.id);
    const target = accountTarget(request.admin!.adminId, request.admin!.email);
    await audit.record({
      kind: 'session.revoked',
      ...auditContext(request),
      target,
      details: { session: request.params.id.toLowerCase() },
    });
    // ending the session in hand is a logout: its cookie goes too
    if (request.params.id.toLowerCase() === request.admin!.sessionId) clearSessionCookie(reply, env.publicUrl);
    return { success: true as const, message: apiMessages.sessionEnded };
  });
};
