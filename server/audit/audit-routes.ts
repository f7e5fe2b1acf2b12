/** GET /api/activity: the audit log, read-only. No route changes or deletes an entry (nor may the database). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '../../shared/api-messages';
import { requirePermission } from '../auth/require-admin';
import { ClientError } from '../errors';
import type { Services } from '../services';
import { activitySchemas } from './audit-schemas';
import { BadCursorError } from './audit-service';

const DAY_MS = 86_400_000;
/** A day (YYYY-MM-DD) is taken in UTC; an instant as it is. `endOfDay` moves a day to the next midnight (an inclusive "to"). */
const toInstant = (value: string, endOfDay: boolean) =>
  value.length === 10 ? new Date(Date.parse(`${value}T00:00:00Z`) + (endOfDay ? DAY_MS : 0)) : new Date(value);

export const auditRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get('/api/activity', { ...activitySchemas.list, onRequest: requirePermission(services.auth, 'activity') }, async (request) => {
    const { person, kind, from, to, cursor, limit } = request.query;
    try {
      const data = await services.audit.list({
        person,
        kind,
        from: from ? toInstant(from, false) : undefined,
        to: to ? toInstant(to, true) : undefined,
        cursor,
        limit,
      });
      return { success: true as const, data };
    } catch (error) {
      if (error instanceof BadCursorError) {
        const message = apiMessages.activityFilterInvalid('cursor');
        throw new ClientError(400, message, [message]);
      }
      throw error;
    }
  });
};
