/** Opens the database and services as configured, for the server and the command-line tools. */
import path from 'node:path';
import { openDatabase, type Database } from './db/client';
import type { Env } from './env';
import type { Logger } from './logger';
import { createServices, openStorage, type Services } from './services';

async function openConfiguredDatabase(env: Env): Promise<Database> {
  return openDatabase(
    env.databaseUrl
      ? { kind: 'postgres', url: env.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(env.dataDir, 'db'), sharedBuffersMb: env.pgliteSharedBuffersMb },
  );
}

/** `log`: the server's logger (the command-line tools print to the terminal instead). */
export async function startServices(env: Env, log?: Logger): Promise<Services> {
  // the bucket first: a wrong setting stops the start before the database is opened (and locked)
  const storage = await openStorage(env, log);
  return createServices(env, await openConfiguredDatabase(env), storage);
}
