import type { Db } from '@/lib/storage/sqlite/client';
import { groupedAsyncTransaction, inSavepoint } from '@/lib/storage/sqlite/connection/commit-group';
import { storeOver, type Store } from '../store';

const stores = new WeakMap<Db, Store>();

/**
 * The SQLite engine's `Store`: Drizzle's better-sqlite3 database, awaited. A transaction joins the
 * group commit (lib/storage/sqlite/connection/commit-group.ts: one writer, one COMMIT per group, each write in its own
 * savepoint); a transaction inside it is a nested savepoint on the same connection.
 */
export function sqliteStore(db: Db): Store {
  let store = stores.get(db);
  if (!store) {
    store = storeOver('sqlite', db, (work) => groupedAsyncTransaction(db, () => work(inTransaction(db, 1))));
    stores.set(db, store);
  }
  return store;
}

function inTransaction(db: Db, depth: number): Store {
  return storeOver('sqlite', db, (work) => inSavepoint(db, `cl2c_nested_${depth}`, () => work(inTransaction(db, depth + 1))));
}

/** The better-sqlite3 database under a SQLite store, for the SQLite engine's own modules. */
export function sqliteDbOf(store: Store): Db {
  if (store.engine !== 'sqlite') throw new Error('sqliteDbOf: this store is not SQLite');
  return Object.getPrototypeOf(store) as Db;
}
