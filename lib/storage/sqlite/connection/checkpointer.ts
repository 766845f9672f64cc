import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { env } from '@/lib/env';
import { log } from '@/lib/logger';
import type { CheckpointWorkerData } from './read-protocol';
import { READ_WORKER_BUNDLE } from './read-pool';
import { runtimeSlot } from '@/lib/runtime';

/** SQLite's default: the writer checkpoints itself once the WAL holds this many pages. */
export const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

type Running = { file: string; worker: Worker; stopping: boolean };
const checkpointerSlot = runtimeSlot<Running>('checkpointer');

/**
 * Moves WAL checkpoints off the request path. By default the connection that commits a write
 * also checkpoints once the WAL passes 1,000 pages, so every few writes one request waits for
 * megabytes to be copied and synced (a bulk import's commit then costs several times its own
 * work). The server instead runs a checkpoint thread (from the worker bundle) and
 * turns the main connection's automatic checkpoints off; if the thread dies they come back on, so
 * the WAL never grows without bound. The thread runs at `READ_WORKER_NICE`, as the read workers
 * do. Returns whether the thread runs (not for `:memory:`, nor without the bundle — then SQLite's
 * automatic checkpoints stay, exactly as before).
 */
export function startCheckpointer(options: { file?: string; bundle?: string; intervalMs?: number; nice?: number } = {}): boolean {
  const file = options.file ?? env().DATABASE_PATH;
  const bundle = path.resolve(/*turbopackIgnore: true*/ options.bundle ?? READ_WORKER_BUNDLE);
  const current = checkpointerSlot.get();
  if (current && current.file === file) return true;
  if (file === ':memory:' || !existsSync(/*turbopackIgnore: true*/ bundle)) return false;
  const worker = new Worker(/*turbopackIgnore: true*/ bundle, {
    workerData: { file, role: 'checkpoint', intervalMs: options.intervalMs, nice: options.nice ?? env().READ_WORKER_NICE } satisfies CheckpointWorkerData,
    resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 },
  });
  const running: Running = { file, worker, stopping: false };
  worker.on('error', (error) => log('error', 'checkpoint thread failed', { message: error.message }));
  worker.on('exit', (code) => {
    if (checkpointerSlot.get() === running) checkpointerSlot.set(undefined);
    if (!running.stopping) log('warn', 'checkpoint thread exited; the writer checkpoints itself again', { code });
    setAutocheckpoint(file, DEFAULT_AUTOCHECKPOINT_PAGES);
  });
  worker.unref();
  checkpointerSlot.set(running);
  setAutocheckpoint(file, 0);
  return true;
}

export async function stopCheckpointer(): Promise<void> {
  const running = checkpointerSlot.get();
  if (!running) return;
  running.stopping = true;
  await running.worker.terminate();
}

/** The process's SQLite connection (lib/storage/sqlite/client.ts), seen only as far as this module needs it. */
const sqliteSlot = runtimeSlot<{ file: string; db: { $client: { open: boolean; pragma(source: string): unknown } } }>('sqlite');

/** On the process's open connection to `file`, if any (never opens one: this also runs at shutdown). */
function setAutocheckpoint(file: string, pages: number) {
  const current = sqliteSlot.get();
  if (current?.file === file && current.db.$client.open) current.db.$client.pragma(`wal_autocheckpoint = ${pages}`);
}
