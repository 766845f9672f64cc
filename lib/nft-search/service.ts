import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { nfts, smartContracts } from '@/db/schema';
import { NotFoundError } from '@/lib/errors';
import { copyrightedExpr, ensureSearchFunctions, mintedExpr } from './fields';
import { cachedCount } from '@/lib/search/count-cache';
import { readCounter } from '@/lib/search/counters';
import { inPageOrder, pageWindow } from '@/lib/search/paging';
import { compileSearch, type OrderKey, whereSql } from './filter';
import { fold } from './fields';
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
 * smartContractId (AND-ed), never filtered in memory. Keywords narrow through the trigram index
 * (lib/search/fts.ts) before the original criteria decide; totals come from counters, the
 * contract's stored count, or an exact count cached per write generation; the page's ids are
 * read first (read from the far end past the middle), then only those rows are loaded.
 */
export function searchNfts(db: Db, organizationId: string, body: SearchNftsBody) {
  ensureSearchFunctions(db);
  const compiled = compileSearch(body);
  const base = [sql`${nfts.organizationId} = ${organizationId}`];
  if (compiled.smartContractId) base.push(sql`${nfts.smartContractId} = ${compiled.smartContractId}`);
  const where = whereSql(compiled, base);
  const { pageNumber, pageSize } = compiled;
  const needsContract = compiled.keywords.length > 0 || compiled.filter !== null || compiled.orderBy.some((k) => k.field.name === 'smartContractName');
  const from = needsContract ? sql`"nfts" inner join "smart_contracts" on "smart_contracts"."id" = "nfts"."smart_contract_id"` : sql`"nfts"`;

  let totalCount: number;
  if (!compiled.keywords.length && !compiled.filter) {
    totalCount = compiled.smartContractId
      ? (db
          .select({ n: smartContracts.totalNfts })
          .from(smartContracts)
          .where(and(eq(smartContracts.id, compiled.smartContractId), eq(smartContracts.organizationId, organizationId)))
          .get()?.n ?? 0)
      : readCounter(db, organizationId, 'nfts');
  } else {
    totalCount = cachedCount(db, organizationId, `b1:${JSON.stringify([body.keyword, body.advancedSearch, body.advancedFilter, compiled.smartContractId])}`, () =>
      db.get<{ n: number }>(sql`select count(*) as "n" from ${from} where ${where}`)?.n ?? 0,
    );
  }

  const window = pageWindow(totalCount, pageNumber, pageSize, 'asc');
  let ids: string[] = [];
  if (window) {
    const order = orderKeysSql(compiled.orderBy, window.reverse);
    ids = db
      .all<{ id: string }>(sql`select "nfts"."id" as "id" from ${from} where ${where} order by ${sql.join(order, sql`, `)} limit ${window.limit} offset ${window.offset}`)
      .map((r) => r.id);
    if (window.reverse) ids.reverse();
  }
  const rows = ids.length
    ? db
        .select({ ...itemColumns, smartContractId: nfts.smartContractId, smartContractName: smartContracts.name })
        .from(nfts)
        .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
        .where(inArray(nfts.id, ids))
        .all()
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

/** ORDER BY terms: the requested keys then id ascending (default createdAt desc, id desc); all flipped for a reverse read. */
function orderKeysSql(keys: OrderKey[], reverse: boolean): SQL[] {
  const dir = (d: 'asc' | 'desc') => ((d === 'asc') !== reverse ? asc : desc);
  if (!keys.length) return [dir('desc')(nfts.createdAt), dir('desc')(nfts.id)];
  return [...keys.map((k) => dir(k.direction)(k.field.type === 'string' ? fold(k.field.expr) : k.field.expr)), dir('asc')(nfts.id)];
}


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
        // Stored, kept by triggers (lib/search): no sum per request.
        totalSupply: smartContracts.totalSupply,
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
