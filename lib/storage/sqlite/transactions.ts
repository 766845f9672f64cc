import type { Db, Tx } from '@/db/client';
import { groupedTransaction } from '@/lib/db/commit-group';
import { isThenable, type Transactions } from '../transactions';

export class AsyncWorkOnSqliteError extends Error {
  constructor() {
    super('a SQLite transaction cannot wait: its work must finish synchronously (keep I/O outside the transaction)');
  }
}

/**
 * The SQLite engine's side of the transaction interface: the existing group commit
 * (lib/db/commit-group.ts), unchanged — each write in its own savepoint, one COMMIT per group.
 * Work that returns a promise is rolled back and rejected (better-sqlite3 would otherwise commit
 * before the awaited part ran).
 */
export function sqliteTransactions(db: Db): Transactions<Tx> {
  return {
    transaction<T>(work: (tx: Tx) => T | Promise<T>): Promise<T> {
      return groupedTransaction<T>(db, (tx) => {
        const result = work(tx);
        if (isThenable(result)) {
          // The rejection of an abandoned promise must not surface as unhandled.
          Promise.resolve(result).catch(() => {});
          throw new AsyncWorkOnSqliteError();
        }
        return result;
      });
    },
  };
}
