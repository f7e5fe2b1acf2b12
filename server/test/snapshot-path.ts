import fs from 'node:fs';
import path from 'node:path';

/**
 * An embedded database migrated once per test run (server/test/global-setup.ts), as a data directory: a test app
 * copies its files (0.4-1.4 s with the open) rather than loading a snapshot archive, which PGlite unpacks in
 * memory (4-8 s on a busy 2-core machine, each of the PGlite pass's 250 or so apps).
 */
export const MIGRATED_DATA_DIR = path.resolve('.tmp/test-pglite-migrated');

/** Puts the migrated database's files in `dbDir`; false when there are none (the PostgreSQL pass makes none). */
export function copyMigratedDatabase(dbDir: string): boolean {
  if (!fs.existsSync(path.join(MIGRATED_DATA_DIR, 'PG_VERSION'))) return false;
  fs.cpSync(MIGRATED_DATA_DIR, dbDir, { recursive: true });
  return true;
}
