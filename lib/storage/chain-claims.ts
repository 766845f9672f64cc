import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { pendingChainTxStatuses } from '@/db/enums';
import type { ChainTransaction } from '@/db/schema';
import { chainTransactions as t } from '@/lib/storage/tables';
import { claimChainTxsPostgres } from './postgres/chain-claims';
import type { Store } from './store';

/**
 * The receipt worker's claim on ledger rows (lib/jobs/chain-worker.ts, issue 29): due rows —
 * pending ones, and confirmed ones not yet final, whose next check has come — that no other
 * instance holds a live lease on (a request of another instance signing or sending it, or another
 * worker following it) are marked `claimed_by` = this worker until `lease_until`. A lease that runs
 * out (an instance killed) frees the row for the next claim. PostgreSQL selects `FOR UPDATE SKIP
 * LOCKED`, so two instances claiming at once take disjoint rows; SQLite has one writer.
 */
export function claimDueChainTxs(store: Store, workerId: string, now: Date, leaseMs: number, limit: number): Promise<ChainTransaction[]> {
  return store.transaction(async (tx) => {
    const where = dueAndFree(workerId, now);
    const ids = store.engine === 'postgres' ? await claimChainTxsPostgres(tx, where, limit) : await dueIds(tx, where, limit);
    if (!ids.length) return [];
    const claimed = (await tx
      .update(t)
      .set(leaseFor(workerId, now, leaseMs))
      .where(inArray(t.id, ids))
      .returning()) as ChainTransaction[];
    const order = new Map(ids.map((id, i) => [id, i]));
    return claimed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  });
}

/** Gives a row back (its outcome recorded, or the work done for now): nobody's until claimed again. */
export async function releaseChainTx(store: Store, id: string, holder: string): Promise<void> {
  await store.update(t).set({ claimedBy: null, leaseUntil: null }).where(and(eq(t.id, id), eq(t.claimedBy, holder)));
}

/** Extends the leases this holder still has (a long pass): they run until `now + leaseMs`. */
export async function renewChainClaims(store: Store, holder: string, now: Date, leaseMs: number): Promise<void> {
  await store
    .update(t)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(eq(t.claimedBy, holder), gt(t.leaseUntil, now)));
}

/** Every lease this holder still has (shutdown): the rows are free for another instance at once. */
export async function releaseChainClaims(store: Store, holder: string): Promise<number> {
  const released = await store.update(t).set({ claimedBy: null, leaseUntil: null }).where(eq(t.claimedBy, holder)).returning({ id: t.id });
  return released.length;
}

/** Marks a row as worked on by a request of this instance (PREPARED, about to be signed and sent). */
export function leaseFor(holder: string, now: Date, leaseMs: number) {
  return { claimedBy: holder, leaseUntil: new Date(now.getTime() + leaseMs) };
}

function dueAndFree(workerId: string, now: Date): SQL {
  return and(
    or(inArray(t.status, [...pendingChainTxStatuses]), and(eq(t.status, 'CONFIRMED'), isNull(t.finalAt))),
    or(isNull(t.nextCheckAt), lte(t.nextCheckAt, now)),
    or(isNull(t.leaseUntil), lte(t.leaseUntil, now), eq(t.claimedBy, workerId)),
  )!;
}

async function dueIds(tx: Store, where: SQL, limit: number): Promise<string[]> {
  const rows = await tx.select({ id: t.id }).from(t).where(where).orderBy(asc(t.seq)).limit(limit);
  return rows.map((r) => r.id);
}
