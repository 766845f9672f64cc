import { and, eq } from 'drizzle-orm';
import { recordChainOutcome } from '@/lib/audit/chain-events';
import { pendingChainTxStatuses, type chainTxStatuses, type ledgerStates, type transferStatuses } from '@/db/enums';
import type { ChainTransaction } from '@/db/schema';
import { chainTransactions, chainTxEvents, nfts, smartContracts, tokenTransfers } from '@/lib/storage/tables';
import { log } from '@/lib/logger';
import { runtimeSlot } from '@/lib/runtime';
import type { Store } from '@/lib/storage/store';
import { nextChainSeqIn } from './sequence';

/**
 * Every state change of a ledger row (`chain_transactions`) goes through `applyTransition`: the row,
 * its history (`chain_tx_events`) and the record it is for (transfer, contract, NFT) change in ONE
 * transaction, and the listeners registered with `onLedgerChange` run inside it (a webhook outbox
 * row written there commits or rolls back with the change).
 *
 * Ledger status → ledger state → the public status of each record:
 *
 * | ledger     | state          | transfer   | contract | NFT     | meaning                                   |
 * |------------|----------------|------------|----------|---------|-------------------------------------------|
 * | PREPARED   | queued         | PENDING    | CREATED  | PENDING | recorded, nothing signed                  |
 * | SIGNED     | sent (signed)  | SUBMITTED  | CREATED  | PENDING | signed; may be on its way (`local`: never) |
 * | SUBMITTED  | sent           | SUBMITTED  | CREATED  | PENDING | the node accepted it; not in a block      |
 * | MINED      | mined_success  | SUBMITTED  | CREATED  | PENDING | in a block, fewer than the required depth |
 * | CONFIRMED  | mined_success  | CONFIRMED  | DEPLOYED | MINTED  | deep enough (`local`: SIGNED, signed)      |
 * | REVERTED   | mined_reverted | FAILED     | FAILED   | FAILED  | mined, reverted, gas spent                |
 * | FAILED     | errored        | FAILED     | FAILED   | FAILED  | refused before sending, nothing spent     |
 * | CANCELLED  | cancelled      | FAILED     | —        | —       | our zero-value cancel took the nonce      |
 * | ORPHANED   | orphaned       | FAILED     | FAILED   | FAILED  | the chain it was on is gone (reconcile)   |
 */
export type ChainTxStatus = (typeof chainTxStatuses)[number];
export type LedgerState = (typeof ledgerStates)[number];
type TransferStatus = (typeof transferStatuses)[number];

export function isPending(status: ChainTxStatus): boolean {
  return (pendingChainTxStatuses as readonly string[]).includes(status);
}

export function ledgerState(row: Pick<ChainTransaction, 'status' | 'chain'>): LedgerState {
  switch (row.status) {
    case 'PREPARED':
      return 'queued';
    case 'SIGNED':
    case 'SUBMITTED':
      return row.chain === 'local' ? 'signed' : 'sent';
    case 'MINED':
    case 'CONFIRMED':
      return row.chain === 'local' ? 'signed' : 'mined_success';
    case 'REVERTED':
      return 'mined_reverted';
    case 'FAILED':
      return 'errored';
    case 'CANCELLED':
      return 'cancelled';
    case 'ORPHANED':
      return 'orphaned';
  }
}

export function transferStatusOf(row: Pick<ChainTransaction, 'status' | 'chain'>): TransferStatus {
  if (row.chain === 'local' && row.status !== 'PREPARED' && row.status !== 'FAILED' && row.status !== 'ORPHANED') return 'SIGNED';
  switch (row.status) {
    case 'PREPARED':
      return 'PENDING';
    case 'SIGNED':
    case 'SUBMITTED':
    case 'MINED':
      return 'SUBMITTED';
    case 'CONFIRMED':
      return 'CONFIRMED';
    default:
      return 'FAILED';
  }
}

export type LedgerChange = {
  row: ChainTransaction;
  previousStatus: ChainTxStatus | null;
  status: ChainTxStatus;
  state: LedgerState;
  detail: string | null;
  /** A new transaction hash for the same nonce (a replacement or our cancel), not only a new status or note. */
  hashChanged: boolean;
};
export type LedgerListener = (tx: Store, change: LedgerChange) => Promise<void>;

const listeners = runtimeSlot<Set<LedgerListener>>('ledgerListeners').getOrCreate(() => new Set());

/** Subscribe to every ledger state change (inside its transaction). Returns the unsubscribe. */
export function onLedgerChange(listener: LedgerListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What a receipt tells the record, beyond what the ledger row keeps. */
export type EntityFacts = { logs?: string; tokenOwner?: string | null };

type ChainTxPatch = Partial<Omit<typeof chainTransactions.$inferInsert, 'id' | 'status'>>;

export type TransitionOptions = {
  set?: ChainTxPatch;
  detail?: string | null;
  facts?: EntityFacts;
  /**
   * Compare-and-set: the transition happens only while the row still has one of these statuses
   * (read in this transaction, written with `status = <what was read>`); otherwise nothing changes
   * and the answer is null. Two workers (or a worker and a request) acting on one row: the second
   * one's transition, made from a status the row no longer has, is a no-op.
   */
  from?: readonly ChainTxStatus[];
};

/**
 * The one transition, inside the caller's transaction (either engine). Returns the row after the
 * change, or null when `opts.from` is given and the row has moved on.
 */
export async function applyTransition(tx: Store, id: string, status: ChainTxStatus, opts: TransitionOptions & { from: readonly ChainTxStatus[] }): Promise<ChainTransaction | null>;
export async function applyTransition(tx: Store, id: string, status: ChainTxStatus, opts?: TransitionOptions): Promise<ChainTransaction>;
export async function applyTransition(tx: Store, id: string, status: ChainTxStatus, opts: TransitionOptions = {}): Promise<ChainTransaction | null> {
  const [before] = await tx.select().from(chainTransactions).where(eq(chainTransactions.id, id)).limit(1);
  if (!before) throw new Error(`ledger row ${id} not found`);
  if (opts.from && !opts.from.includes(before.status)) return null;
  // `status = before.status`: a concurrent transition committed since the read changes nothing here.
  const [row] = (await tx
    .update(chainTransactions)
    .set({ ...opts.set, status })
    .where(and(eq(chainTransactions.id, id), eq(chainTransactions.status, before.status)))
    .returning()) as ChainTransaction[];
  if (!row) {
    if (opts.from) return null;
    throw new Error(`ledger row ${id} changed status concurrently`);
  }
  const detail = opts.detail ?? null;
  const hashChanged = row.transactionHash !== before.transactionHash;
  await applyToEntity(tx, row, opts.facts ?? {});
  // The final outcome as a 'system' audit event (Activity, the console's notifications): once, when
  // the status becomes final — a later note on the same status is no second outcome.
  if (before.status !== status) await recordOutcome(tx, row);
  // A change worth a history line (and a listener call): new status, new hash, or something said.
  if (before.status !== status || hashChanged || detail) {
    await tx.insert(chainTxEvents).values({
      seq: await nextChainSeqIn(tx, 'chain_tx_events'),
      chainTxId: id,
      status,
      previousStatus: before.status === status && status === 'PREPARED' ? null : before.status,
      transactionHash: row.transactionHash,
      detail,
    });
    const change: LedgerChange = { row, previousStatus: before.status, status, state: ledgerState(row), detail, hashChanged };
    for (const listener of listeners) await listener(tx, change);
  }
  return row;
}

/** `applyTransition` in its own transaction. */
export async function transitionChainTx(store: Store, id: string, status: ChainTxStatus, opts: TransitionOptions & { from: readonly ChainTxStatus[] }): Promise<ChainTransaction | null>;
export async function transitionChainTx(store: Store, id: string, status: ChainTxStatus, opts?: TransitionOptions): Promise<ChainTransaction>;
export async function transitionChainTx(store: Store, id: string, status: ChainTxStatus, opts: TransitionOptions = {}): Promise<ChainTransaction | null> {
  const row = await store.transaction((tx) => applyTransition(tx, id, status, opts));
  if (!row) return null;
  logTransition(row, opts.detail);
  return row;
}

export function logTransition(row: ChainTransaction, detail?: string | null) {
  const status = row.status;
  log(status === 'FAILED' || status === 'REVERTED' || status === 'ORPHANED' ? 'warn' : 'info', 'chain transaction state', {
    ledgerId: row.id,
    kind: row.kind,
    entityId: row.entityId,
    status,
    transactionHash: row.transactionHash,
    ...(detail ? { detail } : {}),
  });
}

const isFailure = (status: ChainTxStatus) => status === 'FAILED' || status === 'REVERTED' || status === 'ORPHANED' || status === 'CANCELLED';

async function recordOutcome(tx: Store, row: ChainTransaction) {
  // A filler is no client's operation: its outcome is in the ledger and the logs only.
  if (row.kind === 'filler') return;
  if (row.status !== 'CONFIRMED' && !isFailure(row.status)) return;
  await recordChainOutcome(tx, {
    organizationId: row.organizationId,
    kind: row.kind,
    entityId: row.entityId,
    ok: row.status === 'CONFIRMED',
    broadcast: row.broadcast,
    transactionHash: row.transactionHash,
    blockNumber: row.blockNumber,
    tokenId: row.tokenId,
    reason: isFailure(row.status) ? (row.error ?? 'the transaction failed') : null,
  });
}

/** The record a ledger row is for, following its state (the table above). */
async function applyToEntity(tx: Store, row: ChainTransaction, facts: EntityFacts) {
  if (row.kind === 'filler') return; // no record: the wallet's own nonce filler (lib/chain/evm.ts)
  const failed = isFailure(row.status);
  const error = failed ? (row.error ?? 'the transaction failed') : null;
  if (row.kind === 'transfer') {
    await tx.update(tokenTransfers)
      .set({
        status: transferStatusOf(row),
        state: ledgerState(row),
        broadcast: row.broadcast,
        ...(row.transactionHash ? { transactionHash: row.transactionHash } : {}),
        error,
      })
      .where(and(eq(tokenTransfers.id, row.entityId), eq(tokenTransfers.organizationId, row.organizationId)));
    return;
  }
  if (row.status === 'PREPARED') return; // the operation resets its record in the same transaction
  if (row.kind === 'deploy') {
    const where = and(eq(smartContracts.id, row.entityId), eq(smartContracts.organizationId, row.organizationId));
    if (failed) {
      await tx.update(smartContracts)
        .set({ status: 'FAILED', deploymentTransactionHash: row.transactionHash, deploymentLogs: JSON.stringify({ error }), contractAddress: null, deployedAt: null })
        .where(where);
    } else if (row.status === 'CONFIRMED') {
      await tx.update(smartContracts)
        .set({
          status: 'DEPLOYED',
          contractAddress: row.contractAddress,
          creatorAddress: row.fromAddress,
          deployedAt: row.blockTime,
          deploymentTransactionHash: row.transactionHash,
          ...(facts.logs ? { deploymentLogs: facts.logs } : {}),
        })
        .where(where);
    } else {
      // Signed, sent, or mined but not deep enough (or back from a reorg): not deployed yet.
      await tx.update(smartContracts)
        .set({
          status: 'CREATED',
          contractAddress: null,
          deployedAt: null,
          deploymentTransactionHash: row.transactionHash,
          creatorAddress: row.fromAddress,
          ...(facts.logs ? { deploymentLogs: facts.logs } : {}),
        })
        .where(where);
    }
    return;
  }
  const where = and(eq(nfts.id, row.entityId), eq(nfts.organizationId, row.organizationId));
  if (failed) {
    await tx.update(nfts)
      .set({ status: 'FAILED', mintTransactionHash: row.transactionHash, mintLogs: JSON.stringify({ error }), tokenId: null, tokenOwner: null, mintedAt: null })
      .where(where);
  } else if (row.status === 'CONFIRMED') {
    await tx.update(nfts)
      .set({
        status: 'MINTED',
        tokenId: row.tokenId,
        mintedAt: row.blockTime,
        mintTransactionHash: row.transactionHash,
        ...(facts.tokenOwner !== undefined ? { tokenOwner: facts.tokenOwner } : {}),
        ...(facts.logs ? { mintLogs: facts.logs } : {}),
      })
      .where(where);
  } else {
    await tx.update(nfts)
      .set({
        status: 'PENDING',
        mintedAt: null,
        mintTransactionHash: row.transactionHash,
        ...(facts.tokenOwner !== undefined ? { tokenOwner: facts.tokenOwner } : {}),
        ...(facts.logs ? { mintLogs: facts.logs } : {}),
      })
      .where(where);
  }
}
