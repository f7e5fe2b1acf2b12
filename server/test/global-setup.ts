/** Migrates one in-memory PGlite once and saves it, so each test file starts from it in well under a second. */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { SNAPSHOT_FILE } from './snapshot-path';

export default async function setup() {
  if (process.env.TEST_DB === 'postgres') return;
  const database = await openDatabase({ kind: 'pglite' });
  // Db is the type both drivers share; the PGlite client behind it is reached through drizzle's $client
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  fs.mkdirSync(path.dirname(SNAPSHOT_FILE), { recursive: true });
  fs.writeFileSync(SNAPSHOT_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
