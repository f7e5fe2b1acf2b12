/** The request and reply schemas of /api/webhooks (the shapes in shared/webhooks.ts). */
import { webhookDeliveriesReply, webhookInput, webhookListReply, webhookReply, WEBHOOK_HEADERS } from '../../shared/webhooks';
import { errorReplies, fieldIssues, idParams, invalidRequest, messageReply } from '../api/route-schemas';
import { ClientError } from '../errors';

const tags = ['Webhooks'];
const security = [{ bearer: [] }];
const who = 'Accounts with the "accounts and backups" area (Admins).';
import { stepUpNote } from '../auth/auth-schemas';

// every problem of the body, the first as the message
const bodyErrors = invalidRequest((issues) => {
  const errors = [...new Set(fieldIssues(webhookInput, issues).map((issue) => issue.message))];
  return new ClientError(400, errors[0] ?? 'Bad request', errors);
});

const signing = `Each delivery is a JSON POST signed with HMAC-SHA256 of its exact body under the hook's secret: header \`${WEBHOOK_HEADERS.signature}: sha256=<hex>\`, with \`${WEBHOOK_HEADERS.delivery}\`, \`${WEBHOOK_HEADERS.event}\` and \`${WEBHOOK_HEADERS.timestamp}\` (see docs/webhooks.md).`;

export const webhookSchemas = {
  list: {
    schema: {
      tags,
      summary: 'Every webhook, with its secret',
      description: `${who} ${signing}`,
      security,
      response: { 200: webhookListReply, ...errorReplies(401, 403) },
    },
  },
  add: {
    schema: {
      tags,
      summary: 'Add a webhook (its secret is made here)',
      description: `${who} ${stepUpNote} The URL must be http(s) and its host resolve to public addresses only, unless WEBHOOKS_ALLOW_PRIVATE=true.`,
      security,
      body: webhookInput,
      response: { 201: webhookReply, ...errorReplies(400, 401, 403) },
    },
    schemaErrorFormatter: bodyErrors,
  },
  update: {
    schema: {
      tags,
      summary: 'Change a webhook’s URL and events',
      description: `${who} ${stepUpNote}`,
      security,
      params: idParams,
      body: webhookInput,
      response: { 200: webhookReply, ...errorReplies(400, 401, 403, 404) },
    },
    schemaErrorFormatter: bodyErrors,
  },
  remove: {
    schema: {
      tags,
      summary: 'Delete a webhook and its delivery log',
      description: who,
      security,
      params: idParams,
      response: { 200: messageReply, ...errorReplies(401, 403, 404) },
    },
  },
  rotate: {
    schema: {
      tags,
      summary: 'Replace a webhook’s secret',
      description: `${who} Deliveries from now on, retries included, are signed with the new secret.`,
      security,
      params: idParams,
      response: { 200: webhookReply, ...errorReplies(401, 403, 404) },
    },
  },
  test: {
    schema: {
      tags,
      summary: 'Send a test event (`webhook.test`) to this webhook',
      description: who,
      security,
      params: idParams,
      response: { 202: messageReply, ...errorReplies(401, 403, 404) },
    },
  },
  deliveries: {
    schema: {
      tags,
      summary: 'The webhook’s latest deliveries, newest first, each with its attempts',
      description: who,
      security,
      params: idParams,
      response: { 200: webhookDeliveriesReply, ...errorReplies(401, 403, 404) },
    },
  },
};
