/** Opens the database and services as configured, for the server and the command-line tools. */
import path from 'node:path';
import { openDatabase, type Database } from './db/client';
import type { Env } from './env';
import { createServices, type Services } from './services';

export async function openConfiguredDatabase(env: Env): Promise<Database> {
  return openDatabase(
    env.databaseUrl ? { kind: 'postgres', url: env.databaseUrl } : { kind: 'pglite', dataDir: path.join(env.dataDir, 'db') },
  );
}

export async function startServices(env: Env): Promise<Services> {
  return createServices(env, await openConfiguredDatabase(env));
}
