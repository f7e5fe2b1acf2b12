/** /api/user: visitors send messages (public, rate limited); Admins (not Editors) read them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactServerMessages } from '../../shared/contact';
import { requireRole } from '../auth/require-admin';
import { rateLimitHook } from '../rate-limit';
import type { Services } from '../services';
import { contactSchemas } from './contact-schemas';

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

export const contactRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { contact } = services;
  app.post('/api/user', { ...contactSchemas.send, onRequest: contactRateLimit(services) }, async (request, reply) =>
    reply.code(201).send(await contact.store(request.body)),
  );
  app.get('/api/user', { ...contactSchemas.list, onRequest: requireRole(services.auth, 'admin') }, async () => ({
    success: true as const,
    data: await contact.list(),
  }));
};
