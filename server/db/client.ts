/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when a
 * URL is given. Migrations are applied on open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database is reachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Migrations sit next to this file in the source tree and are copied next to the bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`Database migrations not found near ${here}`);
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob }
  | { kind: 'postgres'; url: string; schemaName?: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options.dataDir, options.snapshot) : openPostgres(options.url, options.schemaName);
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  const releaseLock = dataDir ? lockDirectory(dataDir) : () => {};
  try {
    const client = new PGlite({ dataDir, loadDataDir: snapshot });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: 'pglite',
      ping: async () => void (await client.query('select 1')),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function openPostgres(url: string, schemaName?: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // tests isolate themselves in a schema of their own
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  pool.on('error', () => {}); // a dropped idle connection is replaced on next use
  try {
    if (schemaName) await pool.query(`create schema if not exists "${schemaName}"`);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), {
      migrationsFolder: migrationsFolder(),
      ...(schemaName ? { migrationsSchema: schemaName } : {}),
    });
    return { db, kind: 'postgres', ping: async () => void (await pool.query('select 1')), close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** Only one process may open a PGlite directory; a second one would corrupt it. */
function lockDirectory(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, '.lock');
  const take = () => fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  try {
    take();
  } catch {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && processIsAlive(holder)) {
      throw new Error(`The database in ${dataDir} is in use by process ${holder}. Stop it first.`);
    }
    fs.rmSync(lockFile, { force: true }); // left by a process that died
    take();
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
