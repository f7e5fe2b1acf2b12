/** The request and reply schemas of /api/admins/sessions: one's own sessions, listed and ended. */
import { z } from '../../shared/zod';
import { errorReplies, idParams, messageReply } from '../api/route-schemas';

const tags = ['Admins'];
const security = [{ bearer: [] }];

const session = z.object({
  _id: z.string(),
  device: z.string().meta({ description: 'Browser and system, from the sign-in’s User-Agent' }),
  address: z.string().meta({ description: 'The address the sign-in came from' }),
  startedAt: z.string().meta({ description: 'When the session signed in (ISO 8601)' }),
  lastSeenAt: z.string().meta({ description: 'Its last use, to within about a minute (ISO 8601)' }),
  current: z.boolean().meta({ description: 'True for the session making this request' }),
});

export const sessionSchemas = {
  list: {
    schema: {
      tags,
      summary: 'One’s own sessions still in force, most recently used first',
      security,
      response: { 200: z.object({ success: z.literal(true), data: z.array(session) }), ...errorReplies(401) },
    },
  },
  revoke: {
    schema: {
      tags,
      summary: 'End one of one’s own sessions at once',
      security,
      params: idParams,
      response: { 200: messageReply, ...errorReplies(400, 401, 403, 404) },
    },
  },
  revokeOthers: {
    schema: {
      tags,
      summary: 'End every one of one’s own sessions but this one',
      security,
      response: {
        200: z.object({ success: z.literal(true), message: z.string(), ended: z.number().int() }),
        ...errorReplies(401, 403),
      },
    },
  },
};
