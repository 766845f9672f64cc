import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { nfts, smartContracts } from '@/db/schema';
import { NotFoundError } from '@/lib/errors';
import { ensureSearchFunctions, mintedExpr } from './fields';
import { cachedCount } from '@/lib/storage/sqlite/search/count-cache';
import { organizationFtsCount } from '@/lib/storage/sqlite/search/fts-count';
import { readCounter } from '@/lib/storage/sqlite/search/counters';
import { isCommon } from '@/lib/storage/sqlite/search/fts';
import { inPageOrder } from '@/lib/storage/lists';
import { anchoredPageIds, boundedPageIds, pageWindow, type AnchoredQuery } from '@/lib/storage/sqlite/search/paging';
import { compileSearch, orderKeysSql, prefixUpperBound, searchIndex, sortExpr, whereSql } from './filter';
import { walkBase, walkIndex } from './indexes';
import { rangeCount } from './range-count';
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
  // Stored, kept by triggers (lib/storage/sqlite/search): no EXISTS per row.
  copyrighted: nfts.copyrighted,
  copyrightMetadata: nfts.copyrightMetadata,
  copyrightedAt: nfts.copyrightedAt,
  licence: nfts.licence,
  signature: nfts.signature,
  createdAt: nfts.createdAt,
  updatedAt: nfts.updatedAt,
};

/** How a B1 page is read: through the index's hits (few), or by walking the sort index (none or many). */
export type B1Plan = 'hits' | 'walk';

/**
 * For tests: which plan a page took, whether it was read through paging anchors, and its query in
 * OFFSET form (to EXPLAIN it: anchors read the same index, from a (sort, id) position).
 */
export type B1Observer = (page: { plan: B1Plan; anchored: boolean; query: SQL }) => void;

/**
 * B1: one page of the tenant's NFTs matching keyword / advancedSearch (OR-ed), advancedFilter and
 * smartContractId (AND-ed), never filtered in memory. Only `nfts` is read (string fields through
 * their stored folds, `copyrighted` stored). Totals come from counters, the contract's stored
 * count, or an exact count over the search index's hits (or of the index's matches alone, where it
 * decides the search), cached per write generation. The search index is the trigram index, or
 * for one- or two-character terms the short-term index (filter.ts searchIndex). The page:
 * when the index narrows the search and has few hits (probed with a LIMIT,
 * `searchTuning.commonHits`), its hits are joined and sorted; otherwise the sort index is walked
 * with the original predicate until the page is full, from the nearest paging anchor for a
 * single-key order. Only the page's rows are then loaded.
 */
export function searchNfts(db: Db, organizationId: string, body: SearchNftsBody, observe?: B1Observer) {
  ensureSearchFunctions(db);
  const compiled = compileSearch(body);
  const base = [sql`${nfts.organizationId} = ${organizationId}`];
  if (compiled.smartContractId) base.push(sql`${nfts.smartContractId} = ${compiled.smartContractId}`);
  const where = whereSql(compiled, base);
  const { pageNumber, pageSize } = compiled;
  const index = searchIndex(compiled);
  const table = index ? sql.identifier(index.table) : null;
  // CROSS JOIN keeps SQLite from walking the whole tenant to probe the hits: hits first, then sort.
  const hits = index
    ? sql`(select rowid as "r" from ${table} where ${table} match ${index.expr}) as "hits" cross join "nfts" on "nfts"."rowid" = "hits"."r"`
    : null;

  // Few hits: join and sort them. Many (or no usable term): walk the sort index instead.
  const plan: B1Plan = index && !isCommon(db, index.table, index.expr) ? 'hits' : 'walk';
  // The exact total reads the hits, except where a contract filter bounds the rows more cheaply.
  const countFrom = hits && (plan === 'hits' || !compiled.smartContractId) ? hits : sql`"nfts"`;

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
    totalCount = cachedCount(db, organizationId, `b1:${JSON.stringify([body.keyword, body.advancedSearch, body.advancedFilter, compiled.smartContractId])}`, () => {
      // Where the index decides the search exactly, its matches are counted without the rows.
      const exact = index?.exact && !compiled.smartContractId;
      const fromIndex = exact ? organizationFtsCount(db, organizationId, index.expr, index.table) : null;
      return fromIndex ?? rangeCount(db, organizationId, compiled) ?? db.get<{ n: number }>(sql`select count(*) as "n" from ${countFrom} where ${where}`)?.n ?? 0;
    });
  }

  const window = pageWindow(totalCount, pageNumber, pageSize, 'asc');
  let ids: string[] = [];
  if (window) {
    const index = walkIndex(compiled);
    const order = sql.join(orderKeysSql(compiled.orderBy, window.reverse), sql`, `);
    const pageQuery = (from: SQL, condition = where) =>
      sql`select "nfts"."id" as "id" from ${from} where ${condition} order by ${order} limit ${window.limit} offset ${window.offset}`;
    const offsetPage = (query: SQL) => {
      const page = db.all<{ id: string }>(query).map((r) => r.id);
      return window.reverse ? page.reverse() : page;
    };
    const from = plan === 'hits' ? hits! : index ? sql`"nfts" indexed by ${sql.identifier(index)}` : sql`"nfts"`;
    const query = pageQuery(from);
    // A walk in a single-key order (the default included) seeks to the nearest cached anchor, so a
    // deep page costs what page 1 does; the hits path is small; multi-key orders keep OFFSET.
    const anchored = plan === 'walk' && compiled.orderBy.length <= 1;
    if (anchored) {
      const key = compiled.orderBy[0];
      const page: AnchoredQuery = {
        organizationId,
        key: `b1|${JSON.stringify([body.keyword, body.advancedSearch, body.advancedFilter, compiled.smartContractId, key?.field.name ?? null])}`,
        from,
        where,
        sort: key ? sortExpr(key.field) : sql`"nfts"."created_at"`,
        id: sql`"nfts"."id"`,
        direction: key?.direction ?? 'desc',
        total: totalCount,
        page: pageNumber,
        limit: pageSize,
      };
      // A common term's matches may sit together far along the order. Where they are exactly the
      // names that begin with the term, they are one range of the name index; otherwise the walk
      // is bounded, and a page it does not fill within the bound is read off the hits, sorted.
      const leading = hits ? leadingTermRange(db, organizationId, compiled, base, totalCount) : null;
      const bounded = hits && !leading && (!key || key.field.notNull) ? walkBase(compiled, base) : null;
      const walked = leading
        ? anchoredPageIds(db, { ...page, key: `${page.key}|leading`, where: leading })
        : bounded
          ? boundedPageIds(db, page, and(...bounded))
          : anchoredPageIds(db, page);
      if (walked) {
        observe?.({ plan, anchored, query: leading ? pageQuery(from, leading) : query });
        ids = walked;
      } else {
        const sorted = pageQuery(hits!);
        observe?.({ plan: 'hits', anchored: false, query: sorted });
        ids = offsetPage(sorted);
      }
    } else {
      observe?.({ plan, anchored, query });
      ids = offsetPage(query);
    }
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

/**
 * A name-ordered search whose matches are exactly the names that begin with its term (`willow`
 * in `willow teal #12`): those names are one range of the name index, so its page is read there
 * instead of sorting ~100k hits. Decided exactly: a name beginning with the term contains it, so
 * the range is within the matches, and when it holds as many rows as the search's exact total it
 * is all of them. One term searched in fields that include the name, no filter; the range's size
 * is counted once per write generation. Null otherwise.
 */
function leadingTermRange(db: Db, organizationId: string, compiled: ReturnType<typeof compileSearch>, base: SQL[], totalCount: number): SQL | undefined | null {
  if (compiled.keywords.length !== 1 || compiled.filter || compiled.smartContractId || compiled.orderBy[0]?.field.name !== 'name') return null;
  const { fields, keyword } = compiled.keywords[0]!;
  const name = fields.find((f) => f.name === 'name');
  const upper = keyword ? prefixUpperBound(keyword) : null;
  if (!name?.folded || upper === null) return null;
  const where = and(...base, sql`${name.folded} >= ${keyword}`, sql`${name.folded} < ${upper}`);
  const index = sql.identifier(walkIndex(compiled)!);
  const inRange = cachedCount(db, organizationId, `b1-leading:${keyword}`, () => db.get<{ n: number }>(sql`select count(*) as "n" from "nfts" indexed by ${index} where ${where}`)?.n ?? 0);
  return inRange === totalCount ? where : null;
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
        // Stored, kept by triggers (lib/storage/sqlite/search): no sum per request.
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
