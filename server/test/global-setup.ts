/**
 * Once per test run: the folder every test app's data goes under (removed with the run, so an app's close need not
 * wait for its files to go), and one embedded database migrated once, whose data directory each app copies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { MIGRATED_DATA_DIR } from './snapshot-path';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of test apps' data directories (server/test/test-app.ts). */
    testDataRoot: string;
  }
}

export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-tests-'));
  project.provide('testDataRoot', root);
  if (process.env.TEST_DB !== 'postgres') {
    // made beside the final place and moved there once closed: a run cut short leaves no half-made directory in use
    const making = `${MIGRATED_DATA_DIR}.making`;
    fs.rmSync(making, { recursive: true, force: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: making });
    await database.close();
    fs.rmSync(MIGRATED_DATA_DIR, { recursive: true, force: true });
    fs.renameSync(making, MIGRATED_DATA_DIR);
  }
  return () => fs.rmSync(root, { recursive: true, force: true });
}
