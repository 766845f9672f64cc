import { log } from '@/lib/logger';
import { stopMailWorker } from '@/lib/mail/worker';

type Hook = () => Promise<void> | void;
const globalForHooks = globalThis as unknown as { __cl2cShutdownHooks?: Hook[] };

/** Registers work to finish on graceful shutdown (e.g. a background job worker's stop()). */
export function onShutdown(hook: Hook): void {
  (globalForHooks.__cl2cShutdownHooks ??= []).push(hook);
}

const globalForDb = globalThis as unknown as { __cl2cDb?: { db: { $client: { open: boolean; close(): void } } } };

/**
 * Last steps of a graceful shutdown, after the HTTP server stopped taking requests: stop the
 * background workers (they finish the item in hand) and close the database, which checkpoints
 * the WAL so the file on disk is complete.
 */
export async function shutdownServerProcess(): Promise<void> {
  // The chain receipt worker (lib/jobs/chain-worker.ts) is an interval; a pass cut short is
  // finished by the next boot's reconciliation.
  const chainWorker = (globalThis as unknown as { __cl2cChainWorker?: NodeJS.Timeout }).__cl2cChainWorker;
  if (chainWorker) clearInterval(chainWorker);
  await stopMailWorker();
  for (const hook of globalForHooks.__cl2cShutdownHooks ?? []) await hook();
  const client = globalForDb.__cl2cDb?.db.$client;
  if (client?.open) client.close();
  delete globalForDb.__cl2cDb;
  log('info', 'shut down cleanly');
}
