/** /api/user: visitors send messages (public, rate limited); admins read them. */
import type { FastifyInstance } from 'fastify';
import { contactServerMessages } from '../../shared/contact';
import { requireAdmin } from '../auth/require-admin';
import { rateLimitHook } from '../rate-limit';
import type { Services } from '../services';

/** The flood limit on sending messages, one count per address for /api/user here and the form posted without JavaScript (server/web). */
export function contactRateLimit({ database, env }: Services) {
  return rateLimitHook(database.db, {
    name: 'contact',
    max: env.contactRateLimit,
    windowMs: env.contactRateWindowMs,
    message: contactServerMessages.tooMany,
    errors: [],
  });
}

export function registerContactRoutes(app: FastifyInstance, services: Services) {
  const { contact } = services;
  app.post('/api/user', { onRequest: contactRateLimit(services) }, async (request, reply) => {
    const { status, reply: body } = await contact.submit(request.body);
    return reply.code(status).send(body);
  });
  app.get('/api/user', { onRequest: requireAdmin(services.auth) }, async () => ({
    success: true,
    data: await contact.list(),
  }));
}
