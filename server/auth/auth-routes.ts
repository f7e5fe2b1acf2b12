/** /api/admins: login, logout, the current admin, password change and the admin list (Admins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSecurityMessages, apiMessages } from '../../shared/api-messages';
import { rateLimitHook } from '../rate-limit';
import type { Services } from '../services';
import { authSchemas } from './auth-schemas';
import { requireAdmin, requireRole, requireStepUp } from './require-admin';
import { twoFactorRoutes } from './two-factor-routes';

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { auth, env, database } = services;
  const guard = requireAdmin(auth);
  const adminOnly = requireRole(auth, 'admin');
  // adding, removing and changing the role of an account need the password (and code) again
  const adminWithStepUp = [adminOnly, requireStepUp(auth)];
  // per address, on top of the per-email lockout: one address cannot spray guesses over many emails
  const loginRateLimit = rateLimitHook(database.db, {
    name: 'login',
    max: env.loginRateLimit,
    windowMs: env.loginRateWindowMs,
    message: apiMessages.tooManyRequests,
  });

  app.post('/api/admins/login', { ...authSchemas.login, onRequest: loginRateLimit }, async (request) => {
    const { email, password } = request.body;
    const result = await auth.login(email, password);
    if ('token' in result) return { success: true as const, token: result.token, admin: result.admin };
    return { success: true as const, ...result };
  });

  await app.register(twoFactorRoutes, { services, loginRateLimit });

  app.post('/api/admins/logout', { ...authSchemas.logout, onRequest: guard }, async (request) => {
    await auth.logout(request.admin!.sessionId);
    return { success: true as const, message: apiMessages.loggedOut };
  });

  app.get('/api/admins/me', { ...authSchemas.me, onRequest: guard }, async (request) => {
    const { enabled, recoveryCodesLeft } = await auth.twoFactor.status(request.admin!.adminId);
    const { email, role } = request.admin!;
    return {
      success: true as const,
      admin: { email, role, twoFactor: enabled, recoveryCodesLeft, twoFactorRequired: auth.twoFactorRequired },
    };
  });

  app.post('/api/admins/password', { ...authSchemas.changePassword, onRequest: guard }, async (request) => {
    const { currentPassword, newPassword } = request.body;
    await auth.changePassword(request.admin!.adminId, currentPassword, newPassword);
    return { success: true as const, message: apiMessages.passwordChanged };
  });

  app.get('/api/admins', { ...authSchemas.list, onRequest: adminOnly }, async () => ({
    success: true as const,
    data: await auth.listAdmins(),
  }));

  app.post('/api/admins', { ...authSchemas.add, onRequest: adminWithStepUp }, async (request, reply) => {
    const { email, password, role } = request.body;
    const admin = await auth.addAdmin(email, password, role ?? 'admin');
    return reply.code(201).send({ success: true, message: apiMessages.adminCreated, data: admin });
  });

  app.delete('/api/admins/:id', { ...authSchemas.remove, onRequest: adminWithStepUp }, async (request) => {
    await auth.removeAdmin(request.params.id, request.admin!.adminId);
    return { success: true as const, message: apiMessages.adminDeleted };
  });

  app.patch('/api/admins/:id', { ...authSchemas.changeRole, onRequest: adminWithStepUp }, async (request) => ({
    success: true as const,
    message: accountSecurityMessages.roleChanged,
    data: await auth.changeRole(request.params.id, request.body.role),
  }));
};
