import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

const postgresPass = process.env.TEST_DB === 'postgres';
// *.pg.test.ts cut the connection to PostgreSQL (outages): they run in the PostgreSQL pass only
const postgresOnly = 'server/**/*.pg.test.ts';

/** How a test file reaches the engine TEST_DB names: only through these helpers (server/test/). */
const CHOOSES_ENGINE = /test-app['"]|server-test-place['"]|scratch-database['"]|TEST_DB|TEST_DATABASE_URL|usingPostgres/;
/** A test file that never opens the engine TEST_DB names says so on its first line, with why. */
const ENGINE_INDEPENDENT = /^\/\/ engine-independent: \S/;

/**
 * Test files the PostgreSQL pass leaves out: those that say they are engine-independent (the pass would run
 * the very same code again). Every other file runs in both passes, so a new test is never left out
 * silently; a file that says it is independent but reaches the engine stops the run.
 */
function engineIndependentFiles(): string[] {
  const testFiles = ['server', 'shared', 'scripts', 'web']
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
    .filter((file) => file.endsWith('.test.ts'));
  return testFiles.filter((file) => {
    const text = fs.readFileSync(file, 'utf8');
    if (!ENGINE_INDEPENDENT.test(text)) return false;
    if (CHOOSES_ENGINE.test(text)) throw new Error(`${file} says it is engine-independent but reaches TEST_DB's engine`);
    return true;
  });
}

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts', 'web/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(postgresPass ? engineIndependentFiles() : [postgresOnly])],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // three on the 2-core machine: a worker often waits (on a server it started, on PostgreSQL, on a timer), so two left
    // a core idle; measured 2026-11-29: PGlite pass 246 → 180 s, PostgreSQL pass 166 → 129 s (docs/decisions/0024)
    maxWorkers: 3,
    // a worker keeps its imported modules from one file to the next: every file imports the whole
    // server, and importing it again per file was 65-70 s of each pass (docs/decisions/0024)
    isolate: false,
  },
});
