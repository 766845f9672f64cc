import { getAddress, parseEventLogs, type Hex } from 'viem';
import { cL2CCollectionAbi } from '@/chain/artifacts';
import type { Store } from '@/lib/storage/store';
import type { ChainTransaction } from '@/db/schema';
import { attemptsOfIn, getChainTx } from './ledger';
import { logsJson } from './logs';
import { confirmationsFor, finalityBlocks } from './settings';
import { transitionChainTx } from './state';
import type { ChainClient, ChainReceipt } from './types';
import { runtimeSlot } from '@/lib/runtime';

/**
 * Applying a chain outcome to a ledger row (and, through lib/chain/state.ts, to its record):
 * - a receipt of one of the row's transactions (the first, a fee bump or a cancel — whichever
 *   mined wins): success → MINED, or CONFIRMED once `CHAIN_CONFIRMATIONS` deep; our cancel → CANCELLED;
 *   reverted → REVERTED with the reason decoded by our ABIs (gas was spent);
 * - nothing was sent (refused, unreachable, interrupted before signing) → FAILED.
 * The `local` driver's receipts are final at once (nothing there can be reorganized).
 */

/** Ledger rows a request of this process is working on; the worker leaves them alone. */
export const inFlight = runtimeSlot<Set<string>>('chainInFlight').getOrCreate(() => new Set());

/**
 * Compare-and-set on the status the caller read (`row.status`): a receipt applied by another worker
 * (or request) meanwhile wins, and this one changes nothing (null).
 */
export async function applyReceipt(store: Store, row: ChainTransaction, receipt: ChainReceipt): Promise<ChainTransaction | null> {
  const attempt = (await attemptsOfIn(store, row.id)).find((a) => a.transactionHash.toLowerCase() === receipt.transactionHash.toLowerCase());
  const cancelled = attempt?.purpose === 'cancel';
  // A mint that emitted no Minted event did not mint (e.g. the address holds no collection).
  const noToken = !cancelled && row.kind === 'mint' && receipt.status === 'success' && receipt.tokenId == null;
  const ok = receipt.status === 'success' && !noToken;
  const reason = ok ? null : noToken ? 'the transaction succeeded but minted no token' : (receipt.reason ?? 'the transaction reverted');
  const depth = confirmationsFor(row.chainId);
  // The embedded chain's receipts are final at once (it has no blocks to wait for or to lose).
  const status = !ok ? 'REVERTED' : cancelled ? 'CANCELLED' : !receipt.broadcast || receipt.confirmations >= depth ? 'CONFIRMED' : 'MINED';
  const final = !receipt.broadcast || (status !== 'MINED' && receipt.confirmations >= finalityBlocks());
  return transitionChainTx(store, row.id, status, {
    from: [row.status],
    set: {
      transactionHash: receipt.transactionHash,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      blockTime: receipt.blockTime,
      gasUsed: receipt.gasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice,
      contractAddress: cancelled ? null : (receipt.contractAddress ?? row.contractAddress),
      tokenId: receipt.tokenId,
      error: cancelled ? 'cancelled: a zero-value transfer to the wallet itself took this nonce; nothing was paid' : reason,
      nextCheckAt: null,
      attempts: 0,
      finalAt: final ? new Date() : null,
    },
    detail: !ok
      ? `mined in block ${receipt.blockNumber}, reverted: ${reason}`
      : `mined in block ${receipt.blockNumber} (${receipt.confirmations} of ${depth} confirmations)`,
    facts: cancelled ? {} : { logs: logsJson(receipt.logs), tokenOwner: row.kind === 'mint' && ok ? mintRecipient(receipt) : undefined },
  });
}

function mintRecipient(receipt: ChainReceipt): string | null {
  const logs = receipt.logs.map((l) => ({ ...l, topics: l.topics as [Hex, ...Hex[]], blockHash: null, blockNumber: null, transactionHash: null, transactionIndex: null, removed: false }));
  const [event] = parseEventLogs({ abi: cL2CCollectionAbi, eventName: 'TransferSingle', logs, strict: false });
  return event?.args.to ? getAddress(event.args.to) : null;
}

/** Nothing was sent (or the chain refused it): the ledger row and its record become FAILED — unless it left `row.status` meanwhile. */
export function failChainTx(store: Store, row: Pick<ChainTransaction, 'id' | 'status'>, reason: string): Promise<ChainTransaction | null> {
  return transitionChainTx(store, row.id, 'FAILED', { from: [row.status], set: { error: reason, nextCheckAt: null }, detail: reason });
}

/** One receipt check right after submitting (a dev node or the local driver answers at once). */
export async function followOnce(store: Store, chain: ChainClient, ledgerId: string): Promise<void> {
  const row = await getChainTx(store, ledgerId);
  if (!row?.transactionHash || (row.status !== 'SIGNED' && row.status !== 'SUBMITTED')) return;
  try {
    const receipt = await chain.getReceipt(row.transactionHash as Hex);
    if (receipt) await applyReceipt(store, row, receipt);
  } catch {
    // The receipt worker follows it.
  }
}
