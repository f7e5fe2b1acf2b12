/** The request and reply schemas of /api/admins, and the email and password rules the account service applies. */
import { accountSecurityMessages, apiMessages } from '../../shared/api-messages';
import { accountChangedReply, accountListReply, loginReply, meReply, resetAvailableReply } from '../../shared/accounts';
import { ADMIN_ROLES, AREAS } from '../../shared/roles';
import { noNul } from '../../shared/text-input';
import { z } from '../../shared/zod';
import { errorReplies, fieldIssues, idParams, invalidRequest, messageReply } from '../api/route-schemas';
import { ClientError } from '../errors';
import { PASSWORD_MAX, PASSWORD_MIN } from './passwords';

/** An email as accounts store and look it up: trimmed, NFKC (full-width and compatibility forms folded) and lower case. */
export const normaliseEmail = (raw: string) => raw.trim().normalize('NFKC').toLowerCase();

/** The scripts a part of an address may be written in, besides plain ASCII. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
].map((script) => new RegExp(`^[\\p{Script=${script}}\\p{Mark}0-9._+-]+$`, 'u'));
/** Letters may be accompanied by these in any script. */
const ASCII = /^[\x21-\x7e]+$/;

/**
 * A look-alike guard: each part of the address (before and after the @) is all ASCII (an IDN domain
 * in its xn-- form is), or written in one other script with no ASCII letter beside it. So
 * "demoİ@example.com" (a Latin part with a dotted capital I) and a Latin name with a Cyrillic "а" are refused.
 */
function inOneScriptPerPart(email: string): boolean {
  const at = email.lastIndexOf('@');
  return [email.slice(0, at), email.slice(at + 1)].every(
    (part) => ASCII.test(part) || (!/[a-z]/.test(part) && SCRIPTS.some((script) => script.test(part))),
  );
}

export const emailSchema = z
  .string({ error: apiMessages.emailInvalid })
  .overwrite(normaliseEmail)
  .max(254, apiMessages.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, apiMessages.emailInvalid)
  .refine(...noNul('Email'))
  .refine(inOneScriptPerPart, apiMessages.emailMixedScripts);
export const passwordSchema = z
  .string({ error: apiMessages.passwordTooShort })
  .min(PASSWORD_MIN, apiMessages.passwordTooShort)
  .max(PASSWORD_MAX, apiMessages.passwordTooLong)
  .refine(...noNul('Password'));

const tags = ['Admins'];
const security = [{ bearer: [] }];
export const stepUpNote =
  'Needs the `X-Reauth-Token` header from POST /api/admins/reauth (password, and code when two-factor sign-in is on).';

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
const presetField = z
  .enum(ADMIN_ROLES, { error: accountSecurityMessages.roleInvalid })
  .meta({ description: 'A preset: admin (every area), editor (content), sales (enquiries)' });
const areasField = z
  .array(z.enum(AREAS, { error: accountSecurityMessages.permissionsInvalid }), { error: accountSecurityMessages.permissionsInvalid })
  .meta({ description: 'Areas by hand: content, enquiries, settings (site settings), accounts (accounts and backups), activity' });
const onlyOne = (body: { role?: unknown; permissions?: unknown }) => body.role === undefined || body.permissions === undefined;
const roleBody = z
  .object({ role: presetField.optional(), permissions: areasField.optional() })
  .refine((body) => onlyOne(body) && (body.role !== undefined || body.permissions !== undefined), {
    error: accountSecurityMessages.roleOrPermissions,
    path: ['role'],
  });
const newAdminBody = z
  .object({ email: emailSchema, password: passwordSchema, role: presetField.optional(), permissions: areasField.optional() })
  .refine(onlyOne, { error: accountSecurityMessages.roleOrPermissions, path: ['role'] });

const forgotBody = z.object({ email: emailSchema });
const resetBody = z.object({
  token: z.string().meta({ description: 'The `token` of the link in the mail' }),
  newPassword: z.string().meta({ description: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not a common one` }),
});
const noMailNote = 'Without SMTP_URL: 409 (a new password is set from the command line then).';

export const authSchemas = {
  resetAvailable: {
    schema: {
      tags,
      summary: 'Whether a forgotten password can be reset by an e-mail link (SMTP_URL is set)',
      response: { 200: resetAvailableReply },
    },
  },
  forgot: {
    schema: {
      tags,
      summary: 'Ask for a reset link by e-mail: the same answer whether an account has the address or not',
      description: `The link works once, for 30 minutes. Rate limited per address and per e-mail. ${noMailNote}`,
      body: forgotBody,
      response: { 200: messageReply, ...errorReplies(400, 409, 429) },
    },
    schemaErrorFormatter: firstIssue(forgotBody),
  },
  reset: {
    schema: {
      tags,
      summary: 'Set a new password with a reset link’s token: every session and sign-in challenge of the account ends',
      description: `The password rules of a change apply; a used or expired token is refused. ${noMailNote}`,
      body: resetBody,
      response: { 200: messageReply, ...errorReplies(400, 403, 409, 429) },
    },
    schemaErrorFormatter: invalidRequest(() => new ClientError(400, apiMessages.passwordTooShort, [apiMessages.passwordTooShort])),
  },
  sendResetLink: {
    schema: {
      tags,
      summary: 'Send an account a reset link by e-mail (accounts permission)',
      description: `${stepUpNote} ${noMailNote}`,
      security,
      params: idParams,
      response: { 200: messageReply, ...errorReplies(400, 401, 403, 404, 409) },
    },
  },
  login: {
    schema: {
      tags,
      summary: 'Log in: a bearer token for the other admin calls, also set as the session cookie of the admin screens',
      description:
        'With two-factor sign-in on, or REQUIRE_2FA set and not yet set up, the reply holds a short-lived `challenge` instead of the token: POST /api/admins/login/2fa completes the sign-in.',
      body: loginBody,
      response: {
        200: loginReply,
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
        200: meReply,
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
      summary: 'Every account with its preset and permissions, oldest first (accounts permission)',
      security,
      response: {
        200: accountListReply,
        ...errorReplies(401, 403),
      },
    },
  },
  add: {
    schema: {
      tags,
      summary: 'Add an account with a preset (admin unless given) or permissions (accounts permission)',
      description: stepUpNote,
      security,
      body: newAdminBody,
      response: {
        201: accountChangedReply,
        ...errorReplies(400, 401, 403, 409),
      },
    },
    schemaErrorFormatter: firstIssue(newAdminBody),
  },
  remove: {
    schema: {
      tags,
      summary: 'Remove another account (never oneself, never the last with the accounts permission)',
      description: stepUpNote,
      security,
      params: idParams,
      response: { 200: messageReply, ...errorReplies(400, 401, 403, 404, 409) },
    },
  },
  changeRole: {
    schema: {
      tags,
      summary: 'Set an account’s preset (role) or permissions (never taking accounts from its last holder; accounts permission)',
      description: stepUpNote,
      security,
      params: idParams,
      body: roleBody,
      response: {
        200: accountChangedReply,
        ...errorReplies(400, 401, 403, 404, 409),
      },
    },
    schemaErrorFormatter: firstIssue(roleBody),
  },
};
