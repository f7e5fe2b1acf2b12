/**
 * Short-lived signed tokens between the steps of a sign-in and before a sensitive action. Each kind
 * has its own audience, so none can stand in for a session token (or for another kind), and each
 * names the account (and the step-up token the session) it was made for.
 */
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'site-admin';

/** After the password: 'login' asks for a code, 'enrol' (REQUIRE_2FA) sets two-factor up first. */
export type ChallengePurpose = 'login' | 'enrol';

const CHALLENGE_AUDIENCE = 'site-admin-2fa';
const STEP_UP_AUDIENCE = 'site-admin-step-up';
/** Long enough to open an authenticator app; enrolling (scan, then type) gets more. */
const CHALLENGE_SECONDS: Record<ChallengePurpose, number> = { login: 5 * 60, enrol: 15 * 60 };
/** A confirmed password (and code) allows sensitive actions for this long, from this session only. */
export const STEP_UP_SECONDS = 5 * 60;

async function sign(secret: Uint8Array, audience: string, subject: string, claims: Record<string, string>, seconds: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(secret);
}

async function verify(secret: Uint8Array, audience: string, token: string) {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience });
    return typeof payload.sub === 'string' ? payload : null;
  } catch {
    return null;
  }
}

export const signChallenge = (secret: Uint8Array, adminId: string, purpose: ChallengePurpose) =>
  sign(secret, CHALLENGE_AUDIENCE, adminId, { pur: purpose }, CHALLENGE_SECONDS[purpose]);

/** The account and purpose a challenge was made for, or null when forged, expired or of another kind. */
export async function verifyChallenge(secret: Uint8Array, token: string): Promise<{ adminId: string; purpose: ChallengePurpose } | null> {
  const payload = await verify(secret, CHALLENGE_AUDIENCE, token);
  const purpose = payload?.pur;
  if (!payload || (purpose !== 'login' && purpose !== 'enrol')) return null;
  return { adminId: payload.sub!, purpose };
}

export const signStepUp = (secret: Uint8Array, adminId: string, sessionId: string) =>
  sign(secret, STEP_UP_AUDIENCE, adminId, { sid: sessionId }, STEP_UP_SECONDS);

/** True when the step-up token was made for this account's this session and has not run out. */
export async function verifyStepUp(secret: Uint8Array, token: string, adminId: string, sessionId: string): Promise<boolean> {
  const payload = await verify(secret, STEP_UP_AUDIENCE, token);
  return Boolean(payload && payload.sub!.toLowerCase() === adminId.toLowerCase() && payload.sid === sessionId);
}
