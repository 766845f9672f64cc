import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, E2E_SERVER_ENV } from './e2e/env';

/**
 * Browser tests against the BUILT app. Building is the caller's job:
 *   npx next build && E2E_PORT=3100 npx playwright test [e2e/<area>.spec.ts]
 * The web server wipes its data dir first (a fresh database on every run; it must happen here
 * because Playwright starts the web server before globalSetup), then global-setup.ts provisions
 * a test organization through the CLI and signs its admin in once.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The chain e2e needs its own server (CHAIN=evm + a Hardhat node): playwright.chain.config.ts.
  testIgnore: 'chain/**',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  outputDir: `.tmp/e2e-results-${E2E_PORT}`,
  reporter: [['list'], ['json', { outputFile: `.tmp/e2e-report-${E2E_PORT}.json` }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && exec npx next start -H 127.0.0.1 -p ${E2E_PORT}`,
    url: `${E2E_BASE_URL}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: E2E_SERVER_ENV,
  },
});
