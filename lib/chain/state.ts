import { and, eq } from 'drizzle-orm';
import { recordChainOutcome } from '@/lib/audit/chain-events';
import type { Db } from '@/db/client';
import type { chainTxStatuses, ledgerStates, transferStatuses } from '@/db/enums';
import { chainTransactions, chainTxEvents, nfts, smartContracts, tokenTransfers, type ChainTransaction } from '@/db/schema';
import { log } from '@/lib/logger';
import { runtimeSlot } from '@/lib/runtime';
import { nextChainSeq } from './sequence';

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
type Writer = Pick<Db, 'select' | 'insert' | 'update'>;

/** Not final: the worker follows these until their nonce is consumed on chain. */
export const PENDING_STATUSES = ['PREPARED', 'SIGNED', 'SUBMITTED', 'MINED'] as const satisfies readonly ChainTxStatus[];

export function isPending(status: ChainTxStatus): boolean {
  return (PENDING_STATUSES as readonly string[]).includes(status);
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
export type LedgerListener = (tx: Writer, change: LedgerChange) => void;

const listeners = runtimeSlot<Set<LedgerListener>>('ledgerListeners').getOrCreate(() => new Set());

/** Subscribe to every ledger state change (inside its transaction). Returns the unsubscribe. */
export function onLedgerChange(listener: LedgerListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What a receipt tells the record, beyond what the ledger row keeps. */
export type EntityFacts = { logs?: string; tokenOwner?: string | null };

type ChainTxPatch = Partial<Omit<typeof chainTransactions.$inferInsert, 'id' | 'status'>>;

/** The one transition, inside the caller's transaction. Returns the row after the change. */
export function applyTransition(
  tx: Writer,
  id: string,
  status: ChainTxStatus,
  opts: { set?: ChainTxPatch; detail?: string | null; facts?: EntityFacts } = {},
): ChainTransaction {
  const before = tx.select().from(chainTransactions).where(eq(chainTransactions.id, id)).get();
  if (!before) throw new Error(`ledger row ${id} not found`);
  const row = tx
    .update(chainTransactions)
    .set({ ...opts.set, status })
    .where(eq(chainTransactions.id, id))
    .returning()
    .get();
  const detail = opts.detail ?? null;
  const hashChanged = row.transactionHash !== before.transactionHash;
  applyToEntity(tx, row, opts.facts ?? {});
  // The final outcome as a 'system' audit event (Activity, the console's notifications): once, when
  // the status becomes final — a later note on the same status is no second outcome.
  if (before.status !== status) recordOutcome(tx, row);
  // A change worth a history line (and a listener call): new status, new hash, or something said.
  if (before.status !== status || hashChanged || detail) {
    tx.insert(chainTxEvents)
      .values({ seq: nextChainSeq(tx, 'chain_tx_events'), chainTxId: id, status, previousStatus: before.status === status && status === 'PREPARED' ? null : before.status, transactionHash: row.transactionHash, detail })
      .run();
    const change: LedgerChange = { row, previousStatus: before.status, status, state: ledgerState(row), detail, hashChanged };
    for (const listener of listeners) listener(tx, change);
  }
  return row;
}

/** `applyTransition` in its own transaction. */
export function transitionChainTx(db: Db, id: string, status: ChainTxStatus, opts: Parameters<typeof applyTransition>[3] = {}): ChainTransaction {
  const row = db.transaction((tx) => applyTransition(tx, id, status, opts));
  log(status === 'FAILED' || status === 'REVERTED' || status === 'ORPHANED' ? 'warn' : 'info', 'chain transaction state', {
    ledgerId: id,
    kind: row.kind,
    entityId: row.entityId,
    status,
    transactionHash: row.transactionHash,
    ...(opts.detail ? { detail: opts.detail } : {}),
  });
  return row;
}

const isFailure = (status: ChainTxStatus) => status === 'FAILED' || status === 'REVERTED' || status === 'ORPHANED' || status === 'CANCELLED';

function recordOutcome(tx: Writer, row: ChainTransaction) {
  if (row.status !== 'CONFIRMED' && !isFailure(row.status)) return;
  recordChainOutcome(tx, {
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
function applyToEntity(tx: Writer, row: ChainTransaction, facts: EntityFacts) {
  const failed = isFailure(row.status);
  const error = failed ? (row.error ?? 'the transaction failed') : null;
  if (row.kind === 'transfer') {
    tx.update(tokenTransfers)
      .set({
        status: transferStatusOf(row),
        state: ledgerState(row),
        broadcast: row.broadcast,
        ...(row.transactionHash ? { transactionHash: row.transactionHash } : {}),
        error,
      })
      .where(and(eq(tokenTransfers.id, row.entityId), eq(tokenTransfers.organizationId, row.organizationId)))
      .run();
    return;
  }
  if (row.status === 'PREPARED') return; // the operation resets its record in the same transaction
  if (row.kind === 'deploy') {
    const where = and(eq(smartContracts.id, row.entityId), eq(smartContracts.organizationId, row.organizationId));
    if (failed) {
      tx.update(smartContracts)
        .set({ status: 'FAILED', deploymentTransactionHash: row.transactionHash, deploymentLogs: JSON.stringify({ error }), contractAddress: null, deployedAt: null })
        .where(where)
        .run();
    } else if (row.status === 'CONFIRMED') {
      tx.update(smartContracts)
        .set({
          status: 'DEPLOYED',
          contractAddress: row.contractAddress,
          creatorAddress: row.fromAddress,
          deployedAt: row.blockTime,
          deploymentTransactionHash: row.transactionHash,
          ...(facts.logs ? { deploymentLogs: facts.logs } : {}),
        })
        .where(where)
        .run();
    } else {
      // Signed, sent, or mined but not deep enough (or back from a reorg): not deployed yet.
      tx.update(smartContracts)
        .set({
          status: 'CREATED',
          contractAddress: null,
          deployedAt: null,
          deploymentTransactionHash: row.transactionHash,
          creatorAddress: row.fromAddress,
          ...(facts.logs ? { deploymentLogs: facts.logs } : {}),
        })
        .where(where)
        .run();
    }
    return;
  }
  const where = and(eq(nfts.id, row.entityId), eq(nfts.organizationId, row.organizationId));
  if (failed) {
    tx.update(nfts)
      .set({ status: 'FAILED', mintTransactionHash: row.transactionHash, mintLogs: JSON.stringify({ error }), tokenId: null, tokenOwner: null, mintedAt: null })
      .where(where)
      .run();
  } else if (row.status === 'CONFIRMED') {
    tx.update(nfts)
      .set({
        status: 'MINTED',
        tokenId: row.tokenId,
        mintedAt: row.blockTime,
        mintTransactionHash: row.transactionHash,
        ...(facts.tokenOwner !== undefined ? { tokenOwner: facts.tokenOwner } : {}),
        ...(facts.logs ? { mintLogs: facts.logs } : {}),
      })
      .where(where)
      .run();
  } else {
    tx.update(nfts)
      .set({
        status: 'PENDING',
        mintedAt: null,
        mintTransactionHash: row.transactionHash,
        ...(facts.tokenOwner !== undefined ? { tokenOwner: facts.tokenOwner } : {}),
        ...(facts.logs ? { mintLogs: facts.logs } : {}),
      })
      .where(where)
      .run();
  }
}
