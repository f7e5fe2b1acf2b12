/** The request and reply schemas of /api/user (the contact form's messages). */
import { contactRequestSchema, contactServerMessages } from '../../shared/contact';
import {
  inboxCountsReply,
  inboxListQuery,
  inboxListReply,
  inboxMessageReply,
  inboxSourcesReply,
  inboxStatusReply,
  inboxViewQuery,
  messageIdParams,
  statusBody,
} from '../../shared/contact-inbox';
import { collectErrors } from '../../shared/validation';
import { apiMessages } from '../../shared/api-messages';
import { z } from '../../shared/zod';
import { errorReplies, fieldIssues, invalidRequest, messageReply } from '../api/route-schemas';
import { ClientError } from '../errors';

const tags = ['Messages'];
const security = [{ bearer: [] }];

/** A bad query, id or status: the first problem is the message, every problem is listed. */
const firstProblem = invalidRequest((issues, part) => {
  const errors = (part === 'body' ? fieldIssues(statusBody, issues) : issues).map((issue) => issue.message);
  return new ClientError(400, errors[0] ?? apiMessages.badRequest, errors);
});

export const contactSchemas = {
  send: {
    schema: {
      tags,
      summary: 'Send a message (the contact form)',
      description:
        'Public, limited per address. A refusal lists every problem in `errors`, each naming its field. The source fields (page, project, campaign, referring host) are optional; an unknown `projectId` is refused with 400.',
      body: contactRequestSchema,
      response: {
        201: z.object({ success: z.literal(true), errors: z.array(z.string()).max(0), message: z.string() }),
        ...errorReplies(400, 429),
      },
    },
    schemaErrorFormatter: invalidRequest((issues) => {
      const { errors } = collectErrors(new z.ZodError(fieldIssues(contactRequestSchema, issues)));
      return new ClientError(400, contactServerMessages.validationFailed, errors);
    }),
  },
  list: {
    schema: {
      tags,
      summary: 'Messages, newest first: every message of a search and status, or a page of them',
      description:
        '`q` searches name, email, number and text (case-insensitive); `status` keeps one status. Without `page` and `limit`, `data` holds every message of the view; with either, `page` (from 1, default 1) and `limit` (1 to 100, default 25) page it, and the reply says which. `total` counts the view, `counts` the whole inbox per status. An account without the enquiries area gets only the enquiries assigned to it (another `owner` is a 403), and their counts.',
      security,
      querystring: inboxListQuery,
      response: {
        200: inboxListReply,
        ...errorReplies(400, 401, 403),
      },
    },
    schemaErrorFormatter: firstProblem,
  },
  counts: {
    schema: {
      tags,
      summary: 'How many messages each status holds',
      security,
      response: { 200: inboxCountsReply, ...errorReplies(401, 403) },
    },
  },
  sources: {
    schema: {
      tags,
      summary: 'Where enquiries came from: every source and project of the inbox, with counts (the filters’ choices)',
      security,
      response: { 200: inboxSourcesReply, ...errorReplies(401, 403) },
    },
  },
  export: {
    schema: {
      tags,
      summary: 'Download a view (search and status) as CSV, newest first',
      description: "UTF-8 with a byte order mark, CRLF, every field quoted; a cell starting with = + - @, tab or CR is prefixed with '.",
      security,
      querystring: inboxViewQuery,
      response: {
        200: { description: 'The CSV file, streamed', content: { 'text/csv': { schema: z.string() } } },
        ...errorReplies(400, 401, 403),
      },
    },
    schemaErrorFormatter: firstProblem,
  },
  get: {
    schema: {
      tags,
      summary: 'One message (the e-mail alert links to it)',
      security,
      params: messageIdParams,
      response: { 200: inboxMessageReply, ...errorReplies(400, 401, 403, 404) },
    },
    schemaErrorFormatter: firstProblem,
  },
  setStatus: {
    schema: {
      tags,
      summary: 'Mark a message New, Replied or Archived',
      security,
      params: messageIdParams,
      body: statusBody,
      response: {
        200: inboxStatusReply,
        ...errorReplies(400, 401, 403, 404),
      },
    },
    schemaErrorFormatter: firstProblem,
  },
  remove: {
    schema: {
      tags,
      summary: 'Delete a message',
      security,
      params: messageIdParams,
      response: { 200: messageReply, ...errorReplies(400, 401, 403, 404) },
    },
    schemaErrorFormatter: firstProblem,
  },
};
