import type { Db } from '@/lib/storage/sqlite/client';
import { startCheckpointer, stopCheckpointer } from '@/lib/storage/sqlite/connection/checkpointer';
import { startPrewarm, stopPrewarm } from '@/lib/storage/sqlite/connection/prewarm';
import { startReadPool, stopReadPool } from '@/lib/storage/sqlite/connection/read-pool';
import { env } from '@/lib/env';
import { log } from '@/lib/logger';
import { releaseDeadChainClaims } from './chain-claims';
import { reconcileInterruptedMail } from './mail-queue';

/**
 * What a server on the SQLite file runs beside its requests; returns how to stop it (shutdown).
 * The file has one process, so a mail or ledger claim found at start is a dead one: each is
 * released first (before the workers start: lib/startup.ts).
 */
export function startSqliteServer(db: Db): () => Promise<void> {
  reconcileInterruptedMail(db);
  releaseDeadChainClaims(db);
  // After migrating: the read workers open the migrated file read-only.
  const readWorkers = startReadPool();
  log('info', `read workers: ${readWorkers}`, { readWorkers, configured: env().READ_WORKERS });
  // WAL checkpoints in their own thread, so no request's COMMIT copies the log back.
  const checkpointer = startCheckpointer();
  log('info', `checkpoint thread: ${checkpointer ? 'on' : 'off'}`, { checkpointer });
  // A restarted server on a large database would otherwise serve its first minutes from disk.
  const prewarm = env().DB_PREWARM === 'on';
  if (prewarm) startPrewarm(env().DATABASE_PATH);
  return async () => {
    if (prewarm) stopPrewarm();
    await stopCheckpointer();
    await stopReadPool();
  };
}
