import { getDb } from '@/db/client';
import { env } from '@/lib/env';
import { errorFields, log } from '@/lib/logger';
import { startChainWorker } from '@/lib/jobs/chain-worker';
import { startMailWorker } from '@/lib/mail/worker';
import { demoBanner, seedDemoIfEmpty } from '@/lib/seed/demo';

/**
 * Runs once when the Next server starts (instrumentation.ts): validate the environment, migrate,
 * seed the demo organization on an empty database, start background workers.
 */
export async function onServerStart() {
  env();
  const db = getDb();
  try {
    const demo = await seedDemoIfEmpty(db);
    if (demo) process.stdout.write(demoBanner(demo));
  } catch (error) {
    log('error', 'demo seed failed', errorFields(error));
  }
  // Background workers (each a no-op when not configured) are started below.
  startMailWorker();
  startChainWorker();
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
