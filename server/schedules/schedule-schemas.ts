/** The request and reply schemas of the schedule routes (schedule-routes.ts; docs/decisions/0042). */
import { apiMessages } from '../../shared/api-messages';
import {
  documentScheduleBody,
  itemScheduleBody,
  scheduleLabels,
  scheduleMessages,
  scheduleReply,
  upcomingReply,
} from '../../shared/schedules';
import { errorReplies, idParams, invalidRequest } from '../api/route-schemas';
import { ClientError } from '../errors';

const security = [{ bearer: [] }];

/** A time that is no string names its field; anything else wrong with the body is a bad request. */
const badBody = invalidRequest((issues) => {
  const field = issues[0]?.path[0];
  return new ClientError(
    400,
    field === 'publishAt' || field === 'unpublishAt' ? scheduleMessages.badTime(scheduleLabels[field]) : apiMessages.badRequest,
  );
});

/** PUT /api/<path>/:id/schedule of one content resource. */
export function itemScheduleSchemas(tags: string[], noun: string) {
  return {
    schema: {
      tags,
      summary: `Schedule when a ${noun} is published and unpublished`,
      description:
        'Sets both times at once (null: not scheduled; both null clear the schedule). At Publish at the newest draft as it is then is published (as POST …/publish); at Unpublish at the item is unpublished. Each is done once whatever the number of server processes, at most 60 s late, after a restart if it was due meanwhile, and recorded in the activity log as the scheduler’s. 400 for a time that is no time or has passed, an unpublish not after the publish, nothing to publish (or a draft still without its images), or an unpublish of an item that is not published; nothing changes then.',
      security,
      params: idParams,
      body: itemScheduleBody,
      response: { 200: scheduleReply, ...errorReplies(400, 401, 403, 404) },
    },
    schemaErrorFormatter: badBody,
  };
}

/** GET and PUT …/schedule of the About content or the Site settings. */
export function documentScheduleSchemas(tags: string[], noun: string) {
  return {
    read: {
      tags,
      summary: `When the draft of the ${noun} is published`,
      security,
      response: { 200: scheduleReply.omit({ message: true }), ...errorReplies(401, 403) },
    },
    write: {
      schema: {
        tags,
        summary: `Schedule the publishing of the ${noun}’s draft`,
        description:
          'At Publish at the newest draft as it is then is published (as POST …/publish), once, at most 60 s late, recorded in the activity log. null clears it. 400 when there is no draft, or the time is no time or has passed.',
        security,
        body: documentScheduleBody,
        response: { 200: scheduleReply, ...errorReplies(400, 401, 403) },
      },
      schemaErrorFormatter: badBody,
    },
  };
}

/** GET /api/schedules: what the dashboard lists. */
export const upcomingSchema = {
  tags: ['Content'],
  summary: 'What is scheduled next: publishes and unpublishes of content, About content and Site settings, soonest first',
  security,
  response: { 200: upcomingReply, ...errorReplies(401, 403) },
};
