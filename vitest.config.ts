import { defineConfig } from 'vitest/config';

// *.pg.test.ts cut the connection to PostgreSQL (outages): they run in the PostgreSQL pass only
const postgresOnly = 'server/**/*.pg.test.ts';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env.TEST_DB === 'postgres' ? [] : [postgresOnly])],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
