/**
 * Step-up tokens: short-lived signed proof, before a sensitive action, that this session's owner
 * re-entered the password (and code). Their own audience keeps them from standing in for a session
 * token. (Sign-in challenges are single-use account tokens: account-tokens.ts.)
 */
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'site-admin';

const STEP_UP_AUDIENCE = 'site-admin-step-up';
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

/** 'all': any sensitive action; 'enrol': only setting two-factor up (REQUIRE_2FA, an account without it confirmed its password alone). */
export type StepUpScope = 'all' | 'enrol';

export const signStepUp = (secret: Uint8Array, adminId: string, sessionId: string, scope: StepUpScope) =>
  sign(secret, STEP_UP_AUDIENCE, adminId, { sid: sessionId, scp: scope }, STEP_UP_SECONDS);

/** True when the step-up token was made for this account's this session, covers `needed` and has not run out. */
export async function verifyStepUp(
  secret: Uint8Array,
  token: string,
  adminId: string,
  sessionId: string,
  needed: StepUpScope,
): Promise<boolean> {
  const payload = await verify(secret, STEP_UP_AUDIENCE, token);
  const scopeOk = payload?.scp === 'all' || payload?.scp === needed;
  return Boolean(payload && scopeOk && payload.sub!.toLowerCase() === adminId.toLowerCase() && payload.sid === sessionId);
}
