/** The request and reply schemas of /api/admins, and the email and password rules the account service applies. */
import { apiMessages } from '../../shared/api-messages';
import { noNul } from '../../shared/text-input';
import { z } from '../../shared/zod';
import { errorReplies, fieldIssues, idParams, invalidRequest, messageReply } from '../api/route-schemas';
import { ClientError } from '../errors';
import { PASSWORD_MAX, PASSWORD_MIN } from './passwords';

export const emailSchema = z
  .string({ error: apiMessages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, apiMessages.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, apiMessages.emailInvalid)
  .refine(...noNul('Email'));
export const passwordSchema = z
  .string({ error: apiMessages.passwordTooShort })
  .min(PASSWORD_MIN, apiMessages.passwordTooShort)
  .max(PASSWORD_MAX, apiMessages.passwordTooLong)
  .refine(...noNul('Password'));

const tags = ['Admins'];
const security = [{ bearer: [] }];
const adminEmail = z.object({ email: z.string() });

/** The first failing rule's message, as the reply's message and only error. */
const firstIssue = (schema: z.ZodType) =>
  invalidRequest((issues) => {
    const message = fieldIssues(schema, issues)[0]?.message ?? apiMessages.badRequest;
    return new ClientError(400, message, [message]);
  });

const loginBody = z.object({
  // the service checks these (and answers the same whatever is wrong): no rule here tells which part was wrong
  email: z.string().meta({ description: 'The admin’s email (any case)' }),
  password: z.string(),
});
const passwordBody = z.object({
  currentPassword: z.string(),
  // the current password is checked first: its message comes before this rule's
  newPassword: z.string().meta({ description: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters` }),
});
const newAdminBody = z.object({ email: emailSchema, password: passwordSchema });

export const authSchemas = {
  login: {
    schema: {
      tags,
      summary: 'Log in: a bearer token for the other admin calls, also set as the session cookie of the admin screens',
      body: loginBody,
      response: {
        200: z.object({ success: z.literal(true), token: z.string(), admin: adminEmail }),
        ...errorReplies(400, 401, 403, 429),
      },
    },
    schemaErrorFormatter: invalidRequest(() => new ClientError(400, apiMessages.loginRequired)),
  },
  logout: {
    schema: { tags, summary: 'End this session', security, response: { 200: messageReply, ...errorReplies(401) } },
  },
  me: {
    schema: {
      tags,
      summary: 'The admin this token belongs to',
      security,
      response: { 200: z.object({ success: z.literal(true), admin: adminEmail }), ...errorReplies(401) },
    },
  },
  changePassword: {
    schema: {
      tags,
      summary: 'Change one’s own password; every session of the admin ends',
      security,
      body: passwordBody,
      response: { 200: messageReply, ...errorReplies(400, 401) },
    },
    schemaErrorFormatter: invalidRequest((issues) => {
      const message = fieldIssues(passwordBody, issues).some((issue) => issue.path[0] === 'currentPassword')
        ? apiMessages.passwordWrong
        : apiMessages.passwordTooShort;
      return new ClientError(400, message, [message]);
    }),
  },
  list: {
    schema: {
      tags,
      summary: 'Every admin, oldest first',
      security,
      response: {
        200: z.object({
          success: z.literal(true),
          data: z.array(z.object({ _id: z.string(), email: z.string(), createdAt: z.string() })),
        }),
        ...errorReplies(401),
      },
    },
  },
  add: {
    schema: {
      tags,
      summary: 'Add an admin',
      security,
      body: newAdminBody,
      response: {
        201: z.object({
          success: z.literal(true),
          message: z.literal(apiMessages.adminCreated),
          data: z.object({ _id: z.string(), email: z.string() }),
        }),
        ...errorReplies(400, 401, 409),
      },
    },
    schemaErrorFormatter: firstIssue(newAdminBody),
  },
  remove: {
    schema: {
      tags,
      summary: 'Remove another admin (never oneself, never the last one)',
      security,
      params: idParams,
      response: { 200: messageReply, ...errorReplies(400, 401, 404, 409) },
    },
  },
};
