import { and, eq } from 'drizzle-orm';
import { getAddress, parseEventLogs, type Hex } from 'viem';
import { cL2CCollectionAbi } from '@/chain/artifacts';
import type { Db } from '@/db/client';
import { chainTransactions, nfts, smartContracts, tokenTransfers, type ChainTransaction } from '@/db/schema';
import { recordChainOutcome } from '@/lib/audit/chain-events';
import { log } from '@/lib/logger';
import type { ChainClient } from './types';
import { getChainTx } from './ledger';
import { logsJson } from './logs';
import type { ChainReceipt } from './types';

/**
 * Applying a chain outcome to the ledger row and to the record it is for, in one transaction:
 * - deploy:   DEPLOYED with contractAddress, creatorAddress, deployedAt (block time), logs — or FAILED;
 * - mint:     MINTED with tokenId, tokenOwner, mintedAt (block time), mintLogs — or FAILED;
 * - transfer: CONFIRMED when broadcast (a `local` transfer stays SIGNED: nothing was sent) — or FAILED.
 * A failed deploy/mint keeps its reason in deploymentLogs/mintLogs as `{"error": "..."}`.
 */

const globalForFlight = globalThis as unknown as { __cl2cChainInFlight?: Set<string> };
/** Ledger rows a request of this process is working on; the worker leaves them alone. */
export const inFlight = (globalForFlight.__cl2cChainInFlight ??= new Set<string>());

export function applyReceipt(db: Db, row: ChainTransaction, receipt: ChainReceipt) {
  // A mint that emitted no Minted event did not mint (e.g. the address holds no collection).
  const noToken = row.kind === 'mint' && receipt.status === 'success' && receipt.tokenId == null;
  const ok = receipt.status === 'success' && !noToken;
  const reason = ok ? null : noToken ? 'the transaction succeeded but minted no token' : (receipt.reason ?? 'the transaction reverted');
  db.transaction((tx) => {
    tx.update(chainTransactions)
      .set({
        status: ok ? 'CONFIRMED' : 'FAILED',
        blockNumber: receipt.blockNumber,
        blockTime: receipt.blockTime,
        contractAddress: receipt.contractAddress ?? row.contractAddress,
        tokenId: receipt.tokenId,
        error: reason,
        nextCheckAt: null,
      })
      .where(eq(chainTransactions.id, row.id))
      .run();
    const scope = <T extends typeof smartContracts | typeof nfts | typeof tokenTransfers>(t: T) =>
      and(eq(t.id, row.entityId), eq(t.organizationId, row.organizationId));
    if (row.kind === 'deploy') {
      tx.update(smartContracts)
        .set(
          ok
            ? {
                status: 'DEPLOYED',
                contractAddress: receipt.contractAddress,
                creatorAddress: row.fromAddress,
                deployedAt: receipt.blockTime,
                deploymentTransactionHash: receipt.transactionHash,
                deploymentLogs: logsJson(receipt.logs),
              }
            : { status: 'FAILED', deploymentTransactionHash: receipt.transactionHash, deploymentLogs: JSON.stringify({ error: reason }) },
        )
        .where(scope(smartContracts))
        .run();
    } else if (row.kind === 'mint') {
      const owner = ok ? mintRecipient(receipt) : null;
      tx.update(nfts)
        .set(
          ok
            ? {
                status: 'MINTED',
                tokenId: receipt.tokenId,
                tokenOwner: owner,
                mintedAt: receipt.blockTime,
                mintTransactionHash: receipt.transactionHash,
                mintLogs: logsJson(receipt.logs),
              }
            : { status: 'FAILED', mintTransactionHash: receipt.transactionHash, mintLogs: JSON.stringify({ error: reason }) },
        )
        .where(scope(nfts))
        .run();
    } else {
      tx.update(tokenTransfers)
        .set(ok ? { status: receipt.broadcast ? 'CONFIRMED' : 'SIGNED' } : { status: 'FAILED', error: reason })
        .where(scope(tokenTransfers))
        .run();
    }
    recordChainOutcome(tx, {
      organizationId: row.organizationId,
      kind: row.kind,
      entityId: row.entityId,
      ok,
      broadcast: receipt.broadcast,
      transactionHash: receipt.transactionHash,
      blockNumber: receipt.blockNumber,
      tokenId: receipt.tokenId,
      reason,
    });
  });
  log(ok ? 'info' : 'warn', 'chain transaction settled', {
    ledgerId: row.id,
    kind: row.kind,
    entityId: row.entityId,
    transactionHash: receipt.transactionHash,
    status: receipt.status,
    blockNumber: receipt.blockNumber,
    ...(reason ? { reason } : {}),
  });
}

function mintRecipient(receipt: ChainReceipt): string | null {
  const logs = receipt.logs.map((l) => ({ ...l, topics: l.topics as [Hex, ...Hex[]], blockHash: null, blockNumber: null, transactionHash: null, transactionIndex: null, removed: false }));
  const [event] = parseEventLogs({ abi: cL2CCollectionAbi, eventName: 'TransferSingle', logs, strict: false });
  return event?.args.to ? getAddress(event.args.to) : null;
}

/** Nothing was sent (or the chain refused it): the ledger row and its record become FAILED. */
export function failChainTx(db: Db, row: Pick<ChainTransaction, 'id' | 'kind' | 'entityId' | 'organizationId' | 'transactionHash'>, reason: string) {
  db.transaction((tx) => {
    tx.update(chainTransactions).set({ status: 'FAILED', error: reason, nextCheckAt: null }).where(eq(chainTransactions.id, row.id)).run();
    const error = JSON.stringify({ error: reason });
    if (row.kind === 'deploy') {
      tx.update(smartContracts)
        .set({ status: 'FAILED', deploymentLogs: error, deploymentTransactionHash: row.transactionHash })
        .where(and(eq(smartContracts.id, row.entityId), eq(smartContracts.organizationId, row.organizationId)))
        .run();
    } else if (row.kind === 'mint') {
      tx.update(nfts)
        .set({ status: 'FAILED', mintLogs: error, mintTransactionHash: row.transactionHash })
        .where(and(eq(nfts.id, row.entityId), eq(nfts.organizationId, row.organizationId)))
        .run();
    } else {
      tx.update(tokenTransfers)
        .set({ status: 'FAILED', error: reason })
        .where(and(eq(tokenTransfers.id, row.entityId), eq(tokenTransfers.organizationId, row.organizationId)))
        .run();
    }
    recordChainOutcome(tx, {
      organizationId: row.organizationId,
      kind: row.kind,
      entityId: row.entityId,
      ok: false,
      broadcast: false,
      transactionHash: row.transactionHash,
      reason,
    });
  });
  log('warn', 'chain transaction failed', { ledgerId: row.id, kind: row.kind, entityId: row.entityId, reason });
}

/** One receipt check right after submitting (a dev node or the local driver answers at once). */
export async function followOnce(db: Db, chain: ChainClient, ledgerId: string): Promise<void> {
  const row = getChainTx(db, ledgerId);
  if (!row?.transactionHash || (row.status !== 'SIGNED' && row.status !== 'SUBMITTED')) return;
  try {
    const receipt = await chain.getReceipt(row.transactionHash as Hex);
    if (receipt) applyReceipt(db, row, receipt);
  } catch {
    // The receipt worker follows it.
  }
}
