import { env } from '@/lib/env';
import { errorFields, log } from '@/lib/logger';
import { startChainWorker, stopChainWorker } from '@/lib/jobs/chain-worker';
import { startWebhookWorker, stopWebhookWorker } from '@/lib/jobs/webhook-worker';
import { startMailWorker } from '@/lib/mail/worker';
import { announceDemo, seedDemoIfEmpty } from '@/lib/seed/demo';
import { onShutdown } from '@/lib/shutdown';
import { closeStore, getStore } from '@/lib/storage/current';
import { isUniqueViolation } from '@/lib/storage/errors';
import { mailQueueFor } from '@/lib/storage/mail-queue';
import { startEngineServices } from '@/lib/storage/server';
import { webhookQueueFor } from '@/lib/storage/webhook-queue';
import { installWebhooks } from '@/lib/wiring/webhooks';

/**
 * Runs once when the Next server starts (instrumentation.ts): validate the environment, migrate,
 * seed the demo organization on an empty database, start background workers.
 */
export async function onServerStart() {
  env();
  // Opens (and migrates) the engine's database.
  const store = await getStore();
  try {
    const demo = await seedDemoIfEmpty(store);
    if (demo) announceDemo(demo, process.stdout);
  } catch (error) {
    // Instances started together on an empty PostgreSQL database race to seed: the organization's
    // unique tenant lets one win; the others find the demo made (nothing of theirs was written).
    if (isUniqueViolation(error)) log('info', 'demo organization: created by another instance');
    else log('error', 'demo seed failed', errorFields(error));
  }
  // The engine's services first: on SQLite that releases mail claims a dead process left (the file
  // has one process). On PostgreSQL another instance may be mid-send; an abandoned lease there
  // simply runs out.
  const stopEngineServices = startEngineServices(store);
  // Before any request or worker pass can change state: the webhook outbox needs its loaders.
  installWebhooks();
  // The workers claim from their engine's queues (leases), each a no-op when not configured; on
  // shutdown they give their leases back (lib/shutdown.ts).
  startMailWorker({ queue: mailQueueFor(store) });
  startChainWorker();
  startWebhookWorker(webhookQueueFor(store));
  // Shutdown runs these in order: the workers finish their item, then the engine's services stop
  // and the PostgreSQL pool closes (the SQLite file closes last, lib/shutdown.ts).
  onShutdown(stopWebhookWorker);
  onShutdown(stopChainWorker);
  onShutdown(stopEngineServices);
  onShutdown(closeStore);
}

/** Start-up for the server process: an invalid environment stops it with a message naming the variable. */
export async function startOrExit() {
  try {
    await onServerStart();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
