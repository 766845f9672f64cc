import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import * as sqliteSchema from '@/db/schema';
import type { SmartContract } from '@/db/schema';
import { nfts, smartContracts } from '@/lib/storage/tables';
import { recordAuditIn } from '@/lib/audit/service';
import { chainFactsFor, chainFactsForIn } from '@/lib/chain/facts';
import { assertContractManualUpdate } from '@/lib/chain/manual-status';
import { contractPage } from '@/lib/storage/contract-list';
import { inPageOrder } from '@/lib/storage/lists';
import type { Store } from '@/lib/storage/store';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import { recordEventIn } from '@/lib/webhooks/emit';
import { manualStatusEvents } from '@/lib/webhooks/events';
import { envelope } from '@/lib/shared/query';
import type { ContractChainView, CreateContractBody, ListContractsQuery, UpdateContractBody } from './schemas';

export type ContractView = Omit<SmartContract, 'organizationId' | 'totalNfts' | 'totalSupply' | 'metadata'> & {
  metadata: Record<string, unknown>;
  totalNFTs: number;
};

/** The API's columns of a contract, over either engine's table (the synchronous twin reads SQLite's). */
const columnsOf = (t: typeof smartContracts) => ({
  id: t.id,
  name: t.name,
  symbol: t.symbol,
  description: t.description,
  network: t.network,
  env: t.env,
  status: t.status,
  contractAddress: t.contractAddress,
  deployedAt: t.deployedAt,
  // An object, never null (a strict client types it as one): `{}` when none was given.
  metadata: sql<Record<string, unknown>>`coalesce(${t.metadata}, '{}')`.mapWith(t.metadata),
  creatorAddress: t.creatorAddress,
  deploymentTransactionHash: t.deploymentTransactionHash,
  deploymentLogs: t.deploymentLogs,
  // Stored, kept by triggers (lib/storage/sqlite/search): no per-row count.
  totalNFTs: t.totalNfts,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});
const viewColumns = columnsOf(smartContracts);

/**
 * A1: one page of the organization's contracts, with the applied filters echoed. The ids and the
 * exact total come from the engine's list module; the page's rows are loaded by id.
 */
export async function listContracts(store: Store, organizationId: string, q: ListContractsQuery) {
  const { ids, total } = await contractPage(store, organizationId, q);
  const rows = ids.length ? await store.select(viewColumns).from(smartContracts).where(inArray(smartContracts.id, ids)) : [];
  return envelope(inPageOrder(ids, rows), { page: q.page, limit: q.limit, total }, {
    search: q.search,
    status: q.status ?? null,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  });
}

/** One contract of the organization; other organizations' contracts do not exist here. */
export async function getContract(store: Store, organizationId: string, id: string): Promise<ContractView> {
  const [row] = await store
    .select(viewColumns)
    .from(smartContracts)
    .where(and(eq(smartContracts.id, id), eq(smartContracts.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new NotFoundError('Smart contract');
  return row;
}

type ContractWithChain = ContractView & { chainTransaction: ContractChainView['chainTransaction'] };

/** A contract with the chain facts of its latest deployment (GET /cl2c/contract/{id}, deploy). */
export async function getContractWithChain(store: Store, organizationId: string, id: string): Promise<ContractWithChain> {
  const contract = await getContract(store, organizationId, id);
  return { ...contract, chainTransaction: await chainFactsForIn(store, id) };
}

/**
 * The synchronous twin of getContractWithChain for the webhook resource loader
 * (lib/wiring/webhooks.ts), which the chain ledger's SQLite transactions call.
 */
export function getContractWithChainSync(db: Db, organizationId: string, id: string): ContractWithChain {
  const t = sqliteSchema.smartContracts;
  const columns = columnsOf(t as unknown as typeof smartContracts) as unknown as { id: typeof t.id };
  const row = db.select(columns).from(t).where(and(eq(t.id, id), eq(t.organizationId, organizationId))).get();
  if (!row) throw new NotFoundError('Smart contract');
  return { ...(row as ContractView), chainTransaction: chainFactsFor(db, id) };
}

/** A2: a new, undeployed contract record. */
export async function createContract(store: Store, actor: Actor, input: CreateContractBody): Promise<ContractView> {
  const id = await store.transaction(async (tx) => {
    const [row] = await tx
      .insert(smartContracts)
      .values({ ...input, organizationId: actor.organizationId, status: 'CREATED' })
      .returning({ id: smartContracts.id });
    await recordAuditIn(tx, actor, { action: 'contract.create', entityType: 'smart_contract', entityId: row!.id, data: { name: input.name } });
    return row!.id;
  });
  return getContract(store, actor.organizationId, id);
}

/** A3: status, address and deployment time; DEPLOYED needs an address (given or stored). */
export async function updateContract(store: Store, actor: Actor, input: UpdateContractBody): Promise<ContractView> {
  await store.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(smartContracts)
      .where(and(eq(smartContracts.id, input.id), eq(smartContracts.organizationId, actor.organizationId)))
      .limit(1);
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
    await assertContractManualUpdate(tx, current, changes);
    await tx.update(smartContracts).set(changes).where(eq(smartContracts.id, current.id));
    const event = status !== current.status ? manualStatusEvents.contract[status as keyof typeof manualStatusEvents.contract] : undefined;
    if (event) {
      await recordEventIn(tx, {
        organizationId: actor.organizationId,
        type: event,
        resourceType: 'contract',
        resourceId: current.id,
        data: () => getContractWithChain(tx, actor.organizationId, current.id),
      });
    }
    await recordAuditIn(tx, actor, {
      action: 'contract.update',
      entityType: 'smart_contract',
      entityId: current.id,
      data: {
        from: { status: current.status, contractAddress: current.contractAddress, deployedAt: current.deployedAt },
        to: changes,
      },
    });
  });
  return getContract(store, actor.organizationId, input.id);
}

/** A4: deletes a contract that has no NFTs; otherwise 409 and nothing changes. */
export function deleteContract(store: Store, actor: Actor, id: string) {
  return store.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: smartContracts.id, name: smartContracts.name })
      .from(smartContracts)
      .where(and(eq(smartContracts.id, id), eq(smartContracts.organizationId, actor.organizationId)))
      .limit(1);
    if (!current) throw new NotFoundError('Smart contract');
    const [counted] = await tx.select({ n: count() }).from(nfts).where(eq(nfts.smartContractId, id));
    const nftCount = Number(counted?.n ?? 0);
    if (nftCount > 0) {
      throw new ConflictError(`The contract still has ${nftCount} NFT${nftCount === 1 ? '' : 's'}; delete them first.`, [
        `id: contract ${id} has ${nftCount} NFT${nftCount === 1 ? '' : 's'}`,
      ]);
    }
    await tx.delete(smartContracts).where(eq(smartContracts.id, id));
    await recordAuditIn(tx, actor, { action: 'contract.delete', entityType: 'smart_contract', entityId: id, data: { name: current.name } });
    return { message: 'Smart contract deleted.', deletedContract: current };
  });
}
