/**
 * Two-factor sign-in and re-authentication: the second step of a login, enrolment at login under
 * REQUIRE_2FA, turning two-factor on and off from the account screen, and the step-up token that
 * sensitive actions need (registered by authRoutes, beside the login).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSecurityMessages } from '../../shared/api-messages';
import { auditContext } from '../audit/audit-context';
import { accountTarget, auditedAttempt, auditedLogin } from '../audit/auth-events';
import { ClientError } from '../errors';
import type { rateLimitHook } from '../rate-limit';
import type { Services } from '../services';
import { requireAdmin, requireStepUp } from './require-admin';
import { checkOrigin, setSessionCookie } from './session-cookie';
import { STEP_UP_SECONDS } from './step-tokens';
import { twoFactorSchemas } from './two-factor-schemas';

export const twoFactorRoutes: FastifyPluginAsyncZod<{ services: Services; loginRateLimit: ReturnType<typeof rateLimitHook> }> = async (
  app,
  { services, loginRateLimit },
) => {
  const { auth, audit, database, env } = services;
  const guard = requireAdmin(auth);
  // the routes an account REQUIRE_2FA waits on may reach: confirming its password and enrolling
  const enrolmentGuard = requireAdmin(auth, { enrolment: true });
  // turning two-factor on ties an authenticator to the account: the password first, as other account changes
  const enrolmentWithStepUp = [enrolmentGuard, requireStepUp(auth, 'enrol')];
  // the sign-in steps follow the same origin rule as the password step and every cookie write
  const signInStep = [async (request: FastifyRequest) => checkOrigin(request, env.publicUrl), loginRateLimit];
  const ownAccount = (request: FastifyRequest) => ({
    ...auditContext(request),
    target: accountTarget(request.admin!.adminId, request.admin!.email),
  });

  app.post('/api/admins/login/2fa', { ...twoFactorSchemas.secondStep, onRequest: signInStep }, async (request, reply) => {
    const { challenge, code, recoveryCode } = request.body;
    const email = await auth.signIn.challengeEmail(challenge);
    const { expiresAt, usedRecoveryCode, ...result } = await auditedLogin(audit, database.db, request, email, () =>
      auth.signIn.loginSecondStep(challenge, code, recoveryCode, { userAgent: request.headers['user-agent'], address: request.ip }),
    );
    setSessionCookie(reply, env.publicUrl, result.token, expiresAt);
    if (email && result.recoveryCodes) {
      await audit.record({ kind: '2fa.enabled', actor: { adminId: null, email }, ip: request.ip, target: accountTarget(null, email) });
    } else if (email && usedRecoveryCode) {
      await audit.record({
        kind: '2fa.recovery-code-used',
        actor: { adminId: null, email },
        ip: request.ip,
        target: accountTarget(null, email),
      });
    }
    return { success: true as const, ...result };
  });

  app.post('/api/admins/login/2fa/setup', { ...twoFactorSchemas.setupAtLogin, onRequest: signInStep }, async (request) => ({
    success: true as const,
    data: await auth.signIn.beginEnrolmentAtLogin(request.body.challenge),
  }));

  app.post('/api/admins/2fa/setup', { ...twoFactorSchemas.setup, onRequest: enrolmentWithStepUp }, async (request) => ({
    success: true as const,
    data: await auth.twoFactor.begin(request.admin!.adminId, request.admin!.email),
  }));

  app.post('/api/admins/2fa/confirm', { ...twoFactorSchemas.confirm, onRequest: enrolmentWithStepUp }, async (request) => {
    const recoveryCodes = await auth.twoFactor.confirm(request.admin!.adminId, request.body.code);
    if (!recoveryCodes) throw new ClientError(400, accountSecurityMessages.codeWrong, [accountSecurityMessages.codeWrong]);
    await audit.record({ kind: '2fa.enabled', ...ownAccount(request) });
    return { success: true as const, message: accountSecurityMessages.twoFactorOn, recoveryCodes };
  });

  app.post('/api/admins/2fa/disable', { ...twoFactorSchemas.disable, onRequest: [guard, requireStepUp(auth)] }, async (request) => {
    if (auth.signIn.twoFactorRequired) throw new ClientError(409, accountSecurityMessages.twoFactorRequiredBySite);
    await auth.twoFactor.disable(request.admin!.adminId);
    await audit.record({ kind: '2fa.disabled', ...ownAccount(request) });
    return { success: true as const, message: accountSecurityMessages.twoFactorOff };
  });

  app.post(
    '/api/admins/2fa/recovery-codes',
    { ...twoFactorSchemas.recoveryCodes, onRequest: [guard, requireStepUp(auth)] },
    async (request) => {
      const recoveryCodes = await auth.twoFactor.replaceRecoveryCodesOf(request.admin!.adminId);
      await audit.record({ kind: '2fa.recovery-codes-replaced', ...ownAccount(request) });
      return { success: true as const, message: accountSecurityMessages.recoveryCodesReplaced, recoveryCodes };
    },
  );

  app.post('/api/admins/reauth', { ...twoFactorSchemas.reauth, onRequest: enrolmentGuard }, async (request) => {
    const { password, code, recoveryCode } = request.body;
    const { stepUpToken, usedRecoveryCode } = await auditedAttempt(audit, database.db, request, 'reauth.failed', () =>
      auth.signIn.reauthenticate(request.admin!, password, code, recoveryCode),
    );
    if (usedRecoveryCode) await audit.record({ kind: '2fa.recovery-code-used', ...ownAccount(request) });
    return { success: true as const, message: accountSecurityMessages.reauthConfirmed, stepUpToken, expiresInSeconds: STEP_UP_SECONDS };
  });
};
