import type { Db } from '@/db/client';
import { groupedAsyncTransaction, inSavepoint } from '@/lib/db/commit-group';
import type { Queries, Store } from '../store';

/**
 * The SQLite engine's `Store`: Drizzle's better-sqlite3 database, awaited. A transaction joins the
 * group commit (lib/db/commit-group.ts: one writer, one COMMIT per group, each write in its own
 * savepoint); a transaction inside it is a nested savepoint.
 */
export function sqliteStore(db: Db): Store {
  return {
    engine: 'sqlite',
    db: db as unknown as Queries,
    transaction: (work) => groupedAsyncTransaction(db, () => work(inTransaction(db, 1))),
  };
}

function inTransaction(db: Db, depth: number): Store {
  return {
    engine: 'sqlite',
    db: db as unknown as Queries,
    transaction: (work) => inSavepoint(db, `cl2c_nested_${depth}`, () => work(inTransaction(db, depth + 1))),
  };
}
