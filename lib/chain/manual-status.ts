import { and, eq, inArray } from 'drizzle-orm';
import type { Nft, SmartContract } from '@/db/schema';
import { pendingChainTxStatuses } from '@/db/enums';
import { chainTransactions } from '@/lib/storage/tables';
import { ConflictError } from '@/lib/errors';
import type { Store } from '@/lib/storage/store';

/**
 * What A3 (contract) and A7 (NFT status) may still write by hand once a chain has spoken.
 *
 * Contracts:
 * - while a deployment is in progress, A3 changes nothing (409);
 * - a contract DEPLOYED by this service (it has a deploymentTransactionHash) keeps the status,
 *   address and deployment time its receipt gave: A3 may repeat them but not change them (409);
 * - any other contract (never deployed here, or whose deployment FAILED) is bookkeeping for a
 *   contract deployed elsewhere: A3 works as before.
 * NFTs:
 * - while a mint is in progress, A7 may not change status or mintedAt (409);
 * - an NFT MINTED by this service (it has a mintTransactionHash) keeps status and mintedAt (409);
 * - on a contract deployed by this service, PENDING and MINTED cannot be written by hand — only a
 *   mint (POST /nft/{id}/mint) gets there (409); CREATED/FAILED may still be written;
 * - on any other contract, A7 works as before (minting happened elsewhere).
 */

/** The record's chain operation still in flight, if any (liveChainTx's question, on the Store). */
async function liveOperation(store: Store, entityId: string) {
  const [live] = await store
    .select({ id: chainTransactions.id, status: chainTransactions.status, transactionHash: chainTransactions.transactionHash })
    .from(chainTransactions)
    .where(and(eq(chainTransactions.entityId, entityId), inArray(chainTransactions.status, [...pendingChainTxStatuses])))
    .limit(1);
  return live;
}

export async function assertContractManualUpdate(
  store: Store,
  current: SmartContract,
  next: { status: SmartContract['status']; contractAddress: string | null; deployedAt: Date | null },
) {
  const live = await liveOperation(store, current.id);
  if (live) {
    throw new ConflictError('The contract is being deployed; wait for its receipt.', [
      `status: deployment ${live.transactionHash ?? live.id} is ${live.status}`,
    ]);
  }
  if (current.status === 'DEPLOYED' && current.deploymentTransactionHash) {
    const changed: string[] = [];
    if (next.status !== current.status) changed.push('status');
    if ((next.contractAddress ?? '').toLowerCase() !== (current.contractAddress ?? '').toLowerCase()) changed.push('contractAddress');
    if (next.deployedAt?.getTime() !== current.deployedAt?.getTime()) changed.push('deployedAt');
    if (changed.length) {
      throw new ConflictError('This contract was deployed on chain by the service; its receipt decides these fields.', [
        ...changed.map((f) => `${f}: set by deployment ${current.deploymentTransactionHash}`),
      ]);
    }
  }
}

export async function assertNftManualStatus(
  store: Store,
  current: Pick<Nft, 'id' | 'status' | 'mintTransactionHash' | 'mintedAt'>,
  contract: Pick<SmartContract, 'deploymentTransactionHash'>,
  input: { status?: Nft['status']; mintedAt?: Date },
) {
  const touchesStatus = (input.status !== undefined && input.status !== current.status) || input.mintedAt !== undefined;
  if (!touchesStatus) return;
  const live = await liveOperation(store, current.id);
  if (live) {
    throw new ConflictError('The NFT is being minted; wait for its receipt.', [`status: mint ${live.transactionHash ?? live.id} is ${live.status}`]);
  }
  if (current.status === 'MINTED' && current.mintTransactionHash) {
    throw new ConflictError('This NFT was minted on chain by the service; its receipt decides status and mintedAt.', [
      `status: set by mint ${current.mintTransactionHash}`,
    ]);
  }
  if (contract.deploymentTransactionHash && (input.status === 'MINTED' || input.status === 'PENDING')) {
    throw new ConflictError('NFTs of a contract deployed by the service are minted on chain, not marked by hand.', [
      `status: use POST /api/v1/cl2c/nft/${current.id}/mint`,
    ]);
  }
}
