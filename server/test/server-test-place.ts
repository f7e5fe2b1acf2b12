/**
 * For tests that start, kill and restart the built server: a data folder whose embedded database is
 * already migrated and, on the PostgreSQL run, a scratch database; made before the file's tests and
 * removed after them.
 */
import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';
import { prepareDataDir } from './server-process';
import { usingPostgres } from './test-app';

export interface ServerTestPlace {
  /** Set before the file's tests run. */
  readonly dataDir: string;
  /** The server's settings that point it at this place's database. */
  env(): Record<string, string>;
}

export function serverTestPlace(name: string): ServerTestPlace {
  let dataDir = '';
  let database: ScratchDatabase | undefined;
  beforeAll(async () => {
    // the embedded database comes migrated from the test snapshot: a first start from nothing costs seconds
    dataDir = await prepareDataDir(`site-${name}-`);
    if (usingPostgres()) database = await createScratchDatabase(name);
  });
  afterAll(async () => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });
  return {
    get dataDir() {
      return dataDir;
    },
    env: (): Record<string, string> => (database ? { DATABASE_URL: database.url } : {}),
  };
}
