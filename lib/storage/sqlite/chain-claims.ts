import { isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { chainTransactions } from '@/db/schema';
import { log } from '@/lib/logger';

/**
 * On boot, before the receipt worker's first pass: ledger rows a previous process held (a request
 * preparing or sending one, or its worker following one) when it crashed or was killed are given
 * back, so the boot pass settles them at once — a send never signed is FAILED "nothing was sent",
 * signed bytes are broadcast again — instead of waiting out the dead process's lease. Only on
 * SQLite, where the file has one process: every lease found at boot is a dead one. (On PostgreSQL
 * another live instance may hold them; there a lease simply runs out.) Returns how many.
 */
export function releaseDeadChainClaims(db: Db): number {
  const result = db.update(chainTransactions).set({ claimedBy: null, leaseUntil: null }).where(isNotNull(chainTransactions.claimedBy)).run();
  if (result.changes > 0) log('warn', 'chain transactions held by a previous process are free again', { count: result.changes });
  return result.changes;
}
