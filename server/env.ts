/** Runtime settings, read once from the environment (names fixed by DESIGN.md). */
import net from 'node:net';
import path from 'node:path';
import { DEFAULT_MAX_IMAGE_MB } from '../shared/admin-limits';
import { DEFAULT_SITE_TIMEZONE, isTimeZone } from '../shared/site-time';
import { LOG_LEVELS, type LogLevel } from './logger';
import { parseMailSettings, type MailSettings } from './mail/mail-settings';
import { isOneOf } from '../shared/narrow';

const int = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
};

/** A number that must be more than 0 (0 would end every session at once). */
const positive = (name: string, fallback: number): number => {
  const value = int(name, fallback);
  if (value <= 0) throw new Error(`${name} must be a number more than 0, got "${process.env[name]}"`);
  return value;
};

/** A number of days, 1 or more: 0 or a fraction would purge entries as soon as they are written. */
const wholeDays = (name: string, fallback: number): number => {
  const value = int(name, fallback);
  if (!Number.isInteger(value) || value < 1 || value > 36_500)
    throw new Error(`${name} must be a whole number of days from 1 to 36500, got "${process.env[name]}"`);
  return value;
};

/** A count of versions, 1 or more (a fraction or 0 would keep no history at all). */
const versionCount = (name: string, fallback: number): number => {
  const value = int(name, fallback);
  if (!Number.isInteger(value) || value < 1 || value > 10_000)
    throw new Error(`${name} must be a whole number from 1 to 10000, got "${process.env[name]}"`);
  return value;
};

/** A whole number of seconds, up to a day (Cache-Control takes whole seconds). */
const wholeSeconds = (name: string, fallback: number): number => {
  const value = int(name, fallback);
  if (!Number.isInteger(value) || value > 86_400)
    throw new Error(`${name} must be a whole number of seconds from 0 to 86400, got "${process.env[name]}"`);
  return value;
};

/** A setting that takes one of a few names. */
function oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!isOneOf(allowed, raw)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw;
}

/** An IANA time zone Intl knows: a mistyped one would otherwise show every time in UTC without a word. */
function timeZone(name: string, fallback: string): string {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!isTimeZone(raw)) throw new Error(`${name} must be an IANA time zone name such as ${fallback} or Europe/London, got "${raw}"`);
  return raw;
}

/** NODE_ENV's values: development runs Vite inside; test is what test runners set. */
const NODE_ENVS = ['production', 'development', 'test'] as const;

/** The embedded database's shared buffers: its whole data is a few MB, and the OS caches the files too. */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoContent: boolean;
  publicUrl: string;
  /** bytes per uploaded image */
  maxImageBytes: number;
  /** decoded pixels per uploaded image; larger is refused before decoding */
  maxImagePixels: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  loginRateLimit: number;
  loginRateWindowMs: number;
  contactRateLimit: number;
  contactRateWindowMs: number;
  tokenTtlHours: number;
  /** A session unused this long has ended (minutes, more than 0). */
  sessionIdleMinutes: number;
  /** SITE_TIMEZONE: the zone of every time a person reads (alert e-mails, CSV exports). */
  siteTimeZone: string;
  /** AUDIT_DAYS: audit log entries older than this are purged (a whole number of days, 1 or more). */
  auditDays: number;
  /** TRASH_DAYS: items in the trash longer than this are deleted forever (a whole number of days, 1 or more). */
  trashDays: number;
  /** REVISIONS_KEEP: versions kept per content item, About and Site settings; older ones go as new ones are saved (1 or more). */
  revisionsKeep: number;
  /** REQUIRE_2FA=true: every account without two-factor sign-in sets it up at its next sign-in. */
  require2fa: boolean;
  logLevel: LogLevel;
  /** NODE_ENV=development (npm run dev): Vite runs inside the server and pages are rebuilt on every request. */
  development: boolean;
  /** Which proxies' X-Forwarded-For to believe: false (none), a hop count, or proxy addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** HTTP client limits, see http-lifecycle.ts */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  /** On SIGTERM/SIGINT, how long requests in flight may take before their connections are closed. */
  shutdownTimeoutMs: number;
  /** CACHE_SHARED_SECONDS: how long a shared cache (CDN, nginx) may keep a public page, list or image (s-maxage); 0 keeps none. */
  cacheSharedSeconds: number;
  /** CACHE_STALE_SECONDS: after that, how long it may still serve its copy while it fetches a new one (stale-while-revalidate). */
  cacheStaleSeconds: number;
  /** Bearer token that GET /metrics requires; unset, the endpoint does not exist (404). */
  metricsToken: string | undefined;
  /** Shared buffers of the embedded database (MB): more keeps more of it in memory, costing as much resident memory. */
  pgliteSharedBuffersMb: number;
  /** Where uploaded images are stored: null keeps them in DATA_DIR/uploads. */
  s3: S3Settings | null;
  /** Outgoing mail (SMTP_URL, MAIL_FROM, NOTIFY_EMAIL); null when SMTP_URL is unset: no mail is queued or sent. */
  mail: MailSettings | null;
  /** ANALYTICS=false: public page views are not counted. */
  analytics: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE=true: webhooks may go to loopback, private and other non-public addresses. */
  webhooksAllowPrivate: boolean;
  /** Test aid: resources whose reads fail, to show each section's error state (SIMULATE_FAILURES=banners,gallery or all). */
  simulateFailures: string[];
  /** Test aid: no background renditions are made, so pages show what they serve while renditions are pending (SIMULATE_PENDING_RENDITIONS=true). */
  simulatePendingRenditions: boolean;
}

export function readEnv(overrides: Partial<Env> = {}): Env {
  const port = int('PORT', 3000);
  const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const env: Env = {
    port,
    host: process.env.HOST || '0.0.0.0',
    dataDir: path.resolve(process.env.DATA_DIR || './data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    adminEmail: process.env.ADMIN_EMAIL || undefined,
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    demoContent: process.env.DEMO_CONTENT !== 'false',
    publicUrl,
    maxImageBytes: int('MAX_IMAGE_MB', DEFAULT_MAX_IMAGE_MB) * 1024 * 1024,
    maxImagePixels: int('MAX_IMAGE_PIXELS', 40_000_000),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', 5),
    loginLockMinutes: int('LOGIN_LOCK_MINUTES', 15),
    loginRateLimit: int('LOGIN_RATE_LIMIT', 20),
    loginRateWindowMs: int('LOGIN_RATE_WINDOW_SECONDS', 15 * 60) * 1000,
    contactRateLimit: int('CONTACT_RATE_LIMIT', 5),
    contactRateWindowMs: int('CONTACT_RATE_WINDOW_SECONDS', 10 * 60) * 1000,
    tokenTtlHours: int('TOKEN_TTL_HOURS', 12),
    sessionIdleMinutes: positive('SESSION_IDLE_MINUTES', 30),
    siteTimeZone: timeZone('SITE_TIMEZONE', DEFAULT_SITE_TIMEZONE),
    auditDays: wholeDays('AUDIT_DAYS', 365),
    trashDays: wholeDays('TRASH_DAYS', 30),
    revisionsKeep: versionCount('REVISIONS_KEEP', 50),
    require2fa: oneOf('REQUIRE_2FA', ['true', 'false'], 'false') === 'true',
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    development: oneOf('NODE_ENV', NODE_ENVS, 'production') === 'development',
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    headersTimeoutMs: int('HEADERS_TIMEOUT_SECONDS', 20) * 1000,
    requestTimeoutMs: int('REQUEST_TIMEOUT_SECONDS', 300) * 1000,
    idleTimeoutMs: int('IDLE_TIMEOUT_SECONDS', 30) * 1000,
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_SECONDS', 20) * 1000,
    // an edit shows through a shared cache within 10 s (staff check it right after saving), while a cache in front
    // still answers all but one request per page every 10 s; the 30 s stale window lets it never keep a visitor waiting
    cacheSharedSeconds: wholeSeconds('CACHE_SHARED_SECONDS', 10),
    cacheStaleSeconds: wholeSeconds('CACHE_STALE_SECONDS', 30),
    metricsToken: process.env.METRICS_TOKEN || undefined,
    pgliteSharedBuffersMb: int('PGLITE_SHARED_BUFFERS_MB', DEFAULT_PGLITE_SHARED_BUFFERS_MB),
    s3: parseS3Settings(process.env),
    mail: parseMailSettings(process.env, publicUrl),
    analytics: oneOf('ANALYTICS', ['true', 'false'], 'true') === 'true',
    webhooksAllowPrivate: oneOf('WEBHOOKS_ALLOW_PRIVATE', ['true', 'false'], 'false') === 'true',
    simulateFailures: (process.env.SIMULATE_FAILURES || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    simulatePendingRenditions: process.env.SIMULATE_PENDING_RENDITIONS === 'true',
  };
  return { ...env, ...overrides };
}

export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: unset or "false" trusts no proxy; a number trusts that many hops (counted from
 * our side, as Fastify's trustProxy does); otherwise a comma-separated list of proxy addresses
 * or CIDRs. "true" means one hop, never "believe every X-Forwarded-For entry", which would let
 * any visitor choose their address and slip every per-address limit.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined) {
      throw new Error(`TRUST_PROXY must be a number of proxy hops or a list of proxy addresses/CIDRs, got "${entry}"`);
    }
  }
  return entries;
}

/** An S3-compatible bucket for uploaded images (S3_* settings). */
export interface S3Settings {
  bucket: string;
  /** Another S3-compatible server (MinIO, R2, …); unset, AWS's endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name, as many self-hosted servers need. */
  forcePathStyle: boolean;
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; unset, the AWS SDK's own chain (profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

const S3_ONLY_WITH_BUCKET = ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;
/** AWS's bucket naming rules (3–63 lowercase letters, digits, dots, hyphens; a letter or digit at each end). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * S3_BUCKET and its companions; null when S3_BUCKET is unset. A companion set without S3_BUCKET
 * is refused: images would silently stay on this machine's disk, invisible to other instances.
 */
export function parseS3Settings(source: NodeJS.ProcessEnv): S3Settings | null {
  const value = (name: string) => source[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const stray = S3_ONLY_WITH_BUCKET.filter((name) => value(name));
    if (stray.length)
      throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to store images in a bucket, or unset ${stray.join(', ')}`);
    return null;
  }
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    throw new Error(`S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), got "${bucket}"`);
  }
  const endpoint = value('S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
      throw new Error(`S3_ENDPOINT must be an http:// or https:// URL without credentials or query, got "${endpoint}"`);
    }
  }
  const region = value('S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) throw new Error(`S3_REGION must be a region name such as us-east-1, got "${region}"`);
  const pathStyle = value('S3_FORCE_PATH_STYLE') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  const accessKeyId = value('AWS_ACCESS_KEY_ID');
  const secretAccessKey = value('AWS_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's own credentials (profile, instance role)",
    );
  }
  return {
    bucket,
    endpoint: endpoint?.replace(/\/+$/, ''),
    region,
    forcePathStyle: pathStyle === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, sessionToken: value('AWS_SESSION_TOKEN') } : undefined,
  };
}
