import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { getDb, type Db } from '@/db/client';
import { chainTransactions, tokenTransfers, type ChainTransaction } from '@/db/schema';
import { getChainClient, organizationAccount, type ChainClient } from '@/lib/chain';
import { shortReason } from '@/lib/chain/errors';
import { chainHaltReason, checkChainIdentity, recordedIdentity } from '@/lib/chain/identity';
import { attemptsOf, dueChainTxs, getChainTx, markSubmitted } from '@/lib/chain/ledger';
import { applyReceipt, failChainTx, inFlight } from '@/lib/chain/settle';
import { confirmationsFor, finalityBlocks, identityCheckMs, replacementPolicy } from '@/lib/chain/settings';
import { transitionChainTx } from '@/lib/chain/state';
import type { ChainReceipt } from '@/lib/chain/types';
import { errorFields, log } from '@/lib/logger';
import { runtimeSlot } from '@/lib/runtime';

/**
 * The receipt worker: follows every pending ledger row (lib/chain/ledger.ts) until its nonce is
 * consumed on chain, and every confirmed one until it is final. Started once from lib/startup.ts;
 * its first pass runs at boot, when nothing of this process is in flight:
 * - PREPARED (nothing signed): FAILED, "nothing was sent" — at boot, or when older than a minute;
 * - SIGNED/SUBMITTED: a receipt of ANY of the row's transactions (first, fee bumps, cancel) settles
 *   it; otherwise, while the nonce is free, the latest signed bytes are handed to the node again
 *   (the same hash can never pay twice) and, once stuck for CHAIN_STUCK_BLOCKS blocks or
 *   CHAIN_STUCK_SECONDS, replaced by the same call at the same nonce with fees raised by
 *   CHAIN_FEE_BUMP_PERCENT, up to CHAIN_MAX_FEE_GWEI (a requested cancel replaces it with a
 *   zero-value transfer to itself). It is never given up while it can still land: only a nonce taken
 *   by a transaction this ledger did not sign makes it FAILED (none of it was paid);
 * - MINED/CONFIRMED (not final): its block is re-read; a block no longer canonical puts it back to
 *   SUBMITTED (pending) and its bytes are sent again; CHAIN_CONFIRMATIONS deep → CONFIRMED;
 *   CHAIN_FINALITY_BLOCKS deep → final, no more checks.
 * Before any of that, every CHAIN_IDENTITY_CHECK_SECONDS, the node's chain id + genesis block are
 * compared with the record (lib/chain/identity.ts); on another chain nothing is touched or sent.
 * Rows a request of this process is still working on are left alone.
 */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 15_000;
const STALE_PREPARED_MS = 60_000;

export type WorkerReport = { settled: number; failed: number; retried: number; replaced: number; halted: string | null };

export function backoff(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export async function runChainWorkerOnce(db: Db, chain: ChainClient, opts: { boot?: boolean; now?: Date } = {}): Promise<WorkerReport> {
  const now = opts.now ?? new Date();
  const report: WorkerReport = { settled: 0, failed: 0, retried: 0, replaced: 0, halted: null };
  if (opts.boot) report.failed += failOrphanTransfers(db);
  if (chain.name !== 'local') {
    const known = recordedIdentity(db, chain.name);
    if (opts.boot || !known?.checkedAt || now.getTime() - known.checkedAt.getTime() >= identityCheckMs()) {
      try {
        await checkChainIdentity(db, chain, now);
      } catch (error) {
        log('warn', 'chain worker: identity check failed', errorFields(error));
      }
    }
    report.halted = chainHaltReason(db, chain.name);
  }
  for (const row of dueChainTxs(db, now, 100)) {
    if (inFlight.has(row.id)) continue;
    // Signed for another driver (CHAIN changed): this driver cannot follow it; leave it visible.
    if (row.chain !== chain.name) continue;
    // Another chain now: its answers say nothing about our transactions (a reset chain has none).
    if (report.halted && row.status !== 'PREPARED') continue;
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

type Outcome = 'settled' | 'failed' | 'retried' | 'replaced';

async function settleOne(db: Db, chain: ChainClient, row: ChainTransaction, now: Date, boot: boolean): Promise<Outcome> {
  if (row.status === 'PREPARED') {
    if (!boot && now.getTime() - row.createdAt.getTime() < STALE_PREPARED_MS) return 'retried';
    failChainTx(db, row, 'interrupted before the transaction was signed; nothing was sent');
    return 'failed';
  }
  if (row.status === 'MINED' || row.status === 'CONFIRMED') return followMined(db, chain, row, now);
  return followSent(db, chain, row, now);
}

/** A receipt for any transaction signed for the row, newest attempt first. */
async function anyReceipt(db: Db, chain: ChainClient, row: ChainTransaction): Promise<ChainReceipt | null> {
  const hashes = attemptsOf(db, row.id).map((a) => a.transactionHash).reverse();
  if (!hashes.length && row.transactionHash) hashes.push(row.transactionHash);
  for (const hash of hashes) {
    const receipt = await chain.getReceipt(hash as Hex);
    if (receipt) return receipt;
  }
  return null;
}

async function followSent(db: Db, chain: ChainClient, row: ChainTransaction, now: Date): Promise<Outcome> {
  // Nonce first, receipts second: a transaction mined between the two reads is still found.
  const consumed = row.fromAddress && row.nonce != null ? (await chain.confirmedNonce(row.fromAddress as `0x${string}`)) > row.nonce : false;
  const receipt = await anyReceipt(db, chain, row);
  if (receipt) {
    const settled = applyReceipt(db, row, receipt);
    return settled.status === 'REVERTED' ? 'failed' : 'settled';
  }
  if (consumed) {
    failChainTx(
      db,
      row,
      `nonce ${row.nonce} was taken by a transaction this service did not sign; none of this row's transactions was mined, nothing of it was paid`,
    );
    return 'failed';
  }
  let note: string | null = null;
  if (row.raw) {
    const answer = await chain.rebroadcast(row.raw as Hex);
    if (!answer.accepted) note = `waiting: ${answer.reason}`;
    else if (row.status === 'SIGNED') markSubmitted(db, row.id, { now, block: await chain.blockNumber().catch(() => null) });
  }
  const fresh = getChainTx(db, row.id)!;
  if (await isStuck(db, chain, fresh, now)) {
    const from = organizationAccount(db, row.organizationId);
    const policy = replacementPolicy();
    const purpose = fresh.cancelRequestedAt ? 'cancel' : 'speedup';
    const replaced = from ? await chain.replace({ ledgerId: row.id, from, purpose, bumpPercent: policy.bumpPercent, maxFeePerGas: policy.maxFeePerGas }) : null;
    if (replaced) {
      retryLater(db, getChainTx(db, row.id)!, now, null);
      return 'replaced';
    }
    note ??= `waiting: a higher fee would exceed CHAIN_MAX_FEE_GWEI; the transaction stays at maxFeePerGas ${fresh.maxFeePerGas} wei`;
  }
  return retryLater(db, fresh, now, note);
}

/** Not mined CHAIN_STUCK_BLOCKS blocks or CHAIN_STUCK_SECONDS after its latest broadcast — or a cancel is still to be signed. */
async function isStuck(db: Db, chain: ChainClient, row: ChainTransaction, now: Date): Promise<boolean> {
  if (row.status !== 'SUBMITTED') return false;
  if (row.cancelRequestedAt && attemptsOf(db, row.id).at(-1)?.purpose !== 'cancel') return true;
  const policy = replacementPolicy();
  if (row.sentAt && now.getTime() - row.sentAt.getTime() >= policy.stuckMs) return true;
  if (row.sentBlock != null) {
    const head = await chain.blockNumber();
    if (head - row.sentBlock >= policy.stuckBlocks) return true;
  }
  return false;
}

async function followMined(db: Db, chain: ChainClient, row: ChainTransaction, now: Date): Promise<Outcome> {
  if (row.blockNumber == null) return retryLater(db, row, now, null);
  const canonical = await chain.blockHashAt(row.blockNumber);
  if (!canonical || canonical.toLowerCase() !== (row.blockHash ?? '').toLowerCase()) {
    // Its block was replaced: maybe the same transaction is in the new chain's block, maybe not.
    const again = await anyReceipt(db, chain, row);
    if (again && again.blockHash.toLowerCase() === (canonical ?? '').toLowerCase()) {
      applyReceipt(db, row, again);
      return 'settled';
    }
    const winner = attemptsOf(db, row.id).find((a) => a.transactionHash === row.transactionHash);
    const pending = transitionChainTx(db, row.id, 'SUBMITTED', {
      set: { blockNumber: null, blockHash: null, blockTime: null, gasUsed: null, effectiveGasPrice: null, finalAt: null, sentAt: now, ...(winner ? { raw: winner.raw } : {}) },
      detail: `block ${row.blockNumber} (${row.blockHash}) is no longer on the canonical chain (reorg); pending again`,
    });
    if (again) applyReceipt(db, pending, again);
    else if (pending.raw) await chain.rebroadcast(pending.raw as Hex);
    return again ? 'settled' : retryLater(db, getChainTx(db, row.id)!, now, null);
  }
  const head = await chain.blockNumber();
  const confirmations = head - row.blockNumber + 1;
  const promoted = row.status === 'MINED' && confirmations >= confirmationsFor(row.chainId);
  if (promoted) transitionChainTx(db, row.id, 'CONFIRMED', { detail: `${confirmations} confirmations` });
  if (confirmations >= finalityBlocks()) {
    db.update(chainTransactions).set({ finalAt: now, nextCheckAt: null }).where(eq(chainTransactions.id, row.id)).run();
    return 'settled';
  }
  retryLater(db, getChainTx(db, row.id)!, now, null);
  return promoted ? 'settled' : 'retried';
}

/** Checked again later, with backoff; never given up (the row stays pending). */
function retryLater(db: Db, row: ChainTransaction, now: Date, note: string | null): 'retried' {
  const attempts = row.attempts + 1;
  db.update(chainTransactions)
    .set({ attempts, nextCheckAt: new Date(now.getTime() + backoff(attempts)), ...(note ? { error: note } : {}) })
    .where(and(eq(chainTransactions.id, row.id), sql`${chainTransactions.status} in ('PREPARED', 'SIGNED', 'SUBMITTED', 'MINED', 'CONFIRMED')`))
    .run();
  return 'retried';
}

/** PENDING transfers with no live ledger row (a crash before this ledger existed): nothing was sent. */
function failOrphanTransfers(db: Db): number {
  const orphans = db
    .update(tokenTransfers)
    .set({ status: 'FAILED', state: 'errored', error: 'interrupted before the transaction was signed; nothing was sent' })
    .where(
      and(
        eq(tokenTransfers.status, 'PENDING'),
        notExists(
          db
            .select({ id: chainTransactions.id })
            .from(chainTransactions)
            .where(and(eq(chainTransactions.entityId, tokenTransfers.id), sql`${chainTransactions.status} in ('PREPARED', 'SIGNED', 'SUBMITTED', 'MINED')`)),
        ),
      ),
    )
    .run();
  return orphans.changes;
}

const chainWorkerSlot = runtimeSlot<NodeJS.Timeout>('chainWorker');

/** Starts the worker once per process: a boot pass at once, then a pass every few seconds. */
export function startChainWorker(intervalMs = 3_000) {
  if (chainWorkerSlot.get()) return;
  let running = false;
  const tick = async (boot: boolean) => {
    if (running) return;
    running = true;
    try {
      const report = await runChainWorkerOnce(getDb(), getChainClient(), { boot });
      if (report.settled || report.failed || report.replaced) log('info', 'chain worker pass', { boot, ...report });
    } catch (error) {
      log('error', 'chain worker pass failed', errorFields(error));
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(false), intervalMs);
  timer.unref();
  chainWorkerSlot.set(timer);
  void tick(true);
}
