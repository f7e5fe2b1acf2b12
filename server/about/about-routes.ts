/** /api/about-content: the About Us document (public read, admin write). */
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../auth/require-admin';
import type { Services } from '../services';

export function registerAboutRoutes(app: FastifyInstance, services: Services) {
  app.get('/api/about-content', async () => ({ success: true, data: await services.about.get() }));
  app.put('/api/about-content', { onRequest: requireAdmin(services.auth) }, async (request) => ({
    success: true,
    message: 'About Us content saved successfully!',
    data: await services.about.save(request.body),
  }));
}
