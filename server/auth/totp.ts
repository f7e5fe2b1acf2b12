/**
 * The pieces of two-factor sign-in that need no database: TOTP codes (RFC 6238 through `otpauth`:
 * SHA-1, 6 digits, 30 s, as every authenticator app reads), the secret's encryption at rest, the
 * QR code (drawn here, no outside service) and recovery codes.
 */
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD = 30;
/** Codes of the step before and after now are taken too (clocks drift, typing takes time). */
const WINDOW = 1;
const ISSUER = 'Site admin';

const totpOf = (base32: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(base32) });

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps take it typed. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The time step a code matches (now ±1 step), or null; the caller refuses steps already used. */
export function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(base32).validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** The otpauth:// link an app reads from the QR code, and the QR code as a data: URL (SVG). */
export async function enrolmentOf(base32: string, email: string): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = totpOf(base32, email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * AES-256-GCM with the account id as associated data, so a secret copied onto another account's
 * row does not decrypt. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url).
 */
export function encryptSecret(key: Uint8Array, adminId: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(adminId.toLowerCase()));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret, or null when the stored value was not made with this key for this account. */
export function decryptSecret(key: Uint8Array, adminId: string, stored: string): string | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(adminId.toLowerCase()));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const RECOVERY_CODE_COUNT = 10;
/** Crockford-style base32 without look-alikes (no I, L, O, U). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 symbols of 5 bits (80 random bits), shown as four groups of four with dashes (e.g. 7K2M-Q9TD-W4HC-P1RZ). */
export function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(16);
  const symbols = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
  return symbols.match(/.{4}/g)!.join('-');
}

/** What is stored of a recovery code: SHA-256 of its symbols (case, spaces and dashes ignored). */
export function hashRecoveryCode(code: string): string {
  const normal = code
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return crypto.createHash('sha256').update(normal).digest('hex');
}
