import { releaseChainTx } from '@/lib/storage/chain-claims';
import type { Store } from '@/lib/storage/store';
import { chainInstanceId } from './instance';
import { ChainError, shortReason } from './errors';
import { getChainTx } from './ledger';
import { failChainTx, followOnce, inFlight } from './settle';
import type { ChainClient, SubmitResult } from './types';

/**
 * Runs one chain call for a PREPARED ledger row (outside any transaction), then:
 * - signed and accepted → the record already carries the hash (lib/chain/state.ts), and one receipt
 *   check settles it when the chain already answers (the `local` driver, an automining dev node);
 *   otherwise the receipt worker does;
 * - refused or unreachable before anything was sent → ledger row and record FAILED with the reason;
 * - signed but the node's answer lost → stays pending (sent) for the worker, which never gives it
 *   up while its nonce is free.
 * The error is rethrown for the API to answer (ChainError carries its status).
 */
export async function runChainOperation(store: Store, chain: ChainClient, ledgerId: string, submit: () => Promise<SubmitResult>): Promise<SubmitResult> {
  inFlight.add(ledgerId);
  try {
    const result = await submit();
    await followOnce(store, chain, ledgerId);
    return result;
  } catch (error) {
    const row = (await getChainTx(store, ledgerId))!;
    const uncertain = error instanceof ChainError && error.kind === 'uncertain';
    if (!uncertain && (row.status === 'PREPARED' || row.status === 'SIGNED')) await failChainTx(store, row, shortReason(error));
    throw error;
  } finally {
    inFlight.delete(ledgerId);
    // The receipt worker of any instance may follow it from now on.
    await releaseChainTx(store, ledgerId, chainInstanceId).catch(() => {});
  }
}
