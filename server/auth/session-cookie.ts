/**
 * The admin session cookie, and the check that a write authenticated by it came from the admin
 * screens (decision 0018). The cookie holds the same signed token as `Authorization: Bearer`; it is
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page makes the browser send it),
 * Path=/, and Secure with the __Host- prefix whenever the site is served over HTTPS.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages } from '../../shared/api-messages';
import { ClientError } from '../errors';

const PLAIN_NAME = 'admin_session';
/** Over HTTPS: Secure, Path=/ and no Domain, so no subdomain or plain-HTTP page can set or shadow it. */
const HOST_NAME = `__Host-${PLAIN_NAME}`;

/**
 * The header every cookie-authenticated write must carry. A page of another origin can send a
 * custom header only after a CORS preflight, which this server never grants; a form never can.
 */
const CSRF_HEADER = 'x-requested-with';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** HTTPS when PUBLIC_URL says so, or when this request came over HTTPS (directly or through a trusted proxy). */
function isSecure(request: FastifyRequest, publicUrl: string): boolean {
  return publicUrl.startsWith('https://') || request.protocol === 'https';
}

function cookieName(secure: boolean): string {
  return secure ? HOST_NAME : PLAIN_NAME;
}

/** The session token from the Cookie header (only the __Host- one over HTTPS), or null. */
export function readSessionCookie(request: FastifyRequest, publicUrl: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const wanted = cookieName(isSecure(request, publicUrl));
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== wanted) continue;
    const value = part.slice(at + 1).trim();
    // a token is base64url and dots: anything else is not ours
    return /^[A-Za-z0-9._-]+$/.test(value) ? value : null;
  }
  return null;
}

function serialize(request: FastifyRequest, publicUrl: string, value: string, maxAgeSeconds: number): string {
  const secure = isSecure(request, publicUrl);
  const parts = [`${cookieName(secure)}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Sets the session cookie; it lasts as long as the session can (the idle limit is the server's to apply). */
export function setSessionCookie(reply: FastifyReply, publicUrl: string, token: string, expiresAt: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.header('set-cookie', serialize(reply.request, publicUrl, token, maxAge));
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.header('set-cookie', serialize(reply.request, publicUrl, '', 0));
}

/** The origin of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a browser's Origin header is this site's: PUBLIC_URL's origin, never the request's Host or
 * X-Forwarded-Host (both are the sender's to write). A localhost PUBLIC_URL (development, where it
 * defaults to http://localhost:PORT) also takes 127.0.0.1 and [::1] on the same port: the same machine.
 */
function isOwnOrigin(origin: string, publicUrl: string): boolean {
  const own = originOf(publicUrl);
  if (origin === own) return true;
  const [ours, theirs] = [own && new URL(own), originOf(origin) && new URL(origin)];
  return Boolean(
    ours &&
    theirs &&
    ours.hostname === 'localhost' &&
    LOOPBACK_HOSTS.has(theirs.hostname) &&
    ours.protocol === theirs.protocol &&
    ours.port === theirs.port,
  );
}

/**
 * The one origin rule of every state-changing admin route (sign-in steps, logout, cookie writes):
 * refuses a request a browser says another site started (Sec-Fetch-Site cross-site or same-site;
 * same-origin and none, a typed address or bookmark, pass) or whose Origin is not PUBLIC_URL's.
 * Scripts send neither header and pass.
 */
export function checkOrigin(request: FastifyRequest, publicUrl: string): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new ClientError(403, apiMessages.crossSiteRefused);
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, publicUrl)) throw new ClientError(403, apiMessages.crossSiteRefused);
}

/**
 * A write authenticated by the cookie must prove it came from our own pages: the origin rule, and
 * the custom header (which no other origin can add). Reads need none of it: another site cannot read the reply.
 */
export function checkCookieWrite(request: FastifyRequest, publicUrl: string): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  checkOrigin(request, publicUrl);
  if (!request.headers[CSRF_HEADER]) throw new ClientError(403, apiMessages.crossSiteRefused);
}
