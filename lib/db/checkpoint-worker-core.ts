import Database from 'better-sqlite3';

/** How often the checkpoint thread looks at the WAL (ms). */
export const CHECKPOINT_INTERVAL_MS = 100;

/**
 * Body of the checkpoint thread (lib/db/checkpointer.ts): its own read-write connection copies
 * committed WAL frames back into the database file with PASSIVE checkpoints — which never block
 * the writer or the readers — so no request's COMMIT pays for a checkpoint. A pass with nothing
 * to copy returns at once without syncing.
 */
export function runCheckpoints(file: string, intervalMs = CHECKPOINT_INTERVAL_MS): void {
  const sqlite = new Database(file, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  setInterval(() => {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  }, intervalMs);
}
