import type { Db } from '@/lib/storage/sqlite/client';
import type { ChainTransaction } from '@/db/schema';
import type { ChainTxAttempt, ChainTxEvent } from '@/db/schema';
import type { Store } from '@/lib/storage/store';
import { attemptsOf, attemptsOfIn, historyOf, historyOfIn, latestChainTxFor, latestChainTxForIn } from './ledger';
import type { ChainFactsView } from './schemas';
import { confirmationsFor } from './settings';
import { isPending, ledgerState } from './state';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The chain facts of a ledger row (hashes tried, receipt, history), for API reads. */
export function chainFacts(db: Pick<Db, 'select'>, row: ChainTransaction): ChainFactsView {
  return factsView(row, attemptsOf(db, row.id), historyOf(db, row.id));
}

function factsView(row: ChainTransaction, attempts: ChainTxAttempt[], history: ChainTxEvent[]): ChainFactsView {
  const mined = row.status === 'MINED' || row.status === 'CONFIRMED' || row.status === 'REVERTED' || row.status === 'CANCELLED';
  return {
    id: row.id,
    // A filler (a wallet's zero-value self-transfer) has no record, so it is never a record's operation.
    kind: row.kind as ChainFactsView['kind'],
    chain: row.chain,
    chainId: row.chainId,
    status: row.status,
    state: ledgerState(row),
    pending: isPending(row.status),
    confirmed: row.status === 'CONFIRMED',
    requiredConfirmations: confirmationsFor(row.chainId),
    broadcast: row.broadcast,
    fromAddress: row.fromAddress,
    nonce: row.nonce,
    transactionHash: row.transactionHash,
    transactions: attempts.map((a) => ({
      transactionHash: a.transactionHash,
      purpose: a.purpose,
      nonce: a.nonce,
      maxFeePerGas: a.maxFeePerGas,
      maxPriorityFeePerGas: a.maxPriorityFeePerGas,
      broadcast: a.broadcast,
      createdAt: a.createdAt.toISOString(),
    })),
    receipt:
      mined && row.blockNumber != null && row.transactionHash
        ? {
            transactionHash: row.transactionHash,
            status: row.status === 'REVERTED' ? 'reverted' : 'success',
            blockNumber: row.blockNumber,
            blockHash: row.blockHash,
            blockTime: iso(row.blockTime),
            gasUsed: row.gasUsed,
            effectiveGasPrice: row.effectiveGasPrice,
          }
        : null,
    error: row.error,
    cancelRequestedAt: iso(row.cancelRequestedAt),
    history: history.map((e) => ({ status: e.status, transactionHash: e.transactionHash, detail: e.detail, at: e.createdAt.toISOString() })),
  };
}

/** The latest chain operation of a record (contract, NFT, transfer), or null when there is none. */
export function chainFactsFor(db: Pick<Db, 'select'>, entityId: string): ChainFactsView | null {
  const row = latestChainTxFor(db, entityId);
  return row ? chainFacts(db, row) : null;
}

/** `chainFactsFor` on the Store (either engine). */
export async function chainFactsForIn(store: Store, entityId: string): Promise<ChainFactsView | null> {
  const row = await latestChainTxForIn(store, entityId);
  if (!row) return null;
  const [attempts, history] = await Promise.all([attemptsOfIn(store, row.id), historyOfIn(store, row.id)]);
  return factsView(row, attempts, history);
}
