/**
 * The replies of /api/admins (accounts, sign-in, two-factor, password reset): the server's reply
 * schemas, and the admin's types from them (z.infer), so both read one description.
 */
import { AREAS, ROLE_NAMES } from './roles';
import { z } from './zod';

const role = z
  .enum(ROLE_NAMES)
  .meta({ description: 'The preset the permissions make up (admin: every area; editor: content; sales: enquiries), or custom' });
const permissions = z.array(z.enum(AREAS)).meta({ description: 'The areas the account may use' });
const adminEmail = z.object({ email: z.string() });
const account = z.object({ _id: z.string(), email: z.string(), role, permissions });

/** GET /api/admins/me: the signed-in account. */
export const meReply = z.object({
  success: z.literal(true),
  admin: adminEmail.extend({
    role,
    permissions,
    twoFactor: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    twoFactorRequired: z.boolean().meta({ description: 'REQUIRE_2FA: two-factor sign-in cannot be turned off' }),
  }),
});

/** GET /api/admins: every account, oldest first. */
export const accountListReply = z.object({
  success: z.literal(true),
  data: z.array(account.extend({ twoFactor: z.boolean(), createdAt: z.string() })),
});

/** POST /api/admins and PATCH /api/admins/:id: the account as it now is. */
export const accountChangedReply = z.object({ success: z.literal(true), message: z.string(), data: account });

/** GET /api/admins/password/forgot: whether a reset link can be mailed. */
export const resetAvailableReply = z.object({ success: z.literal(true), mail: z.boolean() });

/** POST /api/admins/login: a session, or a challenge for the two-factor step (its check, or its set-up under REQUIRE_2FA). */
export const loginReply = z.union([
  z.object({ success: z.literal(true), token: z.string(), admin: adminEmail }),
  z.object({ success: z.literal(true), twoFactorRequired: z.literal(true), challenge: z.string() }),
  z.object({ success: z.literal(true), twoFactorSetupRequired: z.literal(true), challenge: z.string() }),
]);

const enrolment = z.object({
  secret: z.string().meta({ description: 'The TOTP secret in base32, to type into an app that cannot scan' }),
  otpauthUrl: z.string(),
  qrCode: z.string().meta({ description: 'The QR code of otpauthUrl, a data: URL (SVG)' }),
});
const recoveryCodes = z.array(z.string()).meta({ description: 'Shown once: each lets one sign-in through without the app' });

/** POST /api/admins/login/2fa: the session, with the recovery codes of a new enrolment. */
export const secondStepReply = z.object({
  success: z.literal(true),
  token: z.string(),
  admin: adminEmail,
  recoveryCodes: recoveryCodes.optional(),
});

/** POST /api/admins/2fa/setup and /login/2fa/setup: a new secret and its QR code. */
export const enrolmentReply = z.object({ success: z.literal(true), data: enrolment });

/** POST /api/admins/2fa/confirm and /2fa/recovery-codes: the 10 recovery codes, shown once. */
export const recoveryCodesReply = z.object({ success: z.literal(true), message: z.string(), recoveryCodes });

/** POST /api/admins/reauth: the step-up token for a sensitive action. */
export const reauthReply = z.object({
  success: z.literal(true),
  message: z.string(),
  stepUpToken: z.string(),
  expiresInSeconds: z.number().int(),
});

export type MeReply = z.infer<typeof meReply>;
export type AccountListReply = z.infer<typeof accountListReply>;
export type AccountRow = AccountListReply['data'][number];
export type AccountChangedReply = z.infer<typeof accountChangedReply>;
export type ResetAvailableReply = z.infer<typeof resetAvailableReply>;
export type LoginReply = z.infer<typeof loginReply>;
export type SecondStepReply = z.infer<typeof secondStepReply>;
export type EnrolmentReply = z.infer<typeof enrolmentReply>;
export type Enrolment = EnrolmentReply['data'];
export type RecoveryCodesReply = z.infer<typeof recoveryCodesReply>;
export type ReauthReply = z.infer<typeof reauthReply>;
