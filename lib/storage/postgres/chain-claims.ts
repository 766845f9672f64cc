import { asc, type SQL } from 'drizzle-orm';
import { chainTransactions } from '@/db/schema-pg';
import type { Store } from '../store';
import { postgresDbOf } from './store';

/**
 * PostgreSQL's part of the receipt worker's claim (lib/storage/chain-claims.ts): the due rows'
 * ids `FOR UPDATE SKIP LOCKED` — rows another instance's claim (or a request's transition) holds
 * locked right now are skipped instead of waited on or claimed twice.
 */
export async function claimChainTxsPostgres(tx: Store, where: SQL, limit: number): Promise<string[]> {
  const rows = await postgresDbOf(tx)
    .select({ id: chainTransactions.id })
    .from(chainTransactions)
    .where(where)
    .orderBy(asc(chainTransactions.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}
