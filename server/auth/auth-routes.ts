/** /api/admins: login, logout, the current admin, password change and the admin list. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '../../shared/api-messages';
import { auditContext } from '../audit/audit-context';
import { accountEmail, accountTarget, auditedLogin } from '../audit/auth-events';
import { rateLimitHook } from '../rate-limit';
import type { Services } from '../services';
import { authSchemas } from './auth-schemas';
import { requireAdmin } from './require-admin';
import { clearSessionCookie, refuseCrossSite, setSessionCookie } from './session-cookie';

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { auth, env, database, audit } = services;
  const guard = requireAdmin(auth);
  // per address, on top of the per-email lockout: one address cannot spray guesses over many emails
  const loginRateLimit = rateLimitHook(database.db, {
    name: 'login',
    max: env.loginRateLimit,
    windowMs: env.loginRateWindowMs,
    message: apiMessages.tooManyRequests,
  });

  app.post('/api/admins/login', { ...authSchemas.login, onRequest: loginRateLimit }, async (request, reply) => {
    // another site's page cannot sign the browser in to an account of its choosing
    refuseCrossSite(request);
    const { email, password } = request.body;
    const result = await auditedLogin(audit, database.db, request, email, () =>
      auth.login(email, password, { userAgent: request.headers['user-agent'], address: request.ip }),
    );
    setSessionCookie(reply, env.publicUrl, result.token, result.expiresAt);
    return { success: true as const, token: result.token, admin: result.admin };
  });

  app.post('/api/admins/logout', { ...authSchemas.logout, onRequest: guard }, async (request, reply) => {
    await auth.logout(request.admin!.sessionId);
    clearSessionCookie(reply, env.publicUrl);
    await audit.record({ kind: 'sign-out', ...auditContext(request), target: accountTarget(request.admin!.adminId, request.admin!.email) });
    return { success: true as const, message: apiMessages.loggedOut };
  });

  app.get('/api/admins/me', { ...authSchemas.me, onRequest: guard }, async (request) => ({
    success: true as const,
    admin: { email: request.admin!.email },
  }));

  app.post('/api/admins/password', { ...authSchemas.changePassword, onRequest: guard }, async (request, reply) => {
    const { currentPassword, newPassword } = request.body;
    await auth.changePassword(request.admin!.adminId, currentPassword, newPassword);
    clearSessionCookie(reply, env.publicUrl);
    await audit.record({
      kind: 'account.password-changed',
      ...auditContext(request),
      target: accountTarget(request.admin!.adminId, request.admin!.email),
    });
    return { success: true as const, message: apiMessages.passwordChanged };
  });

  app.get('/api/admins', { ...authSchemas.list, onRequest: guard }, async () => ({
    success: true as const,
    data: await auth.listAdmins(),
  }));

  app.post('/api/admins', { ...authSchemas.add, onRequest: guard }, async (request, reply) => {
    const { email, password } = request.body;
    const admin = await auth.addAdmin(email, password);
    await audit.record({ kind: 'account.added', ...auditContext(request), target: accountTarget(admin._id, admin.email) });
    return reply.code(201).send({ success: true, message: apiMessages.adminCreated, data: admin });
  });

  app.delete('/api/admins/:id', { ...authSchemas.remove, onRequest: guard }, async (request) => {
    const removedEmail = await accountEmail(database.db, request.params.id);
    await auth.removeAdmin(request.params.id, request.admin!.adminId);
    await audit.record({
      kind: 'account.removed',
      ...auditContext(request),
      target: accountTarget(request.params.id.toLowerCase(), removedEmail),
    });
    return { success: true as const, message: apiMessages.adminDeleted };
  });
};
