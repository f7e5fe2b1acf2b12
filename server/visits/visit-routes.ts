/** GET /api/visits: the visit numbers of a period, for staff with the content area (docs/decisions/0037). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitsQuery, visitsReply } from '../../shared/visits';
import { errorReplies, invalidRequest } from '../api/route-schemas';
import { requirePermission } from '../auth/require-admin';
import { ClientError } from '../errors';
import type { Services } from '../services';
import { readVisits } from './visit-reads';

const schema = {
  schema: {
    tags: ['Visits'],
    summary: 'Page views and unique visitors per day, top pages, referrers and campaigns (counted without cookies)',
    description: 'Accounts with the content area. Counts reach the database within 10 s of the view.',
    security: [{ bearer: [] }],
    querystring: visitsQuery,
    response: { 200: visitsReply, ...errorReplies(400, 401, 403) },
  },
  schemaErrorFormatter: invalidRequest((issues) => new ClientError(400, issues[0]?.message ?? 'Bad request')),
};

export const visitRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get('/api/visits', { ...schema, onRequest: requirePermission(services.auth, 'content') }, async (request) => ({
    success: true as const,
    data: await readVisits(services.database.db, services.env.siteTimeZone, request.query),
  }));
};
