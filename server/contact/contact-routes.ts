/** /api/user: visitors send messages (public, rate limited); admins read and handle them (inbox-routes.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactServerMessages } from '../../shared/contact';
import { rateLimitHook } from '../rate-limit';
import type { Services } from '../services';
import { contactSchemas } from './contact-schemas';
import { inboxRoutes } from './inbox-routes';
import { pipelineRoutes } from './pipeline-routes';

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
  // the admins' side of /api/user: the inbox
  await app.register(inboxRoutes, { services });
  await app.register(pipelineRoutes, { services });
};
