import type { Store } from '../store';
import type { PgDb, PgTx } from './connection';

/**
 * The PostgreSQL engine's `Store`: Drizzle's node-postgres database. A transaction runs on one
 * pooled connection (BEGIN … COMMIT); a transaction inside it is a savepoint.
 */
export function postgresStore(db: PgDb | PgTx): Store {
  return {
    engine: 'postgres',
    db,
    transaction: (work) => db.transaction((tx) => work(postgresStore(tx))),
  };
}
