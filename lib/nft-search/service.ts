import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { nfts, smartContracts } from '@/db/schema';
import { NotFoundError } from '@/lib/errors';
import { copyrightedExpr, ensureSearchFunctions, mintedExpr } from './fields';
import { compileSearch, orderBySql, whereSql } from './filter';
import type { SearchNftsBody } from './schemas';

const itemColumns = {
  id: nfts.id,
  name: nfts.name,
  description: nfts.description,
  externalUrl: nfts.externalUrl,
  imagePath: nfts.imagePath,
  status: nfts.status,
  supply: nfts.supply,
  minted: sql<boolean>`${mintedExpr}`.mapWith((v) => Boolean(v)),
  mintedAt: nfts.mintedAt,
  mintTransactionHash: nfts.mintTransactionHash,
  mintLogs: nfts.mintLogs,
  tokenId: nfts.tokenId,
  tokenUri: nfts.tokenUri,
  tokenOwner: nfts.tokenOwner,
  copyrighted: sql<boolean>`${copyrightedExpr}`.mapWith((v) => Boolean(v)),
  copyrightMetadata: nfts.copyrightMetadata,
  copyrightedAt: nfts.copyrightedAt,
  licence: nfts.licence,
  signature: nfts.signature,
  createdAt: nfts.createdAt,
  updatedAt: nfts.updatedAt,
};

/**
 * B1: one page of the tenant's NFTs matching keyword / advancedSearch (OR-ed), advancedFilter and
 * smartContractId (AND-ed) — one SQL query for the page plus one for the count, never filtered
 * in memory.
 */
export function searchNfts(db: Db, organizationId: string, body: SearchNftsBody) {
  ensureSearchFunctions(db);
  const compiled = compileSearch(body);
  const base = [sql`${nfts.organizationId} = ${organizationId}`];
  if (compiled.smartContractId) base.push(sql`${nfts.smartContractId} = ${compiled.smartContractId}`);
  const where = whereSql(compiled, base);
  const { pageNumber, pageSize } = compiled;

  const totalCount =
    db
      .select({ n: count() })
      .from(nfts)
      .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
      .where(where)
      .get()?.n ?? 0;
  const data = db
    .select({ ...itemColumns, smartContractId: nfts.smartContractId, smartContractName: smartContracts.name })
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(where)
    .orderBy(...orderBySql(compiled.orderBy, sql`${nfts.id}`, sql`${nfts.createdAt}`))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)
    .all();
  const totalPages = Math.ceil(totalCount / pageSize);
  return {
    data,
    currentPage: pageNumber,
    totalPages,
    totalCount,
    pageSize,
    hasPreviousPage: pageNumber > 1,
    hasNextPage: pageNumber < totalPages,
  };
}

// Qualified by hand: the subquery must see the outer contract row.
const totalSupply = sql<number>`(select coalesce(sum("n2"."supply"), 0) from "nfts" as "n2" where "n2"."smart_contract_id" = "smart_contracts"."id")`;

/** B2: one NFT of the tenant with its contract; another tenant's NFT does not exist here. */
export function getNft(db: Db, organizationId: string, id: string) {
  const row = db
    .select({
      ...itemColumns,
      contract: {
        id: smartContracts.id,
        name: smartContracts.name,
        symbol: smartContracts.symbol,
        network: smartContracts.network,
        status: smartContracts.status,
        deploymentTransactionHash: smartContracts.deploymentTransactionHash,
        deploymentLogs: smartContracts.deploymentLogs,
        contractAddress: smartContracts.contractAddress,
        creatorAddress: smartContracts.creatorAddress,
        totalSupply: totalSupply.mapWith(Number),
        description: smartContracts.description,
      },
    })
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(and(eq(nfts.id, id), eq(nfts.organizationId, organizationId)))
    .get();
  if (!row) throw new NotFoundError('NFT');
  const { contract, ...nft } = row;
  const { status, ...rest } = contract;
  return { ...nft, smartContract: { ...rest, deployed: status === 'DEPLOYED' } };
}
