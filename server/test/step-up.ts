/** Test helpers of roles, two-factor sign-in and re-authentication: step-up headers, an Editor's session, TOTP codes. */
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { STEP_UP_HEADER, type AdminRole } from '../../shared/roles';
import { TEST_ADMIN } from './test-app';

/** The headers of a sensitive call: the session and a fresh step-up token (password, and code when given). */
export async function stepUpHeaders(
  app: FastifyInstance,
  token: string,
  confirm: { password?: string; code?: string } = {},
): Promise<Record<string, string>> {
  const authorization = `Bearer ${token}`;
  const reply = await app.inject({
    method: 'POST',
    url: '/api/admins/reauth',
    headers: { authorization },
    payload: { password: confirm.password ?? TEST_ADMIN.password, ...(confirm.code ? { code: confirm.code } : {}) },
  });
  if (reply.statusCode !== 200) throw new Error(`re-authentication failed: ${reply.body}`);
  return { authorization, [STEP_UP_HEADER]: reply.json().stepUpToken as string };
}

export const EDITOR = { email: 'editor@example.com', password: 'an editor long password' };

/** Adds an account of `role` (through the API, as an Admin; one added before is kept) and returns a session token of it. */
async function roleToken(
  app: FastifyInstance,
  adminToken: string,
  account: { email: string; password: string; role: AdminRole },
): Promise<string> {
  const { role, ...credentials } = account;
  const added = await app.inject({
    method: 'POST',
    url: '/api/admins',
    headers: await stepUpHeaders(app, adminToken),
    payload: { ...credentials, role },
  });
  if (added.statusCode !== 201 && added.statusCode !== 409) throw new Error(`adding the ${role} account failed: ${added.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/admins/login', payload: credentials });
  if (login.statusCode !== 200) throw new Error(`${role} login failed: ${login.body}`);
  return login.json().token as string;
}

/** Adds the Editor account (through the API, as an Admin) and returns a session token of it. */
export function editorToken(app: FastifyInstance, adminToken: string): Promise<string> {
  return roleToken(app, adminToken, { ...EDITOR, role: 'editor' });
}

/** Adds a Sales account with this e-mail (no content or settings area) and returns a session token of it. */
export function salesToken(app: FastifyInstance, adminToken: string, email: string): Promise<string> {
  return roleToken(app, adminToken, { email, password: 'a sales team long password', role: 'sales' });
}

/** The authenticator app's code for a base32 secret at a time (now by default), computed as an app would. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp });
}
