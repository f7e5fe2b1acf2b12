/** /api/user: visitors send messages (public, rate limited); admins read them. */
import type { FastifyInstance } from 'fastify';
import { contactServerMessages } from '../../shared/contact';
import { requireAdmin } from '../auth/require-admin';
import { ClientError } from '../errors';
import type { Services } from '../services';

/** The flood limit on sending messages: /api/user here, and the form posted without JavaScript (server/web). */
export function contactRateLimit(env: Services['env']) {
  return {
    max: env.contactRateLimit,
    timeWindow: env.contactRateWindowMs,
    errorResponseBuilder: () => new ClientError(429, contactServerMessages.tooMany, []),
  };
}

export function registerContactRoutes(app: FastifyInstance, services: Services) {
  const { contact, env } = services;
  app.post(
    '/api/user',
    { config: { rateLimit: contactRateLimit(env) } },
    async (request, reply) => {
      const { status, reply: body } = await contact.submit(request.body);
      return reply.code(status).send(body);
    },
  );
  app.get('/api/user', { onRequest: requireAdmin(services.auth) }, async () => ({
    success: true,
    data: await contact.list(),
  }));
}
