import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, E2E_SERVER_ENV } from './e2e/env';

/**
 * The console's second pass (issue 31) is proven at a laptop and a phone width, in the light and the
 * dark theme (the system setting, emulated): these specs run in all four projects; every other spec
 * runs once, in `desktop-light`. A spec reads its width and theme from the project it runs in.
 */
const allModes = ['**/console-flows.spec.ts', '**/lists.spec.ts', '**/activity.spec.ts', '**/a11y.spec.ts'];
const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

/**
 * Browser tests against the BUILT app. Building is the caller's job:
 *   npx next build && E2E_PORT=3100 npx playwright test [e2e/<area>.spec.ts] [--project desktop-light]
 * The app is served by scripts/serve.ts (the production server: real client addresses, graceful
 * shutdown). The web server wipes its data dir first (a fresh database on every run; it must happen here
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
  projects: [
    { name: 'desktop-light', use: { viewport: desktop, colorScheme: 'light' } },
    { name: 'desktop-dark', testMatch: allModes, use: { viewport: desktop, colorScheme: 'dark' } },
    { name: 'phone-light', testMatch: allModes, use: { viewport: phone, colorScheme: 'light' } },
    { name: 'phone-dark', testMatch: allModes, use: { viewport: phone, colorScheme: 'dark' } },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && HOST=127.0.0.1 PORT=${E2E_PORT} exec npx tsx scripts/serve.ts`,
    url: `${E2E_BASE_URL}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: E2E_SERVER_ENV,
  },
});
