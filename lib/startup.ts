import { getDb } from '@/db/client';
import { startCheckpointer, stopCheckpointer } from '@/lib/db/checkpointer';
import { startPrewarm, stopPrewarm } from '@/lib/db/prewarm';
import { startReadPool, stopReadPool } from '@/lib/db/read-pool';
import { assertAppEngineSupported, env } from '@/lib/env';
import { errorFields, log } from '@/lib/logger';
import { startChainWorker } from '@/lib/jobs/chain-worker';
import { startWebhookWorker, stopWebhookWorker } from '@/lib/jobs/webhook-worker';
import { startMailWorker } from '@/lib/mail/worker';
import { announceDemo, seedDemoIfEmpty } from '@/lib/seed/demo';
import { onShutdown } from '@/lib/shutdown';
import { processEngine } from '@/lib/storage/engine';
import { getStore } from '@/lib/storage/current';
import { mailQueueFor } from '@/lib/storage/mail-queue';
import { reconcileInterruptedMail } from '@/lib/storage/sqlite/mail-queue';
import { installWebhooks } from '@/lib/webhooks/resources';

/**
 * Runs once when the Next server starts (instrumentation.ts): validate the environment, migrate,
 * seed the demo organization on an empty database, start background workers.
 */
export async function onServerStart() {
  assertAppEngineSupported(env());
  const db = getDb();
  try {
    const demo = await seedDemoIfEmpty(db);
    if (demo) announceDemo(demo, process.stdout);
  } catch (error) {
    log('error', 'demo seed failed', errorFields(error));
  }
  // Crash recovery first (a previous process may have died mid-delivery), then the workers
  // (each a no-op when not configured).
  // (SQLite only: the file has one process, so a claim found now is a dead one. On PostgreSQL
  // another instance may be mid-send; an abandoned lease there simply runs out.)
  if (processEngine() === 'sqlite') reconcileInterruptedMail(db);
  // Before any request or worker pass can change state: the webhook outbox needs its loaders.
  installWebhooks();
  // The mail worker claims from its engine's queue; on shutdown it gives its leases back
  // (stopMailWorker, lib/shutdown.ts).
  startMailWorker({ queue: mailQueueFor(await getStore()) });
  startChainWorker();
  startWebhookWorker();
  onShutdown(stopWebhookWorker);
  // After migrating: the read workers open the migrated file read-only.
  const readWorkers = startReadPool();
  onShutdown(stopReadPool);
  log('info', `read workers: ${readWorkers}`, { readWorkers, configured: env().READ_WORKERS });
  // WAL checkpoints in their own thread, so no request's COMMIT copies the log back.
  const checkpointer = startCheckpointer();
  onShutdown(stopCheckpointer);
  log('info', `checkpoint thread: ${checkpointer ? 'on' : 'off'}`, { checkpointer });
  // A restarted server on a large database would otherwise serve its first minutes from disk.
  if (env().DB_PREWARM === 'on') {
    startPrewarm(env().DATABASE_PATH);
    onShutdown(stopPrewarm);
  }
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
