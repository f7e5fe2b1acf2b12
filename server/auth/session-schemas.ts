/** The request and reply schemas of /api/admins/sessions: one's own sessions, listed and ended (shapes in shared/sessions.ts). */
import { keepAliveReply, revokeOthersReply, sessionListReply } from '../../shared/sessions';
import { errorReplies, idParams, messageReply } from '../api/route-schemas';

const tags = ['Admins'];
const security = [{ bearer: [] }];

export const sessionSchemas = {
  list: {
    schema: {
      tags,
      summary: 'One’s own sessions still in force, most recently used first',
      security,
      response: { 200: sessionListReply, ...errorReplies(401) },
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
      response: { 200: revokeOthersReply, ...errorReplies(401, 403) },
    },
  },
  keepAlive: {
    schema: {
      tags,
      summary: 'Note that the admin is at work: restarts the session’s idle period and says how long it has left',
      security,
      response: { 200: keepAliveReply, ...errorReplies(401, 403) },
    },
  },
};
