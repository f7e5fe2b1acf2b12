/** /api/about-content: the About Us document (public read; the 'content' permission writes). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../audit/audit-context';
import { requirePermission } from '../auth/require-admin';
import type { Services } from '../services';
import { registerDocumentDraftRoutes } from '../history/document-draft-routes';
import { ABOUT_SAVED, aboutSchemas } from './about-schemas';

export const aboutRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get('/api/about-content', aboutSchemas.get, async () => ({ success: true as const, data: await services.about.get() }));
  app.put('/api/about-content', { ...aboutSchemas.save, onRequest: requirePermission(services.auth, 'content') }, async (request) => ({
    success: true as const,
    message: ABOUT_SAVED,
    data: await services.about.save(request.body, auditContext(request)),
  }));
  registerDocumentDraftRoutes(app, services, {
    base: '/api/about-content',
    noun: 'About content',
    tags: ['About'],
    area: 'content',
    document: services.about,
    save: aboutSchemas.save,
  });
};
