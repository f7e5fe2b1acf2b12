import { defineConfig, devices } from '@playwright/test';
import {
  E2E_ADMIN,
  E2E_PORT_BASE,
  INBOX_SEEDED,
  MAIL_SINK,
  MANY_GALLERY_ITEMS,
  RAISED_MAX_IMAGE_MB,
  SERVERS,
} from './e2e/fixtures/servers';
import { SMTP_LOGIN } from './server/test/smtp-server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/fixtures/chromium';
import { CAPTURING } from './e2e/fixtures/screenshots';

/** `before`: a command run on the fresh data directory before the server starts (DATA_DIR set). */
const server = (name: string, port: number, extra: string, before = '') => ({
  command: `rm -rf .tmp/e2e-${name}-${port} && export DATA_DIR=.tmp/e2e-${name}-${port} && ${before ? `${before} && ` : ''}PORT=${port} HOST=127.0.0.1 ADMIN_EMAIL=${E2E_ADMIN.email} ADMIN_PASSWORD=${E2E_ADMIN.password} CONTACT_RATE_LIMIT=1000 LOGIN_RATE_LIMIT=1000 LOG_LEVEL=warn ${extra} node dist/server.js`,
  url: `http://127.0.0.1:${port}/healthz`,
  timeout: 240_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'e2e',
  // the full-page screenshots of every public page are for looking at: `npm run screenshots`
  testIgnore: CAPTURING ? [] : ['**/screenshots.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // one retry, reported as "flaky" in the list so it is seen and fixed: a 2-core CI machine under load has shown timing races
  // (focus after a reload, a keyboard drag during a reload) that no local run reproduced
  retries: 1,
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
    // the demo server mails its alerts to the loopback mail sink, started beside it
    {
      command: 'node --import tsx e2e/fixtures/mail-sink.ts',
      url: `http://127.0.0.1:${MAIL_SINK.httpPort}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    server(
      'demo',
      E2E_PORT_BASE,
      `SMTP_URL=smtp://${SMTP_LOGIN.user}:${encodeURIComponent(SMTP_LOGIN.pass)}@127.0.0.1:${MAIL_SINK.smtpPort} NOTIFY_EMAIL=${MAIL_SINK.notify}`,
    ),
    // the empty server also lets webhooks go to loopback (e2e/admin/webhooks.spec.ts runs a receiver there)
    server('empty', E2E_PORT_BASE + 1, 'DEMO_CONTENT=false WEBHOOKS_ALLOW_PRIVATE=true'),
    server('failing', E2E_PORT_BASE + 2, 'DEMO_CONTENT=false SIMULATE_FAILURES=all'),
    server('pending', E2E_PORT_BASE + 3, 'DEMO_CONTENT=false SIMULATE_PENDING_RENDITIONS=true'),
    server('limits', E2E_PORT_BASE + 4, `DEMO_CONTENT=false MAX_IMAGE_MB=${RAISED_MAX_IMAGE_MB}`),
    server(
      'scale',
      E2E_PORT_BASE + 5,
      'DEMO_CONTENT=false',
      `node --import tsx scripts/seed-enquiries.ts ${INBOX_SEEDED} && node --import tsx scripts/seed-gallery-items.ts ${MANY_GALLERY_ITEMS}`,
    ),
  ],
});
