/** /api/about-content: the About Us document (public read; the 'content' permission writes). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BASE_REVISION_HEADER } from '../../shared/edit-conflicts';
import { auditContext } from '../audit/audit-context';
import { requirePermission } from '../auth/require-admin';
import type { Services } from '../services';
import { registerDocumentDraftRoutes } from '../history/document-draft-routes';
import { ABOUT_SAVED, aboutSchemas } from './about-schemas';

export const aboutRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get('/api/about-content', aboutSchemas.get, async () => ({ success: true as const, data: await services.about.get() }));
  app.put('/api/about-content', { ...aboutSchemas.save, onRequest: requirePermission(services.auth, 'content') }, async (request) => {
    const { value, revision } = await services.about.save(request.body, auditContext(request), request.headers[BASE_REVISION_HEADER]);
    return { success: true as const, message: ABOUT_SAVED, data: value, revision };
  });
  registerDocumentDraftRoutes(app, services, {
    name: 'about',
    base: '/api/about-content',
    noun: 'About content',
    tags: ['About'],
    area: 'content',
    document: services.about,
    save: aboutSchemas.save,
  });
};
