import { storeOver, type Store } from '../store';
import type { PgDb, PgTx } from './connection';

/**
 * The PostgreSQL engine's `Store`: Drizzle's node-postgres database. A transaction runs on one
 * pooled connection (BEGIN … COMMIT); a transaction inside it is a savepoint.
 */
export function postgresStore(db: PgDb | PgTx): Store {
  return storeOver('postgres', db, (work) => db.transaction((tx) => work(postgresStore(tx))));
}

/** The node-postgres handle under a PostgreSQL store, for the PostgreSQL engine's own modules. */
export function postgresDbOf(store: Store): PgDb | PgTx {
  if (store.engine !== 'postgres') throw new Error('postgresDbOf: this store is not PostgreSQL');
  return Object.getPrototypeOf(store) as PgDb | PgTx;
}
