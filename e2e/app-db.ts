import { openDb } from '@/db/client';
import { installWebhooks } from '@/lib/webhooks/resources';
import { E2E_SERVER_ENV } from './env';

/**
 * The app's SQLite file, opened in the test process the way the server runs: with its secret (wallet
 * keys are sealed with it) and webhooks wired in. A service that records an event for an
 * organization with webhook endpoints (a spec that ran earlier may have added one) reads the
 * resource through the loaders start-up installs; without them it throws.
 */
export function openAppDb(databasePath: string) {
  process.env.AUTH_SECRET = E2E_SERVER_ENV.AUTH_SECRET;
  installWebhooks();
  return openDb(databasePath);
}
