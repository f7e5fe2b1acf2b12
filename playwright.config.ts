import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT_BASE, RAISED_MAX_IMAGE_MB, SERVERS } from './e2e/fixtures/servers';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/fixtures/chromium';

const server = (name: string, port: number, extra: string) => ({
  command: `rm -rf .tmp/e2e-${name}-${port} && DATA_DIR=.tmp/e2e-${name}-${port} PORT=${port} HOST=127.0.0.1 ADMIN_EMAIL=${E2E_ADMIN.email} ADMIN_PASSWORD=${E2E_ADMIN.password} CONTACT_RATE_LIMIT=1000 LOGIN_RATE_LIMIT=1000 LOG_LEVEL=warn ${extra} node dist/server.js`,
  url: `http://127.0.0.1:${port}/healthz`,
  timeout: 240_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: SERVERS.demo,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    server('demo', E2E_PORT_BASE, ''),
    server('empty', E2E_PORT_BASE + 1, 'DEMO_CONTENT=false'),
    server('failing', E2E_PORT_BASE + 2, 'DEMO_CONTENT=false SIMULATE_FAILURES=all'),
    server('pending', E2E_PORT_BASE + 3, 'DEMO_CONTENT=false SIMULATE_PENDING_RENDITIONS=true'),
    server('limits', E2E_PORT_BASE + 4, `DEMO_CONTENT=false MAX_IMAGE_MB=${RAISED_MAX_IMAGE_MB}`),
  ],
});
