/** The request and reply schemas of /api/admins, and the email and password rules the account service applies. */
import { accountSecurityMessages, apiMessages } from '../../shared/api-messages';
import { ADMIN_ROLES } from '../../shared/roles';
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
const role = z.enum(ADMIN_ROLES).meta({ description: 'admin: everything; editor: the content screens only' });
const stepUpNote = 'Needs the `X-Reauth-Token` header from POST /api/admins/reauth (password, and code when two-factor sign-in is on).';

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
const roleBody = z.object({ role: z.enum(ADMIN_ROLES, { error: accountSecurityMessages.roleInvalid }) });
const newAdminBody = z.object({ email: emailSchema, password: passwordSchema, role: roleBody.shape.role.optional() });

export const authSchemas = {
  login: {
    schema: {
      tags,
      summary: 'Log in: a bearer token for the other admin calls, also set as the session cookie of the admin screens',
      description:
        'With two-factor sign-in on, or REQUIRE_2FA set and not yet set up, the reply holds a short-lived `challenge` instead of the token: POST /api/admins/login/2fa completes the sign-in.',
      body: loginBody,
      response: {
        200: z.union([
          z.object({ success: z.literal(true), token: z.string(), admin: adminEmail }),
          z.object({ success: z.literal(true), twoFactorRequired: z.literal(true), challenge: z.string() }),
          z.object({ success: z.literal(true), twoFactorSetupRequired: z.literal(true), challenge: z.string() }),
        ]),
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
      summary: 'The admin this token belongs to: email, role, two-factor sign-in',
      security,
      response: {
        200: z.object({
          success: z.literal(true),
          admin: adminEmail.extend({
            role,
            twoFactor: z.boolean(),
            recoveryCodesLeft: z.number().int(),
            twoFactorRequired: z.boolean().meta({ description: 'REQUIRE_2FA: two-factor sign-in cannot be turned off' }),
          }),
        }),
        ...errorReplies(401),
      },
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
      summary: 'Every admin, oldest first (Admins only)',
      security,
      response: {
        200: z.object({
          success: z.literal(true),
          data: z.array(z.object({ _id: z.string(), email: z.string(), role, twoFactor: z.boolean(), createdAt: z.string() })),
        }),
        ...errorReplies(401, 403),
      },
    },
  },
  add: {
    schema: {
      tags,
      summary: 'Add an account (Admins only; role admin unless given)',
      description: stepUpNote,
      security,
      body: newAdminBody,
      response: {
        201: z.object({
          success: z.literal(true),
          message: z.literal(apiMessages.adminCreated),
          data: z.object({ _id: z.string(), email: z.string(), role }),
        }),
        ...errorReplies(400, 401, 403, 409),
      },
    },
    schemaErrorFormatter: firstIssue(newAdminBody),
  },
  remove: {
    schema: {
      tags,
      summary: 'Remove another admin (never oneself, never the last Admin; Admins only)',
      description: stepUpNote,
      security,
      params: idParams,
      response: { 200: messageReply, ...errorReplies(400, 401, 403, 404, 409) },
    },
  },
  changeRole: {
    schema: {
      tags,
      summary: 'Change an account’s role (never the last Admin’s to editor; Admins only)',
      description: stepUpNote,
      security,
      params: idParams,
      body: roleBody,
      response: {
        200: z.object({
          success: z.literal(true),
          message: z.string(),
          data: z.object({ _id: z.string(), email: z.string(), role }),
        }),
        ...errorReplies(400, 401, 403, 404, 409),
      },
    },
    schemaErrorFormatter: firstIssue(roleBody),
  },
};
