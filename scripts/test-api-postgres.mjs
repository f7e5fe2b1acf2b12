// Runs the API tests again on PostgreSQL when TEST_DATABASE_URL names one (CI sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL run of the API tests is left out (CI sets it).');
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run'], { stdio: 'inherit', env: { ...process.env, TEST_DB: 'postgres' } });
process.exit(run.status ?? 1);
