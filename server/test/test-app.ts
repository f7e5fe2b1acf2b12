/**
 * A real app for a test file: its own database (PGlite copied from the run’s migrated one,
 * or a fresh schema on TEST_DATABASE_URL when TEST_DB=postgres) and its own data directory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { readEnv, type Env } from '../env';
import {
  createRenditionWorker,
  DEFAULT_RENDITION_WORKER,
  renditionJobKind,
  type RenditionWorker,
  type RenditionWorkerOptions,
} from '../images/rendition-worker';
import { JOB_KINDS } from '../jobs/job-kinds';
import { createMailWorker, DEFAULT_MAIL_WORKER, mailJobKind, type MailWorker, type MailWorkerOptions } from '../mail/mail-worker';
import { createServices, type Services } from '../services';
import type { ResourceDef } from '../../shared/resources';
import { copyMigratedDatabase } from './snapshot-path';

export const TEST_ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' };

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  env: Env;
  /** The PostgreSQL schema of this app (TEST_DB=postgres); another app opened on it shares the database. */
  schemaName: string;
  /** The background renditions' worker, running unless the options said not to start it. */
  worker: RenditionWorker;
  /** The mail worker, running when the settings have an SMTP_URL (env.mail) and the options did not say false. */
  mailWorker: MailWorker | null;
  /** Resolves once no rendition job is pending (made, or failed for good) and the worker has none in hand; at once when the worker is not running. */
  renditionsDone(timeoutMs?: number): Promise<void>;
  /** A fresh bearer token for the test admin. */
  login(): Promise<string>;
  /**
   * Runs a bulk statement of test data (thousands of rows, an `analyze`) on its own connection, without the app's time
   * limits on PostgreSQL (an answer within 1 s, a statement within 5 s), which a busy CI machine can outlast.
   */
  seed(statement: SQL): Promise<void>;
  /** Closes the app and database, keeping the data directory (for restart tests). */
  stop(): Promise<void>;
  /** Stops and removes everything. */
  close(): Promise<void>;
  /** Opens a new app on the same data and database (a restart). */
  restart(): Promise<TestApp>;
}

export const usingPostgres = () => process.env.TEST_DB === 'postgres';

/** Options of a test app beyond the settings: `databaseUrl` reaches PostgreSQL another way (e.g. through a fault proxy). */
export interface TestAppOptions {
  databaseUrl?: string;
  /** Receives the app's log lines. */
  logStream?: NodeJS.WritableStream;
  /** This engine whatever TEST_DB says (the backup tests move a site from one to the other). */
  databaseKind?: 'pglite' | 'postgres';
  /** false holds every background rendition pending (the worker is made, not started); otherwise its options. */
  renditionWorker?: false | Partial<RenditionWorkerOptions>;
  /** false makes no mail worker; otherwise its options (short waits by default). */
  mailWorker?: false | Partial<MailWorkerOptions>;
  /** How often the other job kinds' workers (webhooks, reminders, schedules) poll; their own interval when absent. */
  jobPollMs?: number;
  /** Resources served beside the site's own (their tables are the test's to create). */
  extraResources?: Readonly<Record<string, ResourceDef>>;
}

/** Short enough that a test waits little for a retry or a poll. */
const TEST_RENDITION_WORKER: RenditionWorkerOptions = { ...DEFAULT_RENDITION_WORKER, pollMs: 200, retryDelayMs: 200 };
const TEST_MAIL_WORKER: MailWorkerOptions = {
  ...DEFAULT_MAIL_WORKER,
  pollMs: 200,
  retryBaseMs: 100,
  retryMaxMs: 400,
  smtpTimeouts: { connectionMs: 2_000, greetingMs: 2_000, socketMs: 5_000 },
};

async function openTestDatabase(
  dataDir: string,
  schemaName: string,
  reopen: boolean,
  databaseUrl?: string,
  kind?: 'pglite' | 'postgres',
): Promise<Database> {
  if ((kind ?? (usingPostgres() ? 'postgres' : 'pglite')) === 'postgres') {
    const url = databaseUrl ?? process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    return openDatabase({ kind: 'postgres', url, schemaName });
  }
  const dbDir = path.join(dataDir, 'db');
  // a fresh app starts from the run's migrated database (the PostgreSQL pass makes none: a PGlite there migrates from scratch)
  if (!reopen) copyMigratedDatabase(dbDir);
  return openDatabase({ kind: 'pglite', dataDir: dbDir });
}

/** The run's folder for test apps' data (global-setup.ts provides it), or the system's temp folder outside a run. */
function testDataRoot(): string {
  try {
    return inject('testDataRoot') ?? os.tmpdir();
  } catch {
    return os.tmpdir();
  }
}

async function dropSchema(schemaName: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schemaName}" cascade`);
  await client.end();
}

export async function createTestApp(
  overrides: Partial<Env> = {},
  existing?: { dataDir: string; schemaName: string },
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = existing?.dataDir ?? fs.mkdtempSync(path.join(testDataRoot(), 'app-'));
  const schemaName = existing?.schemaName ?? `t_${crypto.randomBytes(6).toString('hex')}`;
  const env: Env = { ...readEnv(), dataDir, databaseUrl: undefined, demoContent: false, simulateFailures: [], ...overrides };
  const database = await openTestDatabase(dataDir, schemaName, Boolean(existing), options.databaseUrl, options.databaseKind);
  const services = await createServices(env, database, undefined, options.extraResources);
  await services.auth.accounts.ensureFirstAdmin(TEST_ADMIN.email, TEST_ADMIN.password);
  const app = await buildApp({ services, logger: options.logStream ?? false });
  await app.ready();
  const worker = createRenditionWorker(services, app.log, { ...TEST_RENDITION_WORKER, ...(options.renditionWorker || {}) });
  if (options.renditionWorker !== false) worker.start();
  const mailWorker =
    options.mailWorker === false ? null : createMailWorker(services, app.log, { ...TEST_MAIL_WORKER, ...options.mailWorker });
  mailWorker?.start();
  // every other kind of background job runs as in the server
  const otherWorkers = JOB_KINDS.filter((kind) => kind !== renditionJobKind && kind !== mailJobKind).flatMap(
    (kind) => kind.createWorker(services, app.log, { pollMs: options.jobPollMs }) ?? [],
  );
  for (const other of otherWorkers) other.start();
  services.visits?.start();

  const stop = async () => {
    await worker.stop();
    await mailWorker?.stop();
    await Promise.all(otherWorkers.map((other) => other.stop()));
    await app.close();
    await services.visits?.stop();
    await database.close();
  };
  return {
    app,
    services,
    env,
    schemaName,
    worker,
    mailWorker,
    async renditionsDone(timeoutMs = 30_000) {
      // with no worker running nothing changes storage or the job table: pending jobs stay as they are
      if (!worker.started) return;
      const deadline = Date.now() + timeoutMs;
      while ((await services.renditionJobs.counts()).pending > 0 || worker.busy) {
        if (Date.now() > deadline) throw new Error(`renditions still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async seed(statement) {
      if (database.kind !== 'postgres') {
        await database.db.execute(statement);
        return;
      }
      const client = new pg.Client({
        connectionString: options.databaseUrl ?? process.env.TEST_DATABASE_URL,
        options: `-c search_path=${schemaName}`,
      });
      await client.connect();
      try {
        await drizzlePg(client).execute(statement);
      } finally {
        await client.end();
      }
    },
    async login() {
      const reply = await app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
      if (reply.statusCode !== 200) throw new Error(`test login failed: ${reply.body}`);
      return reply.json().token as string;
    },
    stop,
    async close() {
      await stop();
      if (database.kind === 'postgres') await dropSchema(schemaName);
      // not waited for: removing an embedded database's thousand files took 1-2 s of each close; the run's end removes
      // whatever is left (server/test/global-setup.ts)
      fs.promises.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    },
    restart: () => createTestApp(overrides, { dataDir, schemaName }, options),
  };
}
