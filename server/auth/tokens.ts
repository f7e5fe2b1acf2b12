/** Signed session tokens: HS256 only, with issuer, audience and expiry; the session id lets us revoke them. */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const ALGORITHM = 'HS256';
const ISSUER = 'site-admin';
const AUDIENCE = 'site-admin-api';
/** Settings key of the signing secret; backups leave it out (each installation keeps its own). */
export const SECRET_KEY = 'token_signing_secret';

export interface TokenClaims {
  adminId: string;
  sessionId: string;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; expired: boolean };

/** Loads the signing secret, creating it on first start; kept in the database so every process shares it. */
export async function loadSigningSecret(db: Db): Promise<Uint8Array> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY)).limit(1);
  if (row) return Buffer.from(String(row.value), 'base64');
  const secret = crypto.randomBytes(48).toString('base64');
  await db.insert(settings).values({ key: SECRET_KEY, value: secret }).onConflictDoNothing();
  const [stored] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY)).limit(1);
  return Buffer.from(String(stored.value), 'base64');
}

export async function signToken(secret: Uint8Array, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.adminId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { ok: false, expired: false };
    return { ok: true, claims: { adminId: payload.sub, sessionId: payload.sid } };
  } catch (error) {
    return { ok: false, expired: error instanceof errors.JWTExpired };
  }
}
