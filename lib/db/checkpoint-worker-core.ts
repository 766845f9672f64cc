import Database from 'better-sqlite3';
import { lowerThreadPriority } from './thread-priority';

/**
 * How often the checkpoint thread looks at the WAL (ms). Each pass that copies frames ends with an
 * fsync of the database file; at 1M rows and 10 writing connections, 100 ms between passes left
 * A6's p99 at 116 ms and A13's at 978 ms (the writer's WAL appends waited behind the syncs), 1 s
 * at 85 ms and 657–838 ms. The WAL grows to a second's worth of writes and is cut back to 64 MB.
 */
export const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * Body of the checkpoint thread (lib/db/checkpointer.ts): its own read-write connection copies
 * committed WAL frames back into the database file with PASSIVE checkpoints — which never block
 * the writer or the readers — so no request's COMMIT pays for a checkpoint. A pass with nothing
 * to copy returns at once without syncing.
 *
 * With `nice` the thread yields the CPU to the main thread when both want it (as the read workers
 * do): each pass copies a second's worth of WAL frames — ~150 MB under 10 connections of A13 — and
 * on two cores the writer's groups ran up to twice as slow beside it (at 1M rows, A13 p99 326–378 →
 * 265–287 ms and A6 p99 54–61 → 49–50 ms at nice 10, alternating pairs).
 */
export function runCheckpoints(file: string, intervalMs = CHECKPOINT_INTERVAL_MS, nice = 0): void {
  if (nice > 0) lowerThreadPriority(nice);
  const sqlite = new Database(file, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  setInterval(() => {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  }, intervalMs);
}
