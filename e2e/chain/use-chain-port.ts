/**
 * Imported FIRST by playwright.chain.config.ts: the chain e2e runs its own app server (CHAIN=evm)
 * on E2E_CHAIN_PORT (default E2E_PORT + 150), with its own data dir. Every e2e path in e2e/env.ts
 * derives from E2E_PORT, so pointing E2E_PORT at the chain server reuses the fixtures and setup.
 * Guarded: Playwright evaluates the config in the runner and again in each worker.
 */
if (!process.env.E2E_CHAIN_ACTIVE) {
  const base = Number(process.env.E2E_PORT ?? 3100);
  process.env.E2E_PORT = process.env.E2E_CHAIN_PORT ?? String(base + 150);
  process.env.E2E_CHAIN_ACTIVE = '1';
}
export {};
