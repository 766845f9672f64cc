import type { WebhookQueue } from './webhook-queue-contract';
import { postgresDbOf } from './postgres/store';
import { postgresWebhookQueue } from './postgres/webhook-queue';
import type { PgDb } from './postgres/connection';
import { sqliteDbOf } from './sqlite/store';
import { sqliteWebhookQueue } from './sqlite/webhook-queue';
import type { Store } from './store';

/** The webhook delivery queue of the store's engine (lib/webhooks/queue.ts). */
export function webhookQueueFor(store: Store): WebhookQueue {
  return store.engine === 'sqlite' ? sqliteWebhookQueue(sqliteDbOf(store)) : postgresWebhookQueue(postgresDbOf(store) as PgDb);
}
