import { availableParallelism } from 'node:os';
import { env } from '@/lib/env';
import { startReadGate } from './read-gate';
import { sqliteDbOf } from './sqlite/store';
import { startSqliteServer } from './sqlite/server';
import type { Store } from './store';

/**
 * The engine's own background services of a server process; returns how to stop them. SQLite:
 * read workers, the checkpoint thread, the page-cache prewarm (lib/storage/sqlite/server.ts).
 * PostgreSQL: the read gate (lib/storage/read-gate.ts, `PG_READ_SLOTS`) — the server does its own
 * checkpoints.
 */
export function startEngineServices(store: Store): () => Promise<void> {
  if (store.engine === 'sqlite') return startSqliteServer(sqliteDbOf(store));
  const slots = env().PG_READ_SLOTS ?? availableParallelism() + 1;
  const stopGate = slots > 0 ? startReadGate(slots) : () => {};
  return () => Promise.resolve(stopGate());
}
