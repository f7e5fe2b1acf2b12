/** /api/admins: login, logout, the current admin, password change and the admin list (Admins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSecurityMessages, apiMessages } from '../../shared/api-messages';
import { auditContext } from '../audit/audit-context';
import { accountEmail, accountTarget, auditedLogin } from '../audit/auth-events';
import { rateLimitHook } from '../rate-limit';
import type { Services } from '../services';
import { authSchemas } from './auth-schemas';
import { requireAdmin, requireRole, requireStepUp } from './require-admin';
import { clearSessionCookie, refuseCrossSite, setSessionCookie } from './session-cookie';
import { twoFactorRoutes } from './two-factor-routes';

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { auth, env, database, audit } = services;
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

  app.post('/api/admins/login', { ...authSchemas.login, onRequest: loginRateLimit }, async (request, reply) => {
    // another site's page cannot sign the browser in to an account of its choosing
    refuseCrossSite(request);
    const { email, password } = request.body;
    const result = await auditedLogin(audit, database.db, request, email, () =>
      auth.login(email, password, { userAgent: request.headers['user-agent'], address: request.ip }),
    );
    if (!('token' in result)) return { success: true as const, ...result };
    setSessionCookie(reply, env.publicUrl, result.token, result.expiresAt);
    return { success: true as const, token: result.token, admin: result.admin };
  });

  await app.register(twoFactorRoutes, { services, loginRateLimit });

  app.post('/api/admins/logout', { ...authSchemas.logout, onRequest: guard }, async (request, reply) => {
    await auth.logout(request.admin!.sessionId);
    clearSessionCookie(reply, env.publicUrl);
    await audit.record({ kind: 'sign-out', ...auditContext(request), target: accountTarget(request.admin!.adminId, request.admin!.email) });
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

  app.get('/api/admins', { ...authSchemas.list, onRequest: adminOnly }, async () => ({
    success: true as const,
    data: await auth.listAdmins(),
  }));

  app.post('/api/admins', { ...authSchemas.add, onRequest: adminWithStepUp }, async (request, reply) => {
    const { email, password, role } = request.body;
    const admin = await auth.addAdmin(email, password, role ?? 'admin');
    await audit.record({ kind: 'account.added', ...auditContext(request), target: accountTarget(admin._id, admin.email) });
    return reply.code(201).send({ success: true, message: apiMessages.adminCreated, data: admin });
  });

  app.delete('/api/admins/:id', { ...authSchemas.remove, onRequest: adminWithStepUp }, async (request) => {
    const removedEmail = await accountEmail(database.db, request.params.id);
    await auth.removeAdmin(request.params.id, request.admin!.adminId);
    await audit.record({
      kind: 'account.removed',
      ...auditContext(request),
      target: accountTarget(request.params.id.toLowerCase(), removedEmail),
    });
    return { success: true as const, message: apiMessages.adminDeleted };
  });

  app.patch('/api/admins/:id', { ...authSchemas.changeRole, onRequest: adminWithStepUp }, async (request) => {
    const data = await auth.changeRole(request.params.id, request.body.role);
    await audit.record({
      kind: 'account.role-changed',
      ...auditContext(request),
      target: accountTarget(data._id, data.email),
      details: { role: data.role },
    });
    return { success: true as const, message: accountSecurityMessages.roleChanged, data };
  });
};
