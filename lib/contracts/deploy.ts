import { and, eq } from 'drizzle-orm';
import { smartContracts } from '@/lib/storage/tables';
import { recordAuditIn } from '@/lib/audit/service';
import { organizationAccountIn, type ChainClient } from '@/lib/chain';
import { assertChainUsable } from '@/lib/chain/identity';
import { prepareChainTx } from '@/lib/chain/ledger';
import { runChainOperation } from '@/lib/chain/operation';
import { ConflictError, NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import type { Store } from '@/lib/storage/store';
import { getContract } from './service';

/** ERC-2981 default royalty when the contract's metadata names none: 5 % to the organization's wallet. */
export const DEFAULT_ROYALTY_BPS = 500;

/** `metadata.royaltyBps` (0–10000) when given, else the default. */
export function royaltyBps(metadata: Record<string, unknown> | null): number {
  const value = metadata?.royaltyBps;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000 ? value : DEFAULT_ROYALTY_BPS;
}

/**
 * Deploys a CREATED (or FAILED) contract record as a CL2CCollection owned by the organization's
 * wallet: the ledger row is written with the record's reset in one transaction, then the creation
 * transaction is signed and sent; its hash is stored at once and the receipt makes the record
 * DEPLOYED (contractAddress, creatorAddress, deployedAt = block time, deploymentLogs) or FAILED.
 */
export async function deployContract(store: Store, chain: ChainClient, actor: Actor, id: string) {
  const from = await organizationAccountIn(store, actor.organizationId);
  if (!from) throw new ConflictError('The organization has no signing key.', ['organization: no chain key configured']);
  await assertChainUsable(store, chain);
  const { contract, ledgerId } = await store.transaction(async (tx) => {
    const [contract] = await tx
      .select()
      .from(smartContracts)
      .where(and(eq(smartContracts.id, id), eq(smartContracts.organizationId, actor.organizationId)))
      .limit(1);
    if (!contract) throw new NotFoundError('Smart contract');
    if (contract.status === 'DEPLOYED') {
      throw new ConflictError('This contract is already deployed.', [`status: DEPLOYED at ${contract.contractAddress}`]);
    }
    const ledger = await prepareChainTx(tx, { organizationId: actor.organizationId, kind: 'deploy', entityId: id, chain: chain.name });
    await tx
      .update(smartContracts)
      .set({ status: 'CREATED', deploymentTransactionHash: null, deploymentLogs: null, creatorAddress: null, contractAddress: null, deployedAt: null })
      .where(eq(smartContracts.id, id));
    await recordAuditIn(tx, actor, { action: 'contract.deploy', entityType: 'smart_contract', entityId: id, data: { chain: chain.name, from: from.address } });
    return { ledgerId: ledger.id, contract };
  });
  await runChainOperation(store, chain, ledgerId, () =>
    chain.deploy({
      ledgerId,
      from,
      contract: 'CL2CCollection',
      args: { name: contract.name, symbol: contract.symbol, owner: from.address, royaltyReceiver: from.address, royaltyBps: royaltyBps(contract.metadata) },
    }),
  );
  return getContract(store, actor.organizationId, id);
}
