/** /api/site-settings: the company's details (public read; accounts with the 'settings' permission write). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsMessages } from '../../shared/site-settings';
import { BASE_REVISION_HEADER } from '../../shared/edit-conflicts';
import { auditContext } from '../audit/audit-context';
import { requirePermission } from '../auth/require-admin';
import type { Services } from '../services';
import { registerDocumentDraftRoutes } from '../history/document-draft-routes';
import { siteSettingsSchemas } from './site-settings-schemas';

export const siteSettingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get('/api/site-settings', siteSettingsSchemas.get, async () => ({ success: true as const, data: await services.siteSettings.get() }));
  app.put(
    '/api/site-settings',
    { ...siteSettingsSchemas.save, onRequest: requirePermission(services.auth, 'settings') },
    async (request) => {
      const saved = await services.siteSettings.save(request.body, auditContext(request), request.headers[BASE_REVISION_HEADER]);
      return { success: true as const, message: siteSettingsMessages.saved, data: saved.value, revision: saved.revision };
    },
  );
  registerDocumentDraftRoutes(app, services, {
    name: 'site-settings',
    base: '/api/site-settings',
    noun: 'Site settings',
    tags: ['Site settings'],
    area: 'settings',
    document: services.siteSettings,
    save: siteSettingsSchemas.save,
  });
};
