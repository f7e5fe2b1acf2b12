/** The onRequest hooks that guard admin routes: they run before the body is read, so a stranger's upload is never parsed. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountSecurityMessages, areaLabels } from '../../shared/api-messages';
import { seesAllEnquiries, STEP_UP_HEADER, type Area } from '../../shared/roles';
import { ClientError } from '../errors';
import { PERSONAL } from '../reply-headers';
import type { Auth } from './auth';
import type { AuthenticatedAdmin } from './sessions';
import type { StepUpScope } from './step-tokens';
import { checkCookieWrite, readSessionCookie } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AuthenticatedAdmin | null;
  }
}

/** What a guarded route lets in besides a complete account: `enrolment` also takes one REQUIRE_2FA still waits on. */
interface GuardOptions {
  enrolment?: boolean;
}

/**
 * `Authorization: Bearer` (scripts, the API contract) when the request has one; otherwise the
 * session cookie (the admin screens), whose writes must also show they came from our own pages.
 * Under REQUIRE_2FA a session of an account without two-factor (one opened before the setting) reaches
 * only the routes of its enrolment (`enrolment: true`: /me, logout, /reauth, 2fa setup and confirm).
 */
export function requireAdmin(auth: Auth, options: GuardOptions = {}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // an admin's reply is for that admin alone: no shared cache keeps it (a cookie, unlike Authorization, does not stop one)
    reply.header('cache-control', PERSONAL);
    if (request.headers.authorization !== undefined) {
      request.admin = await auth.sessions.authenticate(request.headers.authorization);
    } else {
      const token = readSessionCookie(request, auth.sessions.publicUrl);
      // no credential at all is a 401, whatever the method: only a cookie-carried write is asked for the proof
      if (token) checkCookieWrite(request, auth.sessions.publicUrl);
      request.admin = await auth.sessions.authenticate(token ? `Bearer ${token}` : undefined);
    }
    if (awaitsEnrolment(auth, request.admin) && !options.enrolment) {
      throw new ClientError(403, accountSecurityMessages.twoFactorSetupFirst);
    }
  };
}

/** REQUIRE_2FA holds and the account has not set two-factor up yet: it reaches its enrolment only. */
const awaitsEnrolment = (auth: Auth, admin: AuthenticatedAdmin) => auth.signIn.twoFactorRequired && !admin.twoFactor;

/**
 * Whether a read comes from staff who may see content visitors may not (a hidden or trashed item's page
 * preview and images): a Bearer token or the session cookie of a complete account with the content area.
 * Never throws: anyone else is a visitor.
 */
export async function seesWithheldContent(auth: Auth, request: FastifyRequest): Promise<boolean> {
  const cookie = readSessionCookie(request, auth.sessions.publicUrl);
  const credential = request.headers.authorization ?? (cookie ? `Bearer ${cookie}` : undefined);
  if (!credential) return false;
  try {
    const admin = await auth.sessions.authenticate(credential);
    return !awaitsEnrolment(auth, admin) && admin.permissions.includes('content');
  } catch {
    // an ended or unknown session: a visitor
    return false;
  }
}

/** A signed-in account with this area (read with the session on every request): any other gets 403 naming the area. */
export function requirePermission(auth: Auth, area: Area) {
  const signedIn = requireAdmin(auth);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    assertPermission(request.admin!, area);
  };
}

/** 403 unless the account has the area: for checks that depend on the request (the trash's item kinds). */
export function assertPermission(admin: AuthenticatedAdmin, area: Area): void {
  if (!admin.permissions.includes(area)) throw new ClientError(403, accountSecurityMessages.areaRequired(areaLabels[area]));
}

/**
 * Whose enquiries the account may read and work on: null for every one (the enquiries area), else its own id,
 * for the enquiries assigned to it (docs/decisions/0040).
 */
export const enquiryScope = (admin: AuthenticatedAdmin): string | null => (seesAllEnquiries(admin.permissions) ? null : admin.adminId);

/**
 * Before a sensitive action: a step-up token of this session, made by re-entering the password (and
 * code) minutes ago; scope 'enrol' also takes the password-only one of an account REQUIRE_2FA waits on.
 */
export function requireStepUp(auth: Auth, scope: StepUpScope = 'all') {
  return async (request: FastifyRequest) => {
    const header = request.headers[STEP_UP_HEADER];
    await auth.signIn.requireStepUp(request.admin!, typeof header === 'string' ? header : undefined, scope);
  };
}
