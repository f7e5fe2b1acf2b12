/** The onRequest hooks that guard admin routes: they run before the body is read, so a stranger's upload is never parsed. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountSecurityMessages } from '../../shared/api-messages';
import { STEP_UP_HEADER, type AdminRole } from '../../shared/roles';
import { ClientError } from '../errors';
import type { AuthenticatedAdmin, AuthService } from './auth-service';
import { checkCookieWrite, readSessionCookie } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AuthenticatedAdmin | null;
  }
}

/**
 * `Authorization: Bearer` (scripts, the API contract) when the request has one; otherwise the
 * session cookie (the admin screens), whose writes must also show they came from our own pages.
 */
export function requireAdmin(auth: AuthService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // an admin's reply is for that admin alone: no shared cache keeps it (a cookie, unlike Authorization, does not stop one)
    reply.header('cache-control', 'no-store');
    if (request.headers.authorization !== undefined) {
      request.admin = await auth.authenticate(request.headers.authorization);
      return;
    }
    const token = readSessionCookie(request, auth.publicUrl);
    // no credential at all is a 401, whatever the method: only a cookie-carried write is asked for the proof
    if (token) checkCookieWrite(request, auth.publicUrl);
    request.admin = await auth.authenticate(token ? `Bearer ${token}` : undefined);
  };
}

/** A signed-in account of this role: an Editor calling an Admin's route gets 403 with a clear message. */
export function requireRole(auth: AuthService, role: AdminRole) {
  const signedIn = requireAdmin(auth);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    if (request.admin!.role !== role) throw new ClientError(403, accountSecurityMessages.adminOnly);
  };
}

/** Before a sensitive action: a step-up token of this session, made by re-entering the password (and code) minutes ago. */
export function requireStepUp(auth: AuthService) {
  return async (request: FastifyRequest) => {
    const header = request.headers[STEP_UP_HEADER];
    await auth.requireStepUp(request.admin!, typeof header === 'string' ? header : undefined);
  };
}
