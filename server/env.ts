/** Runtime settings, read once from the environment (names fixed by DESIGN.md). */
import net from 'node:net';
import path from 'node:path';

const int = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
};

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
  logLevel: string;
  /** Which proxies' X-Forwarded-For to believe: false (none), a hop count, or proxy addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** HTTP client limits, see http-lifecycle.ts */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  /** On SIGTERM/SIGINT, how long requests in flight may take before their connections are closed. */
  shutdownTimeoutMs: number;
  /** Bearer token that GET /metrics requires; unset, the endpoint does not exist (404). */
  metricsToken: string | undefined;
  /** Test aid: resources whose reads fail, to show each section's error state (SIMULATE_FAILURES=banners,gallery or all). */
  simulateFailures: string[];
}

export function readEnv(overrides: Partial<Env> = {}): Env {
  const port = int('PORT', 3000);
  const env: Env = {
    port,
    host: process.env.HOST || '0.0.0.0',
    dataDir: path.resolve(process.env.DATA_DIR || './data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    adminEmail: process.env.ADMIN_EMAIL || undefined,
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    demoContent: process.env.DEMO_CONTENT !== 'false',
    publicUrl: (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    maxImageBytes: int('MAX_IMAGE_MB', 5) * 1024 * 1024,
    maxImagePixels: int('MAX_IMAGE_PIXELS', 40_000_000),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', 5),
    loginLockMinutes: int('LOGIN_LOCK_MINUTES', 15),
    loginRateLimit: int('LOGIN_RATE_LIMIT', 20),
    loginRateWindowMs: int('LOGIN_RATE_WINDOW_SECONDS', 15 * 60) * 1000,
    contactRateLimit: int('CONTACT_RATE_LIMIT', 5),
    contactRateWindowMs: int('CONTACT_RATE_WINDOW_SECONDS', 10 * 60) * 1000,
    tokenTtlHours: int('TOKEN_TTL_HOURS', 12),
    logLevel: process.env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    headersTimeoutMs: int('HEADERS_TIMEOUT_SECONDS', 20) * 1000,
    requestTimeoutMs: int('REQUEST_TIMEOUT_SECONDS', 300) * 1000,
    idleTimeoutMs: int('IDLE_TIMEOUT_SECONDS', 30) * 1000,
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_SECONDS', 20) * 1000,
    metricsToken: process.env.METRICS_TOKEN || undefined,
    simulateFailures: (process.env.SIMULATE_FAILURES || '').split(',').map((s) => s.trim()).filter(Boolean),
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
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
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
