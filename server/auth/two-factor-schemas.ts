/** The request and reply schemas of two-factor sign-in and re-authentication (/api/admins/login/2fa, /2fa/*, /reauth). */
import { accountSecurityMessages } from '../../shared/api-messages';
import { enrolmentReply, reauthReply, recoveryCodesReply, secondStepReply } from '../../shared/accounts';
import { z } from '../../shared/zod';
import { errorReplies, invalidRequest, messageReply } from '../api/route-schemas';
import { ClientError } from '../errors';

const tags = ['Admins'];
const security = [{ bearer: [] }];

const code = z.string().max(64).optional().meta({ description: 'The 6-digit code of the authenticator app' });
const recoveryCode = z.string().max(64).optional().meta({ description: 'One of the recovery codes (each works once)' });
const challenge = z.string().max(2048).meta({ description: 'The `challenge` of the login reply' });

const secondStepBody = z.object({ challenge, code, recoveryCode });
const challengeBody = z.object({ challenge });
const confirmBody = z.object({ code: z.string().max(64) });
const reauthBody = z.object({ password: z.string().max(1024), code, recoveryCode });

const stepUpNote =
  'Needs the `X-Reauth-Token` header from POST /api/admins/reauth (the password; under REQUIRE_2FA an account without two-factor confirms it alone, for its enrolment only).';

const asMessage = (message: string) => invalidRequest(() => new ClientError(400, message, [message]));

export const twoFactorSchemas = {
  secondStep: {
    schema: {
      tags,
      summary:
        'Second step of a sign-in: a code (or recovery code) for the login challenge; the first code of the new secret for an enrolment challenge',
      body: secondStepBody,
      response: {
        200: secondStepReply,
        ...errorReplies(400, 401, 403, 409, 429),
      },
    },
    schemaErrorFormatter: asMessage(accountSecurityMessages.codeRequired),
  },
  setupAtLogin: {
    schema: {
      tags,
      summary: 'REQUIRE_2FA: a new secret and its QR code for the account named by an enrolment challenge',
      body: challengeBody,
      response: { 200: enrolmentReply, ...errorReplies(400, 401, 403, 409, 429) },
    },
    schemaErrorFormatter: asMessage(accountSecurityMessages.challengeExpired),
  },
  setup: {
    schema: {
      tags,
      summary: 'Start turning on two-factor sign-in: a new secret and its QR code, waiting for a first code',
      description: stepUpNote,
      security,
      response: { 200: enrolmentReply, ...errorReplies(401, 403, 409) },
    },
  },
  confirm: {
    schema: {
      tags,
      summary: 'Turn two-factor sign-in on with a first code; the reply holds the 10 recovery codes, shown once',
      description: stepUpNote,
      security,
      body: confirmBody,
      response: {
        200: recoveryCodesReply,
        ...errorReplies(400, 401, 403, 409),
      },
    },
    schemaErrorFormatter: asMessage(accountSecurityMessages.codeRequired),
  },
  disable: {
    schema: {
      tags,
      summary: 'Turn two-factor sign-in off',
      description: 'Needs the `X-Reauth-Token` header from POST /api/admins/reauth (password and code). Refused under REQUIRE_2FA.',
      security,
      response: { 200: messageReply, ...errorReplies(401, 403, 409) },
    },
  },
  recoveryCodes: {
    schema: {
      tags,
      summary: 'Replace the recovery codes: 10 new ones, shown once; the old ones stop working',
      description:
        'Needs the `X-Reauth-Token` header from POST /api/admins/reauth (password and code). 409 when two-factor sign-in is off.',
      security,
      response: { 200: recoveryCodesReply, ...errorReplies(401, 403, 409) },
    },
  },
  reauth: {
    schema: {
      tags,
      summary: 'Confirm the password (and code when two-factor sign-in is on) before a sensitive action',
      description:
        'The reply’s `stepUpToken`, sent as the `X-Reauth-Token` header, allows adding, removing and changing the role of accounts, turning two-factor off and downloading a backup, from this session, for a few minutes. Failures count toward the login lockout.',
      security,
      body: reauthBody,
      response: {
        200: reauthReply,
        ...errorReplies(401, 403, 429),
      },
    },
    schemaErrorFormatter: invalidRequest(() => new ClientError(403, accountSecurityMessages.reauthRequired)),
  },
};
