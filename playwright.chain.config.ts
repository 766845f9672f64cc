import './e2e/chain/use-chain-port';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { E2E_BASE_URL, E2E_PORT } from './e2e/env';

/**
 * The chain e2e: the BUILT app with CHAIN=evm against a real Hardhat node that e2e/chain/serve.ts
 * starts (with the app) on free ports. Building is the caller's job:
 *   npx next build && E2E_PORT=3100 npx playwright test -c playwright.chain.config.ts
 * (the app listens on E2E_CHAIN_PORT, default E2E_PORT + 150).
 */
export default defineConfig({
  ...base,
  testMatch: 'chain/**/*.spec.ts',
  testIgnore: [],
  outputDir: `.tmp/e2e-results-${E2E_PORT}`,
  reporter: [['list'], ['json', { outputFile: `.tmp/e2e-report-${E2E_PORT}.json` }]],
  globalSetup: './e2e/chain/global-setup.ts',
  timeout: 90_000,
  use: { ...base.use, baseURL: E2E_BASE_URL },
  // Once, at the laptop width (the base config's theme × width projects are for the console specs).
  projects: [{ name: 'chain', use: { viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: 'npx tsx e2e/chain/serve.ts',
    url: `${E2E_BASE_URL}/login`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
