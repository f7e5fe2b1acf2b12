/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when a
 * URL is given; both through node-postgres. Migrations are applied on open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '../env';
import { createPostgresChangeFeed, localChangeFeed, type ChangeFeed } from './change-feed';
import { lockDirectory } from './directory-lock';
import { EmbeddedDatabaseThread } from './pglite-connection';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows of a raw SQL query. `Db` is Drizzle's engine-neutral type, which leaves its `execute` result
 * untyped; node-postgres replies with `{ rows }`, which is checked here.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Pick<Db, 'execute'>, query: SQL | string): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (!result || typeof result !== 'object' || !('rows' in result) || !Array.isArray(result.rows)) {
    throw new Error('The database answered a query without rows');
  }
  return result.rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  /** Connections of the pool right now, for metrics (PGlite's has one). */
  poolStats(): PoolStats;
  /** Tells other processes on the same database about content changes (nothing to tell on PGlite). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

interface PoolStats {
  /** Open connections, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** Migrations sit next to this file in the source tree and are copied next to the bundle. */
function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`Database migrations not found near ${here}`);
}

/**
 * A fresh PGlite data directory, made at build time (scripts/build-server.mjs) and shipped next to
 * the bundle: a first start copies it into place instead of running initdb, which needs ~800 MB of
 * WebAssembly memory for a few seconds and ~60 s on a busy small server. Copied as files rather than
 * loaded as an archive, which PGlite would unpack in memory (650 MB for a moment, 66 MB of it kept).
 * Absent when run from source: PGlite then runs initdb.
 */
const INITIAL_DATA_DIR = 'pglite-initial';

function placeInitialDataDir(dataDir: string): void {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const initial = path.join(path.dirname(fileURLToPath(import.meta.url)), INITIAL_DATA_DIR);
  if (!fs.existsSync(path.join(initial, 'PG_VERSION'))) return;
  // the top PG_VERSION last: a start cut short midway finds none and copies again
  const marker = path.join(initial, 'PG_VERSION');
  fs.cpSync(initial, dataDir, { recursive: true, force: true, filter: (source) => source !== marker });
  fs.copyFileSync(marker, path.join(dataDir, 'PG_VERSION'));
}

export type DatabaseOptions =
  { kind: 'pglite'; dataDir?: string; sharedBuffersMb?: number } | { kind: 'postgres'; url: string; schemaName?: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options.dataDir, options.sharedBuffersMb) : openPostgres(options.url, options.schemaName);
}

/**
 * PGlite's WebAssembly memory only grows: PostgreSQL's default 128 MB of shared buffers would
 * stay resident for a site whose whole database is a few MB (the OS caches the files anyway).
 */
const pgliteConf = (sharedBuffersMb = DEFAULT_PGLITE_SHARED_BUFFERS_MB) => [
  `shared_buffers=${sharedBuffersMb}MB`,
  'maintenance_work_mem=16MB',
];

/**
 * PGlite runs in a thread of its own and is reached with node-postgres, as PostgreSQL is (decision 0054): its
 * statements run beside the serving thread instead of on it. It has one session, so the pool has one connection;
 * a transaction holds it to its end and other queries wait their turn, without a time limit (nothing can freeze
 * it but a statement of ours).
 */
async function openPglite(dataDir: string | undefined, sharedBuffersMb?: number): Promise<Database> {
  // only one process may open a PGlite directory; a second one would corrupt it
  const releaseLock = dataDir ? await lockDirectory(dataDir) : async () => {};
  let thread: EmbeddedDatabaseThread;
  try {
    if (dataDir) placeInitialDataDir(dataDir);
    thread = await EmbeddedDatabaseThread.start({ dataDir, conf: pgliteConf(sharedBuffersMb) });
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const pool = new pg.Pool({
    stream: () => thread.connection(),
    user: 'postgres',
    database: 'postgres',
    ssl: false,
    max: 1,
    idleTimeoutMillis: 0,
    // as before the thread: an idle embedded database does not keep a script's process alive
    allowExitOnIdle: true,
  });
  return overPool(pool, 'pglite', localChangeFeed, {}, async () => {
    await thread.close();
    await releaseLock();
  });
}

/**
 * A frozen or unreachable server must cost a request at most about two seconds (then it is a 503):
 * waiting for a connection and waiting for a query's answer are both bounded on the client side.
 */
const PG_CONNECT_TIMEOUT_MS = 800;
const PG_QUERY_TIMEOUT_MS = 1_000;
const PG_STATEMENT_TIMEOUT_MS = 5_000;

async function openPostgres(url: string, schemaName?: string): Promise<Database> {
  const connection: pg.ClientConfig = {
    connectionString: url,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    query_timeout: PG_QUERY_TIMEOUT_MS,
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: PG_STATEMENT_TIMEOUT_MS,
    keepAlive: true,
    // tests isolate themselves in a schema of their own
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: 10 });
  pool.on('error', () => {}); // a dropped idle connection is replaced on next use
  // the feed connects on its first use, after the migrations
  const changes = createPostgresChangeFeed({
    query: (text, values) => pool.query(text, values),
    // the listening connection waits for notifications: no query timeout applies to its idle wait
    newClient: () => new pg.Client({ ...connection, query_timeout: undefined }),
    schemaName: schemaName ?? 'public',
  });
  return overPool(pool, 'postgres', changes, schemaName ? { migrationsSchema: schemaName } : {}, async () => {});
}

/**
 * Both engines from their node-postgres pool: the migrations applied (in `migrationsSchema`, a test's own, when
 * given), then Drizzle, the probe and the pool's figures. On failure everything opened so far is closed again.
 */
async function overPool(
  pool: pg.Pool,
  kind: Database['kind'],
  changes: ChangeFeed,
  { migrationsSchema }: { migrationsSchema?: string },
  closeEngine: () => Promise<void>,
): Promise<Database> {
  const closeAll = async () => {
    await changes.close();
    await pool.end();
    await closeEngine();
  };
  try {
    if (migrationsSchema) await pool.query(`create schema if not exists "${migrationsSchema}"`);
    await migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder(), ...(migrationsSchema ? { migrationsSchema } : {}) });
  } catch (error) {
    await closeAll();
    throw error;
  }
  return {
    db: drizzlePg(pool, { schema }),
    kind,
    changes,
    ping: (timeoutMs) => withTimeout(pool.query('select 1'), timeoutMs),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: closeAll,
  };
}

/** Resolves with nothing when `work` settles in time; rejects with a database-unreachable error otherwise. */
async function withTimeout(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Database is unreachable: no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
