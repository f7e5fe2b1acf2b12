/**
 * A PostgreSQL database of its own for tests and the bench that run server processes (which keep
 * their tables in the default schema): created on the server TEST_DATABASE_URL (or `adminUrl`)
 * names, dropped with every connection to it afterwards.
 */
import crypto from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** Connection URL of the new database. */
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(prefix: string, adminUrl = process.env.TEST_DATABASE_URL): Promise<ScratchDatabase> {
  if (!adminUrl) throw new Error('a scratch database needs TEST_DATABASE_URL');
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  await onServer(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(adminUrl, `drop database if exists "${name}" with (force)`) };
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Milliseconds until `check` holds, asked every 25 ms; throws after `limitMs`. */
export async function msUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}
