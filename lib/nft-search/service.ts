import { and, eq, inArray, sql } from 'drizzle-orm';
import { nfts, smartContracts } from '@/lib/storage/tables';
import { NotFoundError } from '@/lib/errors';
import { inPageOrder } from '@/lib/storage/lists';
import { nftSearchPageOf, type B1Observer } from '@/lib/storage/nft-search-list';
import type { Store } from '@/lib/storage/store';
import { compileSearch } from './filter';
import type { SearchNftsBody } from './schemas';

const itemColumns = {
  id: nfts.id,
  name: nfts.name,
  description: nfts.description,
  externalUrl: nfts.externalUrl,
  imagePath: nfts.imagePath,
  status: nfts.status,
  supply: nfts.supply,
  minted: sql<boolean>`(${nfts.status} = 'MINTED')`.mapWith((v) => Boolean(v)),
  mintedAt: nfts.mintedAt,
  mintTransactionHash: nfts.mintTransactionHash,
  mintLogs: nfts.mintLogs,
  tokenId: nfts.tokenId,
  tokenUri: nfts.tokenUri,
  tokenOwner: nfts.tokenOwner,
  // Stored, kept by triggers (lib/storage/sqlite/search): no EXISTS per row.
  copyrighted: nfts.copyrighted,
  copyrightMetadata: nfts.copyrightMetadata,
  copyrightedAt: nfts.copyrightedAt,
  licence: nfts.licence,
  signature: nfts.signature,
  createdAt: nfts.createdAt,
  updatedAt: nfts.updatedAt,
};

/**
 * B1: one page of the tenant's NFTs matching keyword / advancedSearch (OR-ed), advancedFilter and
 * smartContractId (AND-ed). The body is checked and compiled here (every problem named by its
 * path); the page's ids and the exact total come from the engine's query module
 * (lib/storage/nft-search-list.ts: lib/storage/{sqlite,postgres}/lists/nft-search.ts); only the
 * page's rows are then loaded, by id. `observe` (tests) sees which plan the SQLite engine took.
 */
export async function searchNfts(store: Store, organizationId: string, body: SearchNftsBody, observe?: B1Observer) {
  const compiled = compileSearch(body);
  const { pageNumber, pageSize } = compiled;
  const { ids, total: totalCount } = await nftSearchPageOf(store, organizationId, compiled, body, observe);
  const rows = ids.length
    ? await store
        .select({ ...itemColumns, smartContractId: nfts.smartContractId, smartContractName: smartContracts.name })
        .from(nfts)
        .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
        .where(inArray(nfts.id, ids))
    : [];
  const data = inPageOrder(ids, rows);
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

/** B2: one NFT of the tenant with its contract; another tenant's NFT does not exist here. */
export async function getNft(store: Store, organizationId: string, id: string) {
  const [row] = await store
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
        // Stored, kept by triggers (lib/storage/sqlite/search): no sum per request.
        totalSupply: smartContracts.totalSupply,
        description: smartContracts.description,
      },
    })
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(and(eq(nfts.id, id), eq(nfts.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new NotFoundError('NFT');
  const { contract, ...nft } = row;
  const { status, ...rest } = contract;
  return { ...nft, smartContract: { ...rest, deployed: status === 'DEPLOYED' } };
}
