import { openDb, type Db } from '@/lib/storage/sqlite/client';
import { installWebhooks } from '@/lib/wiring/webhooks';
import { E2E_SERVER_ENV } from './env';

/**
 * The app's SQLite file, opened in the test process the way the server runs: with its secret (wallet
 * keys are sealed with it) and webhooks wired in. A service that records an event for an
 * organization with webhook endpoints (a spec that ran earlier may have added one) reads the
 * resource through the loaders start-up installs; without them it throws.
 *
 * This is a second writer beside the running server, so its transactions begin IMMEDIATE: a
 * deferred one that read first could not take the write lock after the server committed
 * ("database is locked" at once, without waiting), which happened under load. And it waits longer
 * for the lock than the server's own connection does.
 */
export function openAppDb(databasePath: string): Db {
  process.env.AUTH_SECRET = E2E_SERVER_ENV.AUTH_SECRET;
  installWebhooks();
  const db = openDb(databasePath);
  db.$client.pragma('busy_timeout = 30000');
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) => transaction(work, { behavior: 'immediate', ...config });
  return db;
}
