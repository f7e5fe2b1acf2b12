/** The request and reply schemas of GET /api/activity (entry shape in shared/audit.ts). */
import { apiMessages } from '../../shared/api-messages';
import { AUDIT_KINDS, AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE, auditPageReply } from '../../shared/audit';
import { queryText } from '../../shared/text-input';
import { z } from '../../shared/zod';
import { errorReplies, invalidRequest } from '../api/route-schemas';
import { ClientError } from '../errors';

const tags = ['Activity'];
const security = [{ bearer: [] }];

/** A day (YYYY-MM-DD, taken in UTC) or an instant with its offset (what the Activity screen sends: the admin's local midnight). */
const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

const activityQuery = z.object({
  person: queryText('Person').trim().max(254).optional().meta({ description: 'The actor’s email (any case) or admin id' }),
  kind: z.enum(AUDIT_KINDS).optional(),
  from: instant.optional().meta({ description: 'Entries at or after this day (UTC) or instant' }),
  to: instant.optional().meta({ description: 'Entries before the end of this day (UTC), or before this instant' }),
  cursor: queryText('Cursor').max(200).optional().meta({ description: '`next` of the previous page' }),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
});

export const activitySchemas = {
  list: {
    schema: {
      tags,
      summary: 'The audit log, newest first: sign-ins, account changes, backups and content changes',
      description: 'Filters combine; a page holds `limit` entries and `next` asks for the older ones (null on the last page).',
      security,
      querystring: activityQuery,
      response: {
        200: auditPageReply,
        ...errorReplies(400, 401, 403),
      },
    },
    schemaErrorFormatter: invalidRequest((issues) => {
      // a NUL in a text says so, as in every other input (queryText's refinement is the only custom check)
      const nul = issues.find((issue) => issue.code === 'custom');
      if (nul) return new ClientError(400, nul.message, [nul.message]);
      const names = [...new Set(issues.map((issue) => String(issue.path[0] ?? 'query')))];
      const message = apiMessages.activityFilterInvalid(names.join(', '));
      return new ClientError(400, message, [message]);
    }),
  },
};
