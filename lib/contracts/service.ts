import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { nfts, smartContracts, type SmartContract } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import { chainFactsFor } from '@/lib/chain/facts';
import { assertContractManualUpdate } from '@/lib/chain/manual-status';
import { cachedCount } from '@/lib/search/count-cache';
import { readCounter } from '@/lib/search/counters';
import { columnMatch, ftsPhrase, matchRowids } from '@/lib/search/fts';
import { anchoredPageIds, inPageOrder } from '@/lib/search/paging';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import type { Actor } from '@/lib/http/actor';
import { recordEvent } from '@/lib/webhooks/emit';
import { manualStatusEvents } from '@/lib/webhooks/events';
import { envelope, likePattern } from '@/lib/http/query';
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
  // Stored, kept by triggers (lib/search): no per-row count.
  totalNFTs: smartContracts.totalNfts,
  createdAt: smartContracts.createdAt,
  updatedAt: smartContracts.updatedAt,
};

const sortColumns = {
  createdAt: smartContracts.createdAt,
  updatedAt: smartContracts.updatedAt,
  name: smartContracts.name,
  symbol: smartContracts.symbol,
  status: smartContracts.status,
  deployedAt: smartContracts.deployedAt,
} as const;

/**
 * The rows a contract list or export is about: the organization's, in `status`, matching `search`
 * (trigram candidates first when the term has three characters or more, then the LIKE decides).
 */
export function contractFilter(organizationId: string, q: Pick<ListContractsQuery, 'search' | 'status'>): SQL | undefined {
  const conditions: SQL[] = [eq(smartContracts.organizationId, organizationId)];
  if (q.status) conditions.push(eq(smartContracts.status, q.status));
  if (q.search) {
    const phrase = ftsPhrase(q.search, 'A');
    if (phrase) {
      conditions.push(matchRowids(sql`"smart_contracts"."rowid"`, 'search_contracts', columnMatch(['name', 'symbol', 'description'], phrase)));
    }
    const pattern = likePattern(q.search);
    conditions.push(
      or(
        sql`${smartContracts.name} like ${pattern} escape '\\'`,
        sql`${smartContracts.symbol} like ${pattern} escape '\\'`,
        sql`${smartContracts.description} like ${pattern} escape '\\'`,
      )!,
    );
  }
  return and(...conditions);
}

/**
 * A1: one page of the organization's contracts, with the applied filters echoed. Totals come from
 * trigger-kept counters (or, for a search, an exact generation-keyed cache); a search narrows the
 * candidates through the trigram index before the original LIKE decides; the page is a deferred
 * join over the (organization, sort column, id) index.
 */
export function listContracts(db: Db, organizationId: string, q: ListContractsQuery) {
  const where = contractFilter(organizationId, q);
  const filterKey = [q.search, q.status];
  const total = q.search
    ? cachedCount(db, organizationId, `contracts:${JSON.stringify([q.search, q.status])}`, () =>
        db.select({ n: count() }).from(smartContracts).where(where).get()?.n ?? 0,
      )
    : readCounter(db, organizationId, q.status ? `contracts:status:${q.status}` : 'contracts');
  const ids = anchoredPageIds(db, {
    organizationId,
    key: `contracts|${JSON.stringify(filterKey)}|${q.sortBy}`,
    from: sql`${smartContracts}`,
    id: sql`${smartContracts.id}`,
    where,
    sort: sql`${sortColumns[q.sortBy]}`,
    direction: q.sortOrder,
    total,
    page: q.page,
    limit: q.limit,
  });
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
