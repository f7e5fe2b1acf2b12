/** Migrates one embedded database once and keeps its data directory, so each test file's apps start from a copy of it. */
import fs from 'node:fs';
import { openDatabase } from '../db/client';
import { MIGRATED_DATA_DIR } from './snapshot-path';

export default async function setup() {
  if (process.env.TEST_DB === 'postgres') return;
  // made beside the final place and moved there once closed: a run cut short leaves no half-made directory in use
  const making = `${MIGRATED_DATA_DIR}.making`;
  fs.rmSync(making, { recursive: true, force: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: making });
  await database.close();
  fs.rmSync(MIGRATED_DATA_DIR, { recursive: true, force: true });
  fs.renameSync(making, MIGRATED_DATA_DIR);
}
