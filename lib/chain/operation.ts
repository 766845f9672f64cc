import type { Db } from '@/db/client';
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
export async function runChainOperation(db: Db, chain: ChainClient, ledgerId: string, submit: () => Promise<SubmitResult>): Promise<SubmitResult> {
  inFlight.add(ledgerId);
  try {
    const result = await submit();
    await followOnce(db, chain, ledgerId);
    return result;
  } catch (error) {
    const row = getChainTx(db, ledgerId)!;
    const uncertain = error instanceof ChainError && error.kind === 'uncertain';
    if (!uncertain && (row.status === 'PREPARED' || row.status === 'SIGNED')) failChainTx(db, row, shortReason(error));
    throw error;
  } finally {
    inFlight.delete(ledgerId);
  }
}
