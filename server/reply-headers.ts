/**
 * The headers of every reply, computed once: the security headers every reply carries, and what
 * each kind of reply tells caches (decision 0032). Public pages, public lists and images may be kept
 * by a shared cache (a CDN, nginx's proxy_cache) for CACHE_SHARED_SECONDS and served stale for
 * CACHE_STALE_SECONDS more while it asks again; browsers always ask again (max-age=0), cheaply, by
 * ETag. Anything for one person is `private, no-store`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from './env';

/** Browser features the site never uses, refused for it and anything it embeds (only names Chromium knows: it logs an error for others). */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Headers every reply starts with: helmet's defaults (without CSP, set per reply, COEP, which would
 * block nothing we embed, and HSTS, which belongs to the TLS proxy), written once here rather than
 * built per request.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': PERMISSIONS_POLICY,
};

/** API replies, error replies and plain files: nothing may load from them or frame them. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** For one person: no cache anywhere keeps it, and a shared one never hands it to someone else. */
export const PERSONAL = 'private, no-store';

/**
 * An image under /uploads: its bytes never change under its name, so a browser keeps it a year; a
 * shared cache keeps it only as long as a page, because hiding or trashing its item must take it
 * away from visitors (they then get 404) within the time a page takes.
 */
export function uploadCacheControl(env: Pick<Env, 'cacheSharedSeconds' | 'cacheStaleSeconds'>): string {
  return `public, max-age=31536000, immutable, s-maxage=${env.cacheSharedSeconds}, stale-while-revalidate=${env.cacheStaleSeconds}`;
}

/**
 * The cache policy and CSP every reply leaves with (an onSend step). A reply to a request with
 * Authorization, one that signed someone in (Set-Cookie) or one for an authenticated admin is
 * personal whatever its handler said; a reply that said nothing (API answers, errors, redirects, form
 * replies) is personal too: only what a handler marks as shared may be kept by a shared cache.
 */
export function finishHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const personal = request.headers.authorization !== undefined || request.admin !== null || reply.hasHeader('set-cookie');
  if (personal || !reply.hasHeader('cache-control')) reply.header('cache-control', PERSONAL);
  // pages and uploads set their own; everything else gets the strictest
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
}

/**
 * The whole header set of a prepared reply sent to anyone without credentials (early-replies.ts): what the
 * security-header hook and finishHeaders give the same reply through Fastify, computed once.
 */
export function completeHeaders(own: Readonly<Record<string, string>>): Record<string, string> {
  return { ...SECURITY_HEADERS, 'cache-control': PERSONAL, 'content-security-policy': API_CSP, ...own };
}
