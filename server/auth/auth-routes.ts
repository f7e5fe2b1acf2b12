/** /api/admins: login, logout, the current admin, password change and the admin list. */
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../../shared/api-messages';
import type { Services } from '../services';
import { rateLimitHook } from '../rate-limit';
import { requireAdmin } from './require-admin';

export function registerAuthRoutes(app: FastifyInstance, services: Services) {
  const { auth, env, database } = services;
  const guard = requireAdmin(auth);
  // per address, on top of the per-email lockout: one address cannot spray guesses over many emails
  const loginRateLimit = rateLimitHook(database.db, {
    name: 'login',
    max: env.loginRateLimit,
    windowMs: env.loginRateWindowMs,
    message: apiMessages.tooManyRequests,
  });
  const body = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

  app.post('/api/admins/login', { onRequest: loginRateLimit }, async (request) => {
    const { email, password } = body(request.body);
    const result = await auth.login(email, password);
    return { success: true, token: result.token, admin: result.admin };
  });

  app.post('/api/admins/logout', { onRequest: guard }, async (request) => {
    await auth.logout(request.admin!.sessionId);
    return { success: true, message: apiMessages.loggedOut };
  });

  app.get('/api/admins/me', { onRequest: guard }, async (request) => ({
    success: true,
    admin: { email: request.admin!.email },
  }));

  app.post('/api/admins/password', { onRequest: guard }, async (request) => {
    const { currentPassword, newPassword } = body(request.body);
    await auth.changePassword(request.admin!.adminId, currentPassword, newPassword);
    return { success: true, message: apiMessages.passwordChanged };
  });

  app.get('/api/admins', { onRequest: guard }, async () => ({ success: true, data: await auth.listAdmins() }));

  app.post('/api/admins', { onRequest: guard }, async (request, reply) => {
    const { email, password } = body(request.body);
    const admin = await auth.addAdmin(email, password);
    return reply.code(201).send({ success: true, message: apiMessages.adminCreated, data: admin });
  });

  app.delete<{ Params: { id: string } }>('/api/admins/:id', { onRequest: guard }, async (request) => {
    await auth.removeAdmin(request.params.id, request.admin!.adminId);
    return { success: true, message: apiMessages.adminDeleted };
  });
}
