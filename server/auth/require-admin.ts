/** The onRequest hook that guards admin routes: runs before the body is read, so a stranger's upload is never parsed. */
import type { FastifyReply, FastifyRequest } from 'fastify';
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
