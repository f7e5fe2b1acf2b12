/** /api/admins: login, logout, the current account, password change and reset, and the accounts (the 'accounts' permission). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSecurityMessages, apiMessages, passwordResetMessages, roleLabels } from '../../shared/api-messages';
import { auditContext } from '../audit/audit-context';
import { accountEmail, accountTarget, auditedAttempt, auditedLogin } from '../audit/auth-events';
import { loggableError } from '../errors';
import { rateLimitHook } from '../rate-limit';
import type { Services } from '../services';
import { authSchemas } from './auth-schemas';
import { requireAdmin, requirePermission, requireStepUp } from './require-admin';
import { checkOrigin, clearSessionCookie, setSessionCookie } from './session-cookie';
import { twoFactorRoutes } from './two-factor-routes';

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { auth, env, database, audit, passwordResets } = services;
  const guard = requireAdmin(auth);
  // /me and logout answer an account that REQUIRE_2FA still waits on: the screens take it to its enrolment
  const enrolmentGuard = requireAdmin(auth, { enrolment: true });
  const adminOnly = requirePermission(auth, 'accounts');
  // adding, removing, changing the permissions of an account and sending it a reset link need the password (and code) again
  const adminWithStepUp = [adminOnly, requireStepUp(auth)];
  // per address, on top of the per-email lockout: one address cannot spray guesses over many emails
  const loginRateLimit = rateLimitHook(database.db, {
    name: 'login',
    max: env.loginRateLimit,
    windowMs: env.loginRateWindowMs,
    message: apiMessages.tooManyRequests,
  });
  // per address, like the login: one address cannot mail links to address after address
  const resetRateLimit = rateLimitHook(database.db, {
    name: 'password-reset',
    max: env.loginRateLimit,
    windowMs: env.loginRateWindowMs,
    message: apiMessages.tooManyRequests,
  });
  app.addHook('onClose', async () => passwordResets.settled());

  app.post('/api/admins/login', { ...authSchemas.login, onRequest: loginRateLimit }, async (request, reply) => {
    // another site's page cannot sign the browser in to an account of its choosing
    checkOrigin(request, env.publicUrl);
    const { email, password } = request.body;
    const result = await auditedLogin(audit, database.db, request, email, () =>
      auth.signIn.login(email, password, { userAgent: request.headers['user-agent'], address: request.ip }),
    );
    if (!('token' in result)) return { success: true as const, ...result };
    setSessionCookie(reply, env.publicUrl, result.token, result.expiresAt);
    return { success: true as const, token: result.token, admin: result.admin };
  });

  await app.register(twoFactorRoutes, { services, loginRateLimit });

  app.post('/api/admins/logout', { ...authSchemas.logout, onRequest: enrolmentGuard }, async (request, reply) => {
    await auth.sessions.logout(request.admin!.sessionId);
    clearSessionCookie(reply, env.publicUrl);
    await audit.record({ kind: 'sign-out', ...auditContext(request), target: accountTarget(request.admin!.adminId, request.admin!.email) });
    return { success: true as const, message: apiMessages.loggedOut };
  });

  app.get('/api/admins/me', { ...authSchemas.me, onRequest: enrolmentGuard }, async (request) => {
    const { enabled, recoveryCodesLeft } = await auth.twoFactor.status(request.admin!.adminId);
    const { email, role, permissions } = request.admin!;
    return {
      success: true as const,
      admin: { email, role, permissions, twoFactor: enabled, recoveryCodesLeft, twoFactorRequired: auth.signIn.twoFactorRequired },
    };
  });

  app.post('/api/admins/password', { ...authSchemas.changePassword, onRequest: guard }, async (request, reply) => {
    const { currentPassword, newPassword } = request.body;
    await auditedAttempt(audit, database.db, request, 'account.password-change-failed', () =>
      auth.accounts.changePassword(request.admin!.adminId, currentPassword, newPassword),
    );
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
    data: await auth.accounts.listAdmins(),
  }));

  app.post('/api/admins', { ...authSchemas.add, onRequest: adminWithStepUp }, async (request, reply) => {
    const { email, password, role, permissions } = request.body;
    const admin = await auth.accounts.addAdmin(email, password, permissions ? { permissions } : { role: role ?? 'admin' });
    await audit.record({
      kind: 'account.added',
      ...auditContext(request),
      target: accountTarget(admin._id, admin.email),
      details: { role: admin.role, permissions: admin.permissions },
    });
    return reply.code(201).send({ success: true, message: accountSecurityMessages.accountAdded(roleLabels[admin.role]), data: admin });
  });

  app.delete('/api/admins/:id', { ...authSchemas.remove, onRequest: adminWithStepUp }, async (request) => {
    const removedEmail = await accountEmail(database.db, request.params.id);
    await auth.accounts.removeAdmin(request.params.id, request.admin!.adminId);
    await audit.record({
      kind: 'account.removed',
      ...auditContext(request),
      target: accountTarget(request.params.id.toLowerCase(), removedEmail),
    });
    return { success: true as const, message: apiMessages.adminDeleted };
  });

  app.patch('/api/admins/:id', { ...authSchemas.changeRole, onRequest: adminWithStepUp }, async (request) => {
    const { role, permissions } = request.body;
    const data = await auth.accounts.changeAccess(request.params.id, permissions ? { permissions } : { role });
    await audit.record({
      kind: 'account.role-changed',
      ...auditContext(request),
      target: accountTarget(data._id, data.email),
      details: { role: data.role, permissions: data.permissions },
    });
    return { success: true as const, message: accountSecurityMessages.roleChanged, data };
  });

  app.get('/api/admins/password/forgot', authSchemas.resetAvailable, async () => ({
    success: true as const,
    mail: passwordResets.available,
  }));

  app.post('/api/admins/password/forgot', { ...authSchemas.forgot, onRequest: resetRateLimit }, async (request) => {
    // the one origin rule of every write: another site's page cannot make us mail a link
    checkOrigin(request, env.publicUrl);
    passwordResets.request(request.body.email, auditContext(request), (error) =>
      request.log.error({ err: loggableError(error) }, 'reset link not sent'),
    );
    return { success: true as const, message: passwordResetMessages.requested };
  });

  app.post('/api/admins/password/reset', { ...authSchemas.reset, onRequest: resetRateLimit }, async (request) => {
    // another site's page cannot choose the password of an account whose link it got hold of in the browser
    checkOrigin(request, env.publicUrl);
    await passwordResets.reset(request.body.token, request.body.newPassword, auditContext(request));
    return { success: true as const, message: passwordResetMessages.done };
  });

  app.post('/api/admins/:id/reset-link', { ...authSchemas.sendResetLink, onRequest: adminWithStepUp }, async (request) => {
    const email = await passwordResets.sendTo(request.params.id, auditContext(request));
    return { success: true as const, message: passwordResetMessages.linkSent(email) };
  });
};
