// Runs the API tests again on PostgreSQL when TEST_DATABASE_URL names one (CI sets it).
// In CI (CI set, as .ci/run does) a missing or unreachable database fails the run: a pass that ran nothing must not look green.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL;
const inCi = Boolean(process.env.CI);

if (!url) {
  if (inCi) {
    console.error('TEST_DATABASE_URL is not set: CI must run the API tests on PostgreSQL too.');
    process.exit(1);
  }
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL run of the API tests is left out (CI sets it).');
  process.exit(0);
}

const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('select 1');
} catch (error) {
  console.error(`The PostgreSQL named by TEST_DATABASE_URL does not answer (${error.message}): the PostgreSQL pass cannot run.`);
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}

const run = spawnSync('npx', ['vitest', 'run'], { stdio: 'inherit', env: { ...process.env, TEST_DB: 'postgres' } });
process.exit(run.status ?? 1);
