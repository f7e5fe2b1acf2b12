/** The request and reply schemas of the enquiry pipeline's routes under /api/user (docs/decisions/0040). */
import { inboxBoardReply, inboxStatusReply, inboxViewQuery, messageIdParams } from '../../shared/contact-inbox';
import { followUpBody, noteBody, noteReply, notesReply, ownerBody, ownersReply, stageBody } from '../../shared/enquiry-pipeline';
import { apiMessages } from '../../shared/api-messages';
import type { z } from '../../shared/zod';
import { errorReplies, fieldIssues, invalidRequest } from '../api/route-schemas';
import { ClientError } from '../errors';

const tags = ['Messages'];
const security = [{ bearer: [] }];

/** A bad id, query or body: the first problem is the message, every problem is listed; nothing is changed. */
const problemsOf = (body?: z.ZodType) =>
  invalidRequest((issues, part) => {
    const errors = (part === 'body' && body ? fieldIssues(body, issues) : issues).map((issue) => issue.message);
    return new ClientError(400, errors[0] ?? apiMessages.badRequest, errors);
  });

/** A change of one enquiry: its id, the body, the enquiry as the inbox shows it after the change. */
const change = <Body extends z.ZodType>(summary: string, description: string, body: Body) => ({
  schema: {
    tags,
    summary,
    description,
    security,
    params: messageIdParams,
    body,
    response: { 200: inboxStatusReply, ...errorReplies(400, 401, 403, 404) },
  },
  schemaErrorFormatter: problemsOf(body),
});

export const pipelineSchemas = {
  stage: change(
    'Move an enquiry to a stage',
    'New, Contacted, Site visit, Quoted, Won or Lost (`lostReason` required with Lost). In the activity log; fires the webhook event `enquiry.stage-changed`. The same stage again changes nothing.',
    stageBody,
  ),
  owner: change(
    'Give an enquiry an owner, or none',
    'The owner must be an account with the enquiries area. In the activity log; the new owner is e-mailed (unless they assigned it to themselves).',
    ownerBody,
  ),
  followUp: change('Set or clear the next follow-up', 'A day in SITE_TIMEZONE. In the activity log.', followUpBody),
  addNote: {
    schema: {
      tags,
      summary: 'Add a note to an enquiry',
      description: 'Written by the signed-in account, with the time. In the activity log.',
      security,
      params: messageIdParams,
      body: noteBody,
      response: { 201: noteReply, ...errorReplies(400, 401, 403, 404) },
    },
    schemaErrorFormatter: problemsOf(noteBody),
  },
  notes: {
    schema: {
      tags,
      summary: 'An enquiry’s notes, oldest first',
      security,
      params: messageIdParams,
      response: { 200: notesReply, ...errorReplies(400, 401, 403, 404) },
    },
    schemaErrorFormatter: problemsOf(),
  },
  owners: {
    schema: {
      tags,
      summary: 'The accounts an enquiry may be assigned to (every staff account)',
      security,
      response: { 200: ownersReply, ...errorReplies(401, 403) },
    },
  },
  board: {
    schema: {
      tags,
      summary: 'The pipeline board: per stage, its count and its newest enquiries',
      description:
        'The list’s filters (search, status, source, project, owner) apply; each stage holds at most 50 enquiries, newest first, and its `total`. An account without the enquiries area sees only the enquiries assigned to it.',
      security,
      querystring: inboxViewQuery.omit({ stage: true }),
      response: { 200: inboxBoardReply, ...errorReplies(400, 401, 403) },
    },
    schemaErrorFormatter: problemsOf(),
  },
};
