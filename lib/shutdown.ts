import { log } from '@/lib/logger';
import { stopMailWorker } from '@/lib/mail/worker';
import { runtimeSlot } from '@/lib/runtime';

type Hook = () => Promise<void> | void;
const hooks = runtimeSlot<Hook[]>('shutdownHooks');

/** Registers work to finish on graceful shutdown (e.g. a background job worker's stop()). */
export function onShutdown(hook: Hook): void {
  hooks.getOrCreate(() => []).push(hook);
}

/** The process's SQLite connection (lib/storage/sqlite/client.ts), seen only as far as this module needs it. */
const sqliteSlot = runtimeSlot<{ db: { $client: { open: boolean; close(): void } } }>('sqlite');

/**
 * Last steps of a graceful shutdown, after the HTTP server stopped taking requests: stop the
 * background workers (they finish the item in hand) and close the database, which checkpoints
 * the WAL so the file on disk is complete.
 */
export async function shutdownServerProcess(): Promise<void> {
  await stopMailWorker();
  for (const hook of hooks.get() ?? []) await hook();
  const client = sqliteSlot.get()?.db.$client;
  if (client?.open) client.close();
  sqliteSlot.set(undefined);
  log('info', 'shut down cleanly');
}
