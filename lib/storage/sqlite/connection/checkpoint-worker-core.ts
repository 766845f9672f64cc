import Database from 'better-sqlite3';
import { lowerThreadPriority } from './thread-priority';

/**
 * How often the checkpoint thread looks at the WAL (ms). Each pass that copies frames ends with an
 * fsync of the database file, and the writer's WAL appends wait behind those syncs: frequent passes
 * cost the writes more than they save. The WAL grows to a second's worth of writes and is cut back
 * to 64 MB. (The bench's A6 and A13 cases are what to watch when changing it: docs/sqlite-tuning.md.)
 */
export const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * Body of the checkpoint thread (lib/storage/sqlite/connection/checkpointer.ts): its own read-write connection copies
 * committed WAL frames back into the database file with PASSIVE checkpoints — which never block
 * the writer or the readers — so no request's COMMIT pays for a checkpoint. A pass with nothing
 * to copy returns at once without syncing.
 *
 * With `nice` the thread yields the CPU to the main thread when both want it (as the read workers
 * do): a pass under a burst of bulk imports copies a lot of WAL, and on a machine with few cores the
 * writer's commit groups slow down beside it if it competes at the same priority.
 */
export function runCheckpoints(file: string, intervalMs = CHECKPOINT_INTERVAL_MS, nice = 0): void {
  if (nice > 0) lowerThreadPriority(nice);
  const sqlite = new Database(file, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  setInterval(() => {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  }, intervalMs);
}
