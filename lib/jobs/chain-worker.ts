import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { getDb, type Db } from '@/db/client';
import { chainTransactions, tokenTransfers, type ChainTransaction } from '@/db/schema';
import { getChainClient, type ChainClient } from '@/lib/chain';
import { shortReason } from '@/lib/chain/errors';
import { dueChainTxs, getChainTx, markSubmitted } from '@/lib/chain/ledger';
import { recordEntityHash } from '@/lib/chain/operation';
import { applyReceipt, failChainTx, inFlight } from '@/lib/chain/settle';
import { errorFields, log } from '@/lib/logger';

/**
 * The receipt worker: follows every unfinished ledger row (lib/chain/ledger.ts) to a final state.
 * Started once from lib/startup.ts; its first pass runs at boot, when nothing of this process is
 * in flight, so whatever a crash left behind is settled before the first retry arrives:
 * - PREPARED (nothing signed): FAILED, "nothing was sent" — at boot, or when older than a minute;
 * - SIGNED (signed, maybe not broadcast): receipt if the chain has one; else the SAME signed
 *   bytes are broadcast again (the same hash: it can never be sent twice); a node that refuses
 *   them (nonce used by another transaction) → FAILED, nothing of this one was sent;
 * - SUBMITTED: receipt → CONFIRMED/DEPLOYED/MINTED or FAILED (revert, with the reason).
 * No receipt yet → checked again with exponential backoff; after MAX_CHECKS it gives up FAILED.
 * Rows a request of this process is still working on are left alone. Idempotent: every write is
 * the final state of one row, and a second pass finds nothing to do.
 */
export const MAX_CHECKS = 20;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;
const STALE_PREPARED_MS = 60_000;

export type WorkerReport = { settled: number; failed: number; retried: number };

export function backoff(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export async function runChainWorkerOnce(db: Db, chain: ChainClient, opts: { boot?: boolean; now?: Date } = {}): Promise<WorkerReport> {
  const now = opts.now ?? new Date();
  const report: WorkerReport = { settled: 0, failed: 0, retried: 0 };
  if (opts.boot) report.failed += failOrphanTransfers(db);
  for (const row of dueChainTxs(db, now, 100)) {
    if (inFlight.has(row.id)) continue;
    if (row.chain !== chain.name) {
      // Signed for another driver (CHAIN changed): this driver cannot follow it; leave it visible.
      continue;
    }
    try {
      const outcome = await settleOne(db, chain, row, now, opts.boot ?? false);
      report[outcome] += 1;
    } catch (error) {
      log('warn', 'chain worker: check failed', { ledgerId: row.id, ...errorFields(error) });
      report[retryLater(db, row, now, shortReason(error))] += 1;
    }
  }
  return report;
}

async function settleOne(db: Db, chain: ChainClient, row: ChainTransaction, now: Date, boot: boolean): Promise<keyof WorkerReport> {
  if (row.status === 'PREPARED') {
    if (!boot && now.getTime() - row.createdAt.getTime() < STALE_PREPARED_MS) return 'retried';
    failChainTx(db, row, 'interrupted before the transaction was signed; nothing was sent');
    return 'failed';
  }
  const hash = row.transactionHash as Hex;
  const receipt = await chain.getReceipt(hash);
  if (receipt) {
    recordEntityHash(db, row, null);
    applyReceipt(db, getChainTx(db, row.id)!, receipt);
    return receipt.status === 'success' ? 'settled' : 'failed';
  }
  if (row.raw) {
    const accepted = await chain.rebroadcast(row.raw as Hex);
    if (!accepted) {
      const late = await chain.getReceipt(hash);
      if (late) {
        applyReceipt(db, row, late);
        return 'settled';
      }
      failChainTx(db, row, 'the node refused the signed transaction (its nonce was used by another); it was not sent');
      return 'failed';
    }
    if (row.status === 'SIGNED') {
      markSubmitted(db, row.id);
      recordEntityHash(db, { ...row, status: 'SUBMITTED' }, true);
    }
  }
  return retryLater(db, row, now, null);
}

function retryLater(db: Db, row: ChainTransaction, now: Date, reason: string | null): keyof WorkerReport {
  const attempts = row.attempts + 1;
  if (attempts >= MAX_CHECKS && row.status !== 'PREPARED') {
    const fresh = getChainTx(db, row.id);
    if (fresh && (fresh.status === 'SIGNED' || fresh.status === 'SUBMITTED')) {
      failChainTx(db, fresh, `no receipt after ${attempts} checks${reason ? ` (last: ${reason})` : ''}`);
      return 'failed';
    }
  }
  db.update(chainTransactions)
    .set({ attempts, nextCheckAt: new Date(now.getTime() + backoff(attempts)), ...(reason ? { error: reason } : {}) })
    .where(and(eq(chainTransactions.id, row.id), sql`${chainTransactions.status} in ('PREPARED', 'SIGNED', 'SUBMITTED')`))
    .run();
  return 'retried';
}

/** PENDING transfers with no live ledger row (a crash before this ledger existed): nothing was sent. */
function failOrphanTransfers(db: Db): number {
  const orphans = db
    .update(tokenTransfers)
    .set({ status: 'FAILED', error: 'interrupted before the transaction was signed; nothing was sent' })
    .where(
      and(
        eq(tokenTransfers.status, 'PENDING'),
        notExists(
          db
            .select({ id: chainTransactions.id })
            .from(chainTransactions)
            .where(and(eq(chainTransactions.entityId, tokenTransfers.id), sql`${chainTransactions.status} in ('PREPARED', 'SIGNED', 'SUBMITTED')`)),
        ),
      ),
    )
    .run();
  return orphans.changes;
}

const globalForWorker = globalThis as unknown as { __cl2cChainWorker?: NodeJS.Timeout };

/** Starts the worker once per process: a boot pass at once, then a pass every few seconds. */
export function startChainWorker(intervalMs = 3_000) {
  if (globalForWorker.__cl2cChainWorker) return;
  let running = false;
  const tick = async (boot: boolean) => {
    if (running) return;
    running = true;
    try {
      const report = await runChainWorkerOnce(getDb(), getChainClient(), { boot });
      if (report.settled || report.failed) log('info', 'chain worker pass', { boot, ...report });
    } catch (error) {
      log('error', 'chain worker pass failed', errorFields(error));
    } finally {
      running = false;
    }
  };
  globalForWorker.__cl2cChainWorker = setInterval(() => void tick(false), intervalMs);
  globalForWorker.__cl2cChainWorker.unref();
  void tick(true);
}

