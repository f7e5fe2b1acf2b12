/**
 * The schedule routes (docs/decisions/0042): PUT /api/<path>/:id/schedule of each content resource (registered by
 * resource-routes.ts beside the draft routes), GET/PUT …/schedule of the About content and the Site settings
 * (registered with their draft routes) and GET /api/schedules for the dashboard. Checked by area as publishing is:
 * visitors get 401, accounts without the area 403.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scheduleMessages } from '../../shared/schedules';
import { auditContext } from '../audit/audit-context';
import { requirePermission } from '../auth/require-admin';
import type { Services } from '../services';
import type { ScheduledDocument } from './content-schedules';
import { documentScheduleSchemas, itemScheduleSchemas, upcomingSchema } from './schedule-schemas';

const messageOf = (schedule: { publishAt: string | null; unpublishAt: string | null }) =>
  schedule.publishAt || schedule.unpublishAt ? scheduleMessages.saved : scheduleMessages.cleared;

/** PUT /api/<path>/:id/schedule of one content resource. */
export function registerItemScheduleRoute(
  app: FastifyInstance,
  options: { services: Services; key: string; path: string; noun: string; guard: onRequestHookHandler },
): void {
  const { services, key, guard } = options;
  const staff = app.withTypeProvider<ZodTypeProvider>();
  staff.put(
    `/api/${options.path}/:id/schedule`,
    { ...itemScheduleSchemas([`Content: ${options.path}`], options.noun.toLowerCase()), onRequest: guard },
    async (request) => {
      const data = await services.schedules.setForItem(key, request.params.id, request.body, auditContext(request));
      return { success: true as const, message: messageOf(data), data };
    },
  );
}

/** GET and PUT …/schedule of the About content or the Site settings. */
export function registerDocumentScheduleRoutes(
  app: FastifyInstance,
  options: { services: Services; base: string; noun: string; tags: string[]; document: ScheduledDocument; onRequest: onRequestHookHandler },
): void {
  const { services, base, document, onRequest } = options;
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const schemas = documentScheduleSchemas(options.tags, options.noun);
  staff.get(`${base}/schedule`, { schema: schemas.read, onRequest }, async () => ({
    success: true as const,
    data: await services.schedules.ofDocument(document),
  }));
  staff.put(`${base}/schedule`, { ...schemas.write, onRequest }, async (request) => {
    const data = await services.schedules.setForDocument(document, request.body.publishAt, auditContext(request));
    return { success: true as const, message: messageOf(data), data };
  });
}

/** GET /api/schedules: the dashboard's "Scheduled next" (the content area's, as the changes are content's). */
export async function scheduleRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const staff = app.withTypeProvider<ZodTypeProvider>();
  staff.get('/api/schedules', { schema: upcomingSchema, onRequest: requirePermission(services.auth, 'content') }, async () => ({
    success: true as const,
    data: await services.schedules.upcoming(),
  }));
}
