import { sqliteDbOf } from './sqlite/store';
import { startSqliteServer } from './sqlite/server';
import type { Store } from './store';

/**
 * The engine's own background services of a server process; returns how to stop them. SQLite:
 * read workers, the checkpoint thread, the page-cache prewarm (lib/storage/sqlite/server.ts).
 * PostgreSQL: none — the server does its own checkpoints and every connection reads in parallel.
 */
export function startEngineServices(store: Store): () => Promise<void> {
  if (store.engine === 'sqlite') return startSqliteServer(sqliteDbOf(store));
  return async () => {};
}
