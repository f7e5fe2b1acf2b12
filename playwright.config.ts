import { defineConfig, devices } from '@playwright/test';
import { E2E_LANES, READY_PORT, SERVERS } from './e2e/fixtures/servers';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './e2e/fixtures/chromium';
import { CAPTURING } from './e2e/fixtures/screenshots';
import { MEASURED } from './e2e/fixtures/measured';

const browser = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'e2e',
  // the full-page screenshots of every public page are for looking at: `npm run screenshots`
  testIgnore: CAPTURING ? [] : ['**/screenshots.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // a spec file runs in one worker, its tests in order; each worker has a lane of servers of its own
  fullyParallel: false,
  workers: E2E_LANES,
  // one retry, reported as "flaky" in the list so it is seen and fixed: a 2-core CI machine under load has shown timing races
  // (focus after a reload, a keyboard drag during a reload) that no local run reproduced
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: SERVERS.demo,
    // a trace is recorded for a failed test's retry only: recording every test (and throwing most away) made the
    // browser's side 20 % of the run (test time 160 → 127 s for 29 tests on the 2-core machine)
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects:
    E2E_LANES === 1
      ? [{ name: 'chromium', use: browser }]
      : [
          { name: 'chromium', use: browser, grepInvert: new RegExp(MEASURED) },
          // with lanes, the tests that measure time run after the rest and one at a time: alone on the machine's cores
          // (a run of one spec file then needs --no-deps, or it runs every other test first)
          { name: 'measured', use: browser, grep: new RegExp(MEASURED), workers: 1, dependencies: ['chromium'] },
        ],
  // every lane's servers, started at once (Playwright would start them one after another)
  webServer: {
    command: 'exec node --import tsx e2e/fixtures/start-servers.ts',
    url: `http://127.0.0.1:${READY_PORT}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
