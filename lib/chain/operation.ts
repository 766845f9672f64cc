import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { nfts, smartContracts, tokenTransfers, type ChainTransaction } from '@/db/schema';
import { ChainError, shortReason } from './errors';
import { getChainTx } from './ledger';
import { failChainTx, followOnce, inFlight } from './settle';
import { reportChainState } from './state-hook';
import type { ChainClient, SubmitResult } from './types';

/**
 * Runs one chain call for a PREPARED ledger row (outside any transaction), then:
 * - signed and accepted → the record gets its transaction hash at once, and one receipt check
 *   settles it when the chain already answers (the `local` driver, an automining dev node);
 *   otherwise the receipt worker does;
 * - refused or unreachable before anything was sent → ledger row and record FAILED with the reason;
 * - signed but the node's answer lost → the record keeps its hash and stays pending for the worker.
 * The error is rethrown for the API to answer (ChainError carries 422/502).
 */
export async function runChainOperation(db: Db, chain: ChainClient, ledgerId: string, submit: () => Promise<SubmitResult>): Promise<SubmitResult> {
  inFlight.add(ledgerId);
  try {
    const result = await submit();
    recordEntityHash(db, getChainTx(db, ledgerId)!, result.broadcast);
    await followOnce(db, chain, ledgerId);
    return result;
  } catch (error) {
    const row = getChainTx(db, ledgerId)!;
    if (error instanceof ChainError && error.kind === 'uncertain') {
      recordEntityHash(db, row, null);
    } else if (row.status === 'PREPARED' || row.status === 'SIGNED') {
      failChainTx(db, row, shortReason(error));
    }
    throw error;
  } finally {
    inFlight.delete(ledgerId);
  }
}

/** The hash on the record as soon as it exists (before any receipt). broadcast null: unknown. */
export function recordEntityHash(db: Db, row: ChainTransaction, broadcast: boolean | null) {
  if (!row.transactionHash) return;
  if (row.kind === 'deploy') {
    db.update(smartContracts)
      .set({ deploymentTransactionHash: row.transactionHash, creatorAddress: row.fromAddress })
      .where(and(eq(smartContracts.id, row.entityId), eq(smartContracts.organizationId, row.organizationId)))
      .run();
  } else if (row.kind === 'mint') {
    db.update(nfts)
      .set({ mintTransactionHash: row.transactionHash })
      .where(and(eq(nfts.id, row.entityId), eq(nfts.organizationId, row.organizationId)))
      .run();
  } else {
    db.transaction((tx) => {
      const changed = tx
        .update(tokenTransfers)
        .set({
          transactionHash: row.transactionHash,
          ...(broadcast === null ? {} : { status: broadcast ? ('SUBMITTED' as const) : ('SIGNED' as const), broadcast }),
        })
        .where(and(eq(tokenTransfers.id, row.entityId), eq(tokenTransfers.organizationId, row.organizationId), eq(tokenTransfers.status, 'PENDING')))
        .run().changes;
      if (changed && broadcast) reportChainState(tx, { kind: 'transfer', organizationId: row.organizationId, entityId: row.entityId, state: 'SUBMITTED' });
    });
  }
}
