import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { chainSequences as sqliteChainSequences } from '@/db/schema';
import { chainSequences } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';

/**
 * The insertion order of the ledger's tables (`seq` of chain_transactions, chain_tx_attempts,
 * chain_tx_events, and token_transfers, whose history breaks created_at ties by it), the same on both
 * engines: no engine row id. Each insert takes the next value of
 * its table's counter in `chain_sequences` in its own transaction — on PostgreSQL the upsert locks
 * the counter row until commit, so values follow commit order and never repeat across processes;
 * on SQLite writers are serialized anyway. A unique index on each `seq` refuses a forgotten one.
 */
export type SequenceName = 'chain_transactions' | 'chain_tx_attempts' | 'chain_tx_events' | 'token_transfers';

export async function nextChainSeqIn(tx: Store, name: SequenceName): Promise<number> {
  const [row] = await tx
    .insert(chainSequences)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: chainSequences.name, set: { value: sql`${chainSequences.value} + 1` } })
    .returning({ value: chainSequences.value });
  return Number(row!.value);
}

/** The synchronous twin, for the ledger's callers still on better-sqlite3. */
export function nextChainSeq(tx: Pick<Db, 'insert'>, name: SequenceName): number {
  const row = tx
    .insert(sqliteChainSequences)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: sqliteChainSequences.name, set: { value: sql`${sqliteChainSequences.value} + 1` } })
    .returning({ value: sqliteChainSequences.value })
    .get();
  return row.value;
}
