/** The onRequest hook that guards admin routes: runs before the body is read, so a stranger's upload is never parsed. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedAdmin, AuthService } from './auth-service';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AuthenticatedAdmin | null;
  }
}

export function requireAdmin(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.admin = await auth.authenticate(request.headers.authorization);
  };
}
