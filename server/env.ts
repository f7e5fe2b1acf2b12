/** Runtime settings, read once from the environment (names fixed by DESIGN.md). */
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
    simulateFailures: (process.env.SIMULATE_FAILURES || '').split(',').map((s) => s.trim()).filter(Boolean),
  };
  return { ...env, ...overrides };
}
