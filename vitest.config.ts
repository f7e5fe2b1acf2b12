import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

const postgresPass = process.env.TEST_DB === 'postgres';
// *.pg.test.ts cut the connection to PostgreSQL (outages): they run in the PostgreSQL pass only
const postgresOnly = 'server/**/*.pg.test.ts';

/** How a test file reaches the engine TEST_DB names: only through these helpers (server/test/). */
const CHOOSES_ENGINE = /test-app['"]|server-test-place['"]|scratch-database['"]|TEST_DB|TEST_DATABASE_URL|usingPostgres/;

/** Test files that never open the engine TEST_DB names: the PostgreSQL pass would run the very same code again, so it leaves them out. */
function engineIndependentFiles(): string[] {
  return ['server', 'shared']
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
    .filter((file) => file.endsWith('.test.ts') && !CHOOSES_ENGINE.test(fs.readFileSync(file, 'utf8')));
}

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(postgresPass ? engineIndependentFiles() : [postgresOnly])],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // a worker keeps its imported modules from one file to the next: every file imports the whole
    // server, and importing it again per file was 65-70 s of each pass (docs/decisions/0024)
    isolate: false,
  },
});
