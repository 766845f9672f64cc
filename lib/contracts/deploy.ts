import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { smartContracts } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import { organizationAccount, type ChainClient } from '@/lib/chain';
import { assertChainUsable } from '@/lib/chain/identity';
import { prepareChainTx } from '@/lib/chain/ledger';
import { runChainOperation } from '@/lib/chain/operation';
import { ConflictError, NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/http/actor';
import { sqliteStore } from '@/lib/storage/sqlite/store';
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
export async function deployContract(db: Db, chain: ChainClient, actor: Actor, id: string) {
  const from = organizationAccount(db, actor.organizationId);
  if (!from) throw new ConflictError('The organization has no signing key.', ['organization: no chain key configured']);
  await assertChainUsable(db, chain);
  const prepared = db.transaction(
    (tx) => {
      const contract = tx
        .select()
        .from(smartContracts)
        .where(and(eq(smartContracts.id, id), eq(smartContracts.organizationId, actor.organizationId)))
        .get();
      if (!contract) throw new NotFoundError('Smart contract');
      if (contract.status === 'DEPLOYED') {
        throw new ConflictError('This contract is already deployed.', [`status: DEPLOYED at ${contract.contractAddress}`]);
      }
      const ledger = prepareChainTx(tx, { organizationId: actor.organizationId, kind: 'deploy', entityId: id, chain: chain.name });
      tx.update(smartContracts)
        .set({ status: 'CREATED', deploymentTransactionHash: null, deploymentLogs: null, creatorAddress: null, contractAddress: null, deployedAt: null })
        .where(eq(smartContracts.id, id))
        .run();
      recordAudit(tx, actor, { action: 'contract.deploy', entityType: 'smart_contract', entityId: id, data: { chain: chain.name, from: from.address } });
      return { ledgerId: ledger.id, contract };
    },
    { behavior: 'immediate' },
  );
  const { contract, ledgerId } = prepared;
  await runChainOperation(db, chain, ledgerId, () =>
    chain.deploy({
      ledgerId,
      from,
      contract: 'CL2CCollection',
      args: { name: contract.name, symbol: contract.symbol, owner: from.address, royaltyReceiver: from.address, royaltyBps: royaltyBps(contract.metadata) },
    }),
  );
  return getContract(sqliteStore(db), actor.organizationId, id);
}
