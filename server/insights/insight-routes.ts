/** GET /api/insights/enquiries: a period's enquiry numbers, for staff with the enquiries area (docs/decisions/0041). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enquiryInsightsReply } from '../../shared/insights';
import { visitsQuery } from '../../shared/visits';
import { errorReplies, invalidRequest } from '../api/route-schemas';
import { requirePermission } from '../auth/require-admin';
import { ClientError } from '../errors';
import type { Services } from '../services';
import { readEnquiryInsights } from './enquiry-insights';

const schema = {
  schema: {
    tags: ['Visits'],
    summary: 'Enquiries per day, source, project and page, and each page’s conversion from its views',
    description: 'Accounts with the enquiries area. Enquiries in the trash are not counted; days are SITE_TIMEZONE’s.',
    security: [{ bearer: [] }],
    querystring: visitsQuery,
    response: { 200: enquiryInsightsReply, ...errorReplies(400, 401, 403) },
  },
  schemaErrorFormatter: invalidRequest((issues) => new ClientError(400, issues[0]?.message ?? 'Bad request')),
};

export const insightRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get('/api/insights/enquiries', { ...schema, onRequest: requirePermission(services.auth, 'enquiries') }, async (request) => ({
    success: true as const,
    data: await readEnquiryInsights(services.database.db, services.env.siteTimeZone, request.query),
  }));
};
