import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import type { ChainTransaction } from '@/db/schema';
import { pendingChainTxStatuses } from '@/db/enums';
import { chainTransactions, tokenTransfers } from '@/lib/storage/tables';
import { getChainClient, organizationAccountIn, type ChainClient } from '@/lib/chain';
import { shortReason } from '@/lib/chain/errors';
import { chainInstanceId } from '@/lib/chain/instance';
import { chainHaltReasonIn, checkChainIdentity, recordedIdentity } from '@/lib/chain/identity';
import { attemptsOfIn, getChainTx, markSubmitted } from '@/lib/chain/ledger';
import { applyReceipt, failChainTx, inFlight } from '@/lib/chain/settle';
import { confirmationsFor, finalityBlocks, identityCheckMs, replacementPolicy } from '@/lib/chain/settings';
import { transitionChainTx } from '@/lib/chain/state';
import type { ChainReceipt } from '@/lib/chain/types';
import { errorFields, log } from '@/lib/logger';
import { runtimeSlot } from '@/lib/runtime';
import { claimDueChainTxs, releaseChainClaims, releaseChainTx, renewChainClaims } from '@/lib/storage/chain-claims';
import { getStore } from '@/lib/storage/current';
import { serverOwnsDatabase, type Store } from '@/lib/storage/store';

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
 *   a lower nonce of its wallet that nothing will take (a send refused after signing), older than
 *   NONCE_GAP_GRACE_MS, is filled by the driver with a zero-value self-transfer (`fillNonceGap`);
 * - MINED/CONFIRMED (not final): its block is re-read; a block no longer canonical puts it back to
 *   SUBMITTED (pending) and its bytes are sent again; CHAIN_CONFIRMATIONS deep → CONFIRMED;
 *   CHAIN_FINALITY_BLOCKS deep → final, no more checks.
 * Before any of that, every CHAIN_IDENTITY_CHECK_SECONDS, the node's chain id + genesis block are
 * compared with the record (lib/chain/identity.ts); on another chain nothing is touched or sent.
 * Rows a request of this process is still working on are left alone.
 *
 * Several instances on one database (issue 29): each pass CLAIMS its rows with a lease
 * (lib/storage/chain-claims.ts: `FOR UPDATE SKIP LOCKED` on PostgreSQL), so two workers never
 * follow one row at once, and a row a request of another instance holds (prepared, being signed
 * and sent) is not touched until that request releases it or its lease runs out. Every transition
 * is compare-and-set on the status read (lib/chain/state.ts): whatever another party recorded
 * meanwhile wins. A PREPARED row is failed only when nobody holds it — its lease expired (the
 * instance that prepared it is gone), or it was this process's own and is no longer in flight —
 * and, on SQLite (one process), at boot.
 */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 15_000;
const STALE_PREPARED_MS = 60_000;

/** How long a claim keeps other workers off a pass's rows (renewed before each row); a pass checks at most CLAIM_BATCH rows. */
export const CHAIN_LEASE_MS = 120_000;
const CLAIM_BATCH = 100;

/**
 * How long a free nonce below a pending transaction is left for a send to take before the worker
 * fills it: the send refused after signing that freed it failed this recently (a send being
 * allocated right now takes the lowest free nonce).
 */
export const NONCE_GAP_GRACE_MS = 30_000;

export type WorkerReport = { settled: number; failed: number; retried: number; replaced: number; filled: number; halted: string | null };
export type WorkerOptions = { boot?: boolean; now?: Date; workerId?: string; leaseMs?: number };

export function backoff(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export async function runChainWorkerOnce(store: Store, chain: ChainClient, opts: WorkerOptions = {}): Promise<WorkerReport> {
  const now = opts.now ?? new Date();
  const workerId = opts.workerId ?? chainInstanceId;
  const report: WorkerReport = { settled: 0, failed: 0, retried: 0, replaced: 0, filled: 0, halted: null };
  if (opts.boot) report.failed += await failOrphanTransfers(store);
  if (chain.name !== 'local') {
    const known = await recordedIdentity(store, chain.name);
    if (opts.boot || !known?.checkedAt || now.getTime() - known.checkedAt.getTime() >= identityCheckMs()) {
      try {
        await checkChainIdentity(store, chain, now);
      } catch (error) {
        log('warn', 'chain worker: identity check failed', errorFields(error));
      }
    }
    report.halted = await chainHaltReasonIn(store, chain.name);
  }
  const leaseMs = opts.leaseMs ?? CHAIN_LEASE_MS;
  const claimed = await claimDueChainTxs(store, workerId, now, leaseMs, CLAIM_BATCH);
  for (const row of claimed) {
    try {
      // A request of this process is working on it; or signed for another driver (CHAIN changed):
      // this driver cannot follow it; or another chain now: its answers say nothing about our
      // transactions (a reset chain has none). Left as it is.
      if (inFlight.has(row.id) || row.chain !== chain.name || (report.halted && row.status !== 'PREPARED')) continue;
      // Still ours for a whole lease from now (a pass over a slow node can outlast one).
      await renewChainClaims(store, workerId, new Date(), leaseMs);
      const outcome = await settleOne(store, chain, row, now, { boot: opts.boot ?? false, workerId });
      report[outcome] += 1;
    } catch (error) {
      log('warn', 'chain worker: check failed', { ledgerId: row.id, ...errorFields(error) });
      report[await retryLater(store, row, now, shortReason(error))] += 1;
    } finally {
      await releaseChainTx(store, row.id, workerId).catch(() => {});
    }
  }
  return report;
}

type Outcome = 'settled' | 'failed' | 'retried' | 'replaced' | 'filled';

async function settleOne(store: Store, chain: ChainClient, row: ChainTransaction, now: Date, ctx: { boot: boolean; workerId: string }): Promise<Outcome> {
  if (row.status === 'PREPARED') {
    // Claimed, so nobody else holds it: the lease of the request that prepared it ran out, or that
    // request was this process's own (not in flight any more) — or, when this server is the only
    // one on the database, it has just started.
    const abandoned = (ctx.boot && serverOwnsDatabase(store)) || now.getTime() - row.createdAt.getTime() >= STALE_PREPARED_MS;
    if (!abandoned) return retryLater(store, row, now, null);
    const failed = await failChainTx(store, row, 'interrupted before the transaction was signed; nothing was sent');
    return failed ? 'failed' : 'retried';
  }
  if (row.status === 'MINED' || row.status === 'CONFIRMED') return followMined(store, chain, row, now);
  return followSent(store, chain, row, now);
}

/** A receipt for any transaction signed for the row, newest attempt first. */
async function anyReceipt(store: Store, chain: ChainClient, row: ChainTransaction): Promise<ChainReceipt | null> {
  const hashes = (await attemptsOfIn(store, row.id)).map((a) => a.transactionHash).reverse();
  if (!hashes.length && row.transactionHash) hashes.push(row.transactionHash);
  for (const hash of hashes) {
    const receipt = await chain.getReceipt(hash as Hex);
    if (receipt) return receipt;
  }
  return null;
}

async function followSent(store: Store, chain: ChainClient, row: ChainTransaction, now: Date): Promise<Outcome> {
  // Nonce first, receipts second: a transaction mined between the two reads is still found.
  const consumed = row.fromAddress && row.nonce != null ? (await chain.confirmedNonce(row.fromAddress as `0x${string}`)) > row.nonce : false;
  const receipt = await anyReceipt(store, chain, row);
  if (receipt) {
    const settled = await applyReceipt(store, row, receipt);
    return settled?.status === 'REVERTED' ? 'failed' : 'settled';
  }
  if (consumed) {
    const failed = await failChainTx(
      store,
      row,
      `nonce ${row.nonce} was taken by a transaction this service did not sign; none of this row's transactions was mined, nothing of it was paid`,
    );
    return failed ? 'failed' : 'retried';
  }
  let note: string | null = null;
  if (row.raw) {
    // Signed and recorded, maybe never sent (its instance stopped between the two): the same bytes
    // again — one hash can never pay twice.
    const answer = await chain.rebroadcast(row.raw as Hex);
    if (!answer.accepted) note = `waiting: ${answer.reason}`;
    else if (row.status === 'SIGNED') await markSubmitted(store, row.id, { now, block: await chain.blockNumber().catch(() => null) });
  }
  const fresh = (await getChainTx(store, row.id))!;
  if (await fillNonceGapBelow(store, chain, fresh, now)) {
    // It waited behind the hole, not for fees: no replacement this pass.
    await retryLater(store, fresh, now, null);
    return 'filled';
  }
  if (await isStuck(store, chain, fresh, now)) {
    const from = await organizationAccountIn(store, row.organizationId);
    const policy = replacementPolicy();
    const purpose = fresh.cancelRequestedAt ? 'cancel' : 'speedup';
    const replaced = from ? await chain.replace({ ledgerId: row.id, from, purpose, bumpPercent: policy.bumpPercent, maxFeePerGas: policy.maxFeePerGas }) : null;
    if (replaced) {
      await retryLater(store, (await getChainTx(store, row.id))!, now, null);
      return 'replaced';
    }
    note ??= `waiting: a higher fee would exceed CHAIN_MAX_FEE_GWEI; the transaction stays at maxFeePerGas ${fresh.maxFeePerGas} wei`;
  }
  return retryLater(store, fresh, now, note);
}

/**
 * A lower nonce of the row's wallet that nothing will take — a send refused after it was signed
 * freed it while this one (maybe another instance's) was signed above it — keeps this row queued in
 * the node forever: the driver fills it with a zero-value transfer of the wallet to itself
 * (lib/chain/evm.ts `fillNonceGap`, deciding under the wallet's nonce lock), once the hole is older
 * than NONCE_GAP_GRACE_MS. Drivers without a node queue (`local`) have no such method.
 */
async function fillNonceGapBelow(store: Store, chain: ChainClient, row: ChainTransaction, now: Date): Promise<boolean> {
  if (!chain.fillNonceGap || !row.fromAddress || row.nonce == null || (row.status !== 'SIGNED' && row.status !== 'SUBMITTED')) return false;
  const filled = await chain.fillNonceGap({
    organizationId: row.organizationId,
    address: row.fromAddress as Address,
    below: row.nonce,
    quietSince: new Date(now.getTime() - NONCE_GAP_GRACE_MS),
    account: () => organizationAccountIn(store, row.organizationId),
  });
  return filled !== null;
}

/** Not mined CHAIN_STUCK_BLOCKS blocks or CHAIN_STUCK_SECONDS after its latest broadcast — or a cancel is still to be signed. */
async function isStuck(store: Store, chain: ChainClient, row: ChainTransaction, now: Date): Promise<boolean> {
  if (row.status !== 'SUBMITTED') return false;
  if (row.cancelRequestedAt && (await attemptsOfIn(store, row.id)).at(-1)?.purpose !== 'cancel') return true;
  const policy = replacementPolicy();
  if (row.sentAt && now.getTime() - row.sentAt.getTime() >= policy.stuckMs) return true;
  if (row.sentBlock != null) {
    const head = await chain.blockNumber();
    if (head - row.sentBlock >= policy.stuckBlocks) return true;
  }
  return false;
}

async function followMined(store: Store, chain: ChainClient, row: ChainTransaction, now: Date): Promise<Outcome> {
  if (row.blockNumber == null) return retryLater(store, row, now, null);
  const canonical = await chain.blockHashAt(row.blockNumber);
  if (!canonical || canonical.toLowerCase() !== (row.blockHash ?? '').toLowerCase()) {
    // Its block was replaced: maybe the same transaction is in the new chain's block, maybe not.
    const again = await anyReceipt(store, chain, row);
    if (again && again.blockHash.toLowerCase() === (canonical ?? '').toLowerCase()) {
      await applyReceipt(store, row, again);
      return 'settled';
    }
    const winner = (await attemptsOfIn(store, row.id)).find((a) => a.transactionHash === row.transactionHash);
    const pending = await transitionChainTx(store, row.id, 'SUBMITTED', {
      from: [row.status],
      set: { blockNumber: null, blockHash: null, blockTime: null, gasUsed: null, effectiveGasPrice: null, finalAt: null, sentAt: now, ...(winner ? { raw: winner.raw } : {}) },
      detail: `block ${row.blockNumber} (${row.blockHash}) is no longer on the canonical chain (reorg); pending again`,
    });
    if (!pending) return 'retried';
    if (again) await applyReceipt(store, pending, again);
    else if (pending.raw) await chain.rebroadcast(pending.raw as Hex);
    return again ? 'settled' : retryLater(store, (await getChainTx(store, row.id))!, now, null);
  }
  const head = await chain.blockNumber();
  const confirmations = head - row.blockNumber + 1;
  const promoted = row.status === 'MINED' && confirmations >= confirmationsFor(row.chainId) && (await transitionChainTx(store, row.id, 'CONFIRMED', { from: ['MINED'], detail: `${confirmations} confirmations` })) !== null;
  if (confirmations >= finalityBlocks()) {
    await store
      .update(chainTransactions)
      .set({ finalAt: now, nextCheckAt: null })
      .where(and(eq(chainTransactions.id, row.id), inArray(chainTransactions.status, ['MINED', 'CONFIRMED'])));
    return 'settled';
  }
  await retryLater(store, (await getChainTx(store, row.id))!, now, null);
  return promoted ? 'settled' : 'retried';
}

/** Checked again later, with backoff; never given up (the row stays pending). */
async function retryLater(store: Store, row: ChainTransaction, now: Date, note: string | null): Promise<'retried'> {
  const attempts = row.attempts + 1;
  await store
    .update(chainTransactions)
    .set({ attempts, nextCheckAt: new Date(now.getTime() + backoff(attempts)), ...(note ? { error: note } : {}) })
    .where(and(eq(chainTransactions.id, row.id), inArray(chainTransactions.status, [...pendingChainTxStatuses, 'CONFIRMED'])));
  return 'retried';
}

/** PENDING transfers with no live ledger row (a crash before this ledger existed): nothing was sent. */
async function failOrphanTransfers(store: Store): Promise<number> {
  const orphans = await store
    .update(tokenTransfers)
    .set({ status: 'FAILED', state: 'errored', error: 'interrupted before the transaction was signed; nothing was sent' })
    .where(
      and(
        eq(tokenTransfers.status, 'PENDING'),
        notExists(
          store
            .select({ id: chainTransactions.id })
            .from(chainTransactions)
            .where(and(eq(chainTransactions.entityId, tokenTransfers.id), inArray(chainTransactions.status, [...pendingChainTxStatuses]))),
        ),
      ),
    )
    .returning({ id: tokenTransfers.id });
  return orphans.length;
}

const chainWorkerSlot = runtimeSlot<{ timer: NodeJS.Timeout; stop: () => Promise<void> }>('chainWorker');

/** Starts the worker once per process: a boot pass at once, then a pass every few seconds. */
export function startChainWorker(intervalMs = 3_000) {
  if (chainWorkerSlot.get()) return;
  let running: Promise<void> | null = null;
  const tick = (boot: boolean) => {
    if (running) return running;
    running = (async () => {
      try {
        const report = await runChainWorkerOnce(await getStore(), getChainClient(), { boot });
        if (report.settled || report.failed || report.replaced || report.filled) log('info', 'chain worker pass', { boot, ...report });
      } catch (error) {
        log('error', 'chain worker pass failed', errorFields(error));
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(false), intervalMs);
  timer.unref();
  const stop = async () => {
    clearInterval(timer);
    chainWorkerSlot.set(undefined);
    await running;
    // Nothing of this process is in flight now; a lease left behind would only delay another instance.
    await releaseChainClaims(await getStore(), chainInstanceId).catch((error: unknown) => log('warn', 'chain leases not released', errorFields(error)));
  };
  chainWorkerSlot.set({ timer, stop });
  void tick(true);
}

/** Shutdown (SIGTERM): no new pass, the running one finishes, this instance's leases are given up. */
export async function stopChainWorker(): Promise<void> {
  await chainWorkerSlot.get()?.stop();
}
