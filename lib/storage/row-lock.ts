import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Store } from './store';

/**
 * Holds the row with this id until the transaction `tx` ends, so that concurrent transactions
 * deciding on the same row run one after the other (e.g. two copyright holders of one NFT deciding
 * at once: the second one sees the first one's share when it recomputes the split's status).
 * PostgreSQL: `SELECT … FOR UPDATE` (READ COMMITTED: statements after it see what the previous
 * holder committed). SQLite: nothing to do — its write transactions already run one at a time
 * (one writer, each write of a commit group in turn: lib/storage/sqlite/connection/commit-group.ts).
 */
export async function lockRowById(tx: Store, table: PgTable & { id: PgColumn }, id: string): Promise<void> {
  if (tx.engine !== 'postgres') return;
  await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
}
