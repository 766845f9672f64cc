import path from 'node:path';

/**
 * Where the e2e app and its data live. Shared by playwright.config.ts, the global setup and the
 * fixtures so they always agree. E2E_PORT lets several checkouts run e2e side by side.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join('.tmp', `e2e-${E2E_PORT}`);
export const E2E_DATABASE_PATH = path.join(E2E_DATA_DIR, 'cl2c.db');
/** The organization the global setup provisioned (see global-setup.ts). */
export const E2E_ORG_FILE = path.join(E2E_DATA_DIR, 'e2e-org.json');
/** Cookies of the signed-in e2e admin. */
export const E2E_STORAGE_STATE = path.join(E2E_DATA_DIR, 'storage-state.json');

/** Environment of both the app under test and the CLI the setup runs against the same files. */
export const E2E_SERVER_ENV: Record<string, string> = {
  DATA_DIR: E2E_DATA_DIR,
  DATABASE_PATH: E2E_DATABASE_PATH,
  APP_URL: E2E_BASE_URL,
  // Fixed so the CLI (which seals the admin's wallet key) and the server agree from the start.
  AUTH_SECRET: 'e2e-only-secret-0123456789abcdef0123456789abcdef',
  NEXT_TELEMETRY_DISABLED: '1',
  // Tests sign in many times a minute; the throttle itself is covered by its own test.
  SIGNIN_MAX_PER_MINUTE: '1000',
  RATE_LIMIT_PER_MINUTE: '100000',
  // The webhook specs point endpoints at receivers they start on 127.0.0.1 (plain http).
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1',
};

export type E2EOrg = {
  organization: { id: string; name: string; tenant: string };
  admin: { id: string; email: string };
  adminPassword: string;
  apiKey: string;
  tenantApiKey: string;
};
