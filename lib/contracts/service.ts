import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { nfts, smartContracts, type SmartContract } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import { chainFactsFor } from '@/lib/chain/facts';
import { assertContractManualUpdate } from '@/lib/chain/manual-status';
import { contractPage } from '@/lib/storage/sqlite/lists/contracts';
import { inPageOrder } from '@/lib/storage/lists';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import type { Actor } from '@/lib/http/actor';
import { recordEvent } from '@/lib/webhooks/emit';
import { manualStatusEvents } from '@/lib/webhooks/events';
import { envelope } from '@/lib/http/query';
import type { ContractChainView, CreateContractBody, ListContractsQuery, UpdateContractBody } from './schemas';

export type ContractView = Omit<SmartContract, 'organizationId' | 'totalNfts' | 'totalSupply' | 'metadata'> & {
  metadata: Record<string, unknown>;
  totalNFTs: number;
};

const viewColumns = {
  id: smartContracts.id,
  name: smartContracts.name,
  symbol: smartContracts.symbol,
  description: smartContracts.description,
  network: smartContracts.network,
  env: smartContracts.env,
  status: smartContracts.status,
  contractAddress: smartContracts.contractAddress,
  deployedAt: smartContracts.deployedAt,
  // An object, never null (a strict client types it as one): `{}` when none was given.
  metadata: sql<Record<string, unknown>>`coalesce(${smartContracts.metadata}, '{}')`.mapWith(smartContracts.metadata),
  creatorAddress: smartContracts.creatorAddress,
  deploymentTransactionHash: smartContracts.deploymentTransactionHash,
  deploymentLogs: smartContracts.deploymentLogs,
  // Stored, kept by triggers (lib/storage/sqlite/search): no per-row count.
  totalNFTs: smartContracts.totalNfts,
  createdAt: smartContracts.createdAt,
  updatedAt: smartContracts.updatedAt,
};

/**
 * A1: one page of the organization's contracts, with the applied filters echoed. The ids and the
 * exact total come from the engine's list module; the page's rows are loaded by id.
 */
export function listContracts(db: Db, organizationId: string, q: ListContractsQuery) {
  const { ids, total } = contractPage(db, organizationId, q);
  const rows = ids.length
    ? db.select(viewColumns).from(smartContracts).where(inArray(smartContracts.id, ids)).all()
    : [];
  return envelope(inPageOrder(ids, rows), { page: q.page, limit: q.limit, total }, {
    search: q.search,
    status: q.status ?? null,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  });
}

/** One contract of the organization; other organizations' contracts do not exist here. */
export function getContract(db: Db, organizationId: string, id: string): ContractView {
  const row = db
    .select(viewColumns)
    .from(smartContracts)
    .where(and(eq(smartContracts.id, id), eq(smartContracts.organizationId, organizationId)))
    .get();
  if (!row) throw new NotFoundError('Smart contract');
  return row;
}

/** A contract with the chain facts of its latest deployment (GET /cl2c/contract/{id}, deploy). */
export function getContractWithChain(db: Db, organizationId: string, id: string): ContractView & { chainTransaction: ContractChainView['chainTransaction'] } {
  return { ...getContract(db, organizationId, id), chainTransaction: chainFactsFor(db, id) };
}

/** A2: a new, undeployed contract record. */
export function createContract(db: Db, actor: Actor, input: CreateContractBody): ContractView {
  const id = db.transaction((tx) => {
    const [row] = tx
      .insert(smartContracts)
      .values({ ...input, organizationId: actor.organizationId, status: 'CREATED' })
      .returning({ id: smartContracts.id })
      .all();
    recordAudit(tx, actor, { action: 'contract.create', entityType: 'smart_contract', entityId: row!.id, data: { name: input.name } });
    return row!.id;
  });
  return getContract(db, actor.organizationId, id);
}

/** A3: status, address and deployment time; DEPLOYED needs an address (given or stored). */
export function updateContract(db: Db, actor: Actor, input: UpdateContractBody): ContractView {
  db.transaction((tx) => {
    const current = tx
      .select()
      .from(smartContracts)
      .where(and(eq(smartContracts.id, input.id), eq(smartContracts.organizationId, actor.organizationId)))
      .get();
    if (!current) throw new NotFoundError('Smart contract');
    const status = input.status ?? current.status;
    const contractAddress = input.contractAddress ?? current.contractAddress;
    if (status === 'DEPLOYED' && !contractAddress) {
      throw new ValidationError('A deployed contract needs a contract address.', [
        'contractAddress: is required when status is DEPLOYED',
      ]);
    }
    let deployedAt = input.deployedAt ?? current.deployedAt;
    if (status === 'DEPLOYED' && !input.deployedAt && current.status !== 'DEPLOYED') deployedAt = new Date();
    const changes = { status, contractAddress, deployedAt };
    assertContractManualUpdate(tx, current, changes);
    tx.update(smartContracts).set(changes).where(eq(smartContracts.id, current.id)).run();
    const event = status !== current.status ? manualStatusEvents.contract[status as keyof typeof manualStatusEvents.contract] : undefined;
    if (event) recordEvent(tx, { organizationId: actor.organizationId, type: event, resourceType: 'contract', resourceId: current.id });
    recordAudit(tx, actor, {
      action: 'contract.update',
      entityType: 'smart_contract',
      entityId: current.id,
      data: {
        from: { status: current.status, contractAddress: current.contractAddress, deployedAt: current.deployedAt },
        to: changes,
      },
    });
  });
  return getContract(db, actor.organizationId, input.id);
}

/** A4: deletes a contract that has no NFTs; otherwise 409 and nothing changes. */
export function deleteContract(db: Db, actor: Actor, id: string) {
  return db.transaction((tx) => {
    const current = tx
      .select({ id: smartContracts.id, name: smartContracts.name })
      .from(smartContracts)
      .where(and(eq(smartContracts.id, id), eq(smartContracts.organizationId, actor.organizationId)))
      .get();
    if (!current) throw new NotFoundError('Smart contract');
    const nftCount = tx.select({ n: count() }).from(nfts).where(eq(nfts.smartContractId, id)).get()?.n ?? 0;
    if (nftCount > 0) {
      throw new ConflictError(`The contract still has ${nftCount} NFT${nftCount === 1 ? '' : 's'}; delete them first.`, [
        `id: contract ${id} has ${nftCount} NFT${nftCount === 1 ? '' : 's'}`,
      ]);
    }
    tx.delete(smartContracts).where(eq(smartContracts.id, id)).run();
    recordAudit(tx, actor, { action: 'contract.delete', entityType: 'smart_contract', entityId: id, data: { name: current.name } });
    return { message: 'Smart contract deleted.', deletedContract: current };
  });
}
