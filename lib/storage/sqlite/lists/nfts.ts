import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { nfts, smartContracts } from '@/db/schema';
import { copyrightStatuses } from '@/db/enums';
import { containsAny, prefixUpperBound } from '../../like';
import type { NftFilter, NftPageRequest } from '../../list-requests';
import type { IdsPage } from '../../lists';
import { filterToken, shortTermToken } from '../grams';
import { cachedCount } from '../search/count-cache';
import { readCounter, sumCounters } from '../search/counters';
import { columnMatch, facetPhrase, ftsPhrase, isCommonFor, matchRowids } from '../search/fts';
import { indexDecides, isAsciiTerm, organizationFtsCount } from '../search/fts-count';
import { anchoredPageIds, onePassPays, pageWindow, walkFromFirstMatch, type AnchoredQuery } from '../search/paging';

const sortColumns = {
  createdAt: nfts.createdAt,
  updatedAt: nfts.updatedAt,
  name: nfts.name,
  status: nfts.status,
  mintedAt: nfts.mintedAt,
  supply: nfts.supply,
} as const satisfies Record<NftPageRequest['sortBy'], unknown>;

const bySort = {
  createdAt: 'created',
  updatedAt: 'updated',
  name: 'name',
  status: 'status',
  mintedAt: 'minted',
  supply: 'supply',
} as const satisfies Record<NftPageRequest['sortBy'], string>;

/**
 * The covering index A5 walks for a page: (organization[, filter], sort, id) — see db/schema.ts.
 * Named explicitly (INDEXED BY): on a million rows that all share one organization, SQLite's
 * planner has no statistics to tell these indexes apart and may pick one that needs a full
 * sort; the name makes the plan deterministic and a missing index an error, not a slow query.
 */
export function pageIndex(q: Pick<NftPageRequest, 'status' | 'contractId' | 'copyrightStatus' | 'sortBy'>): string {
  const sort = bySort[q.sortBy];
  // A contract holds hundreds of NFTs: its rows are found by index and sorted.
  if (q.contractId) return 'nfts_org_contract_id_idx';
  if (q.status) {
    if (sort === 'status') return 'nfts_org_status_only_id_idx';
    return sort === 'created' ? 'nfts_org_status_id_idx' : `nfts_org_status_${sort}_id_idx`;
  }
  if (q.copyrightStatus) return `nfts_org_copyright_${sort}_id_idx`;
  if (sort === 'status') return 'nfts_org_status_only_id_idx';
  return sort === 'created' ? 'nfts_org_created_idx' : `nfts_org_${sort}_id_idx`;
}

/**
 * The index that finds every NFT whose name or description holds `term` (a superset of LIKE's
 * matches): the trigram index for three characters or more, the short-term index for one or two
 * (lib/storage/sqlite/grams.ts).
 */
type TermIndex = { table: 'search_nfts' | 'search_nfts_short'; expr: string };

/** Whether `index`'s matches are LIKE's for `term` (where indexDecides): any short term, an ASCII trigram term. */
const decidesLike = (index: TermIndex, term: string) => index.table === 'search_nfts_short' || isAsciiTerm(term);

function termIndex(term: string): TermIndex | null {
  const phrase = ftsPhrase(term, 'A');
  if (phrase) return { table: 'search_nfts', expr: columnMatch(['name', 'description'], phrase) };
  const token = shortTermToken(term);
  return token ? { table: 'search_nfts_short', expr: `"${token}"` } : null;
}

function filterConditions(organizationId: string, q: NftFilter): SQL[] {
  const conditions: SQL[] = [eq(nfts.organizationId, organizationId)];
  if (q.status) conditions.push(eq(nfts.status, q.status));
  if (q.contractId) conditions.push(eq(nfts.smartContractId, q.contractId));
  if (q.copyrightStatus) conditions.push(eq(nfts.copyrightStatus, q.copyrightStatus));
  return conditions;
}

const searchLike = (term: string) => containsAny(term, [nfts.name, nfts.description]);

/**
 * A5 on SQLite. Totals: counters for no filter or a status filter, the contract's stored NFT count
 * for a contract filter, otherwise an exact count (cached per write generation). Search narrows
 * through the trigram index (terms of one or two characters: the short-term index), then the
 * original LIKE decides. The page is a deferred join over an (organization[, filter], sort, id)
 * index.
 */
export function nftPage(db: Db, organizationId: string, q: NftPageRequest): IdsPage {
  const { from, where, base, countFrom, counted, walksCommonTerm, index, decided } = nftRows(db, organizationId, q);
  const total = listTotal(db, organizationId, q, index, countFrom, counted);
  const window = pageWindow(total, q.page, q.limit, q.sortOrder);
  const page: AnchoredQuery = {
    organizationId,
    key: `nfts|${JSON.stringify([q.search, q.status, q.contractId, q.copyrightStatus])}|${q.sortBy}`,
    from,
    id: sql`${nfts.id}`,
    where,
    // A status filter fixes the status sort: the id alone orders the rows (search/paging.ts AnchoredQuery.sort).
    sort: q.status && q.sortBy === 'status' ? null : sql`${sortColumns[q.sortBy]}`,
    direction: q.sortOrder,
    // A deep page's anchors: one pass over the sort index, the search decided by its index's
    // rowids — where reading every match costs less than walking to the page.
    onePass:
      decided && onePassPays(window?.offset ?? 0, total, readCounter(db, organizationId, 'nfts')) && indexDecides(db, organizationId, index!.table)
        ? { where: decided, nullable: q.sortBy === 'mintedAt' }
        : undefined,
    total,
    page: q.page,
    limit: q.limit,
  };
  // A common term's matches may all sit far along the order (a word the names begin with, sorted
  // by name): its walk starts at its first match and is bounded, and a page not full within the
  // bound is read off the term's candidates (as a rare term's is). mintedAt is NULL-able: walked as
  // before.
  // Where they are exactly the names that begin with the term, they are one range of the name
  // index: read as such.
  const leading = walksCommonTerm ? leadingNameRange(db, organizationId, q, base, total) : null;
  const ids = leading
    ? anchoredPageIds(db, { ...page, key: `${page.key}|leading`, where: leading, onePass: undefined })
    : ((walksCommonTerm && q.sortBy !== 'mintedAt' ? walkFromFirstMatch(db, page, { from: countFrom, where: counted }, base) : anchoredPageIds(db, page)) ??
      anchoredPageIds(db, { ...page, from: countFrom, where: counted, onePass: undefined }));
  return { ids, total };
}

/**
 * A name-ordered search whose matches are exactly the names that begin with its term (`amber st`
 * in `amber station #12`, the names after every `amber a…` to `amber r…`): one range of the page's
 * (organization[, filter], name, id) index, read as such on every page instead of walking to the
 * term's first match. Decided exactly: a name beginning with the term contains it, so the range
 * (under the same filters) is within the matches, and when it holds as many rows as the exact total
 * it is all of them — a description or a name holding the term elsewhere adds to the total, and
 * the range no longer answers. Its size is counted off the index once per write generation. Null
 * otherwise (another order, a contract's rows).
 */
function leadingNameRange(db: Db, organizationId: string, q: NftPageRequest, base: SQL | undefined, total: number): SQL | null {
  if (q.sortBy !== 'name' || q.contractId || !q.search) return null;
  const upper = prefixUpperBound(q.search);
  if (upper === null) return null;
  const where = and(base, sql`${nfts.name} >= ${q.search}`, sql`${nfts.name} < ${upper}`)!;
  const index = sql.identifier(pageIndex(q));
  const key = `nfts-leading:${JSON.stringify([q.search, q.status, q.copyrightStatus])}`;
  const inRange = cachedCount(db, organizationId, key, () => db.get<{ n: number }>(sql`select count(*) as "n" from ${nfts} indexed by ${index} where ${where}`)?.n ?? 0);
  return inRange === total ? where : null;
}

/** How A5 reads `q`'s rows: the page's source and condition, and the exact count's. */
export type NftRows = {
  from: SQL;
  where: SQL | undefined;
  /** The rows the page index ranges over before the search: what a bounded walk counts. */
  base: SQL | undefined;
  countFrom: SQL;
  counted: SQL | undefined;
  /** A common term: the page walks the sort index testing each row. */
  walksCommonTerm: boolean;
  index: TermIndex | null;
  /**
   * A common term's rows as its index decides them — the filters, and the rowids of its matches
   * (filters included) — read off the covering sort index without looking a row up; exact while
   * fts-count.ts indexDecides holds (the caller asks), absent where the index cannot decide the
   * term's LIKE or under a contract.
   */
  decided?: SQL;
};

/**
 * A rare term's candidates come from its index (trigrams; one- and two-character terms: the
 * short-term index) and are looked up by rowid (NOT INDEXED: no index walk), for the page and the
 * count. A common term walks the sort index instead and stops when the page is full; it is counted
 * over its index's hits — or, under a contract filter, over the contract's rows (hundreds, where
 * the hits are ~100k). The LIKE decides either way.
 */
export function nftRows(db: Db, organizationId: string, q: NftPageRequest): NftRows {
  const conditions = filterConditions(organizationId, q);
  const base = and(...conditions);
  const from = sql`${nfts} indexed by ${sql.identifier(pageIndex(q))}`;
  const index = q.search ? termIndex(q.search) : null;
  if (!q.search) return { from, where: base, base, countFrom: sql`${nfts}`, counted: base, walksCommonTerm: false, index };
  conditions.push(searchLike(q.search));
  const match = index ? matchRowids(sql`"nfts"."rowid"`, index.table, index.expr) : null;
  if (!match) return { from, where: and(...conditions), base, countFrom: sql`${nfts}`, counted: and(...conditions), walksCommonTerm: false, index };
  const like = and(...conditions);
  const hitsFrom = sql`${nfts} not indexed`;
  if (!isCommonFor(db, organizationId, index!.table, index!.expr)) {
    const where = and(like, match);
    return { from: hitsFrom, where, base, countFrom: hitsFrom, counted: where, walksCommonTerm: false, index };
  }
  const contractRows = sql`${nfts} indexed by ${sql.identifier('nfts_org_contract_id_idx')}`;
  if (q.contractId) return { from, where: like, base, countFrom: contractRows, counted: like, walksCommonTerm: true, index };
  const decided = decidesLike(index!, q.search) ? and(base, matchRowids(sql`"nfts"."rowid"`, index!.table, withFilters(index!, q))) : undefined;
  return { from, where: like, base, countFrom: hitsFrom, counted: and(like, match), walksCommonTerm: true, index, decided };
}

/**
 * `index`'s expression AND-ed with the status and copyright filters as that index holds them: tokens
 * of the short-term index (grams.ts filterToken), phrases of the trigram index's `facets` column
 * (fts.ts facetPhrase).
 */
function withFilters(index: TermIndex, q: NftFilter): string {
  const filters: [kind: 'status' | 'copyright', value: string | undefined][] = [
    ['status', q.status],
    ['copyright', q.copyrightStatus],
  ];
  const parts = filters.flatMap(([kind, value]) => {
    if (!value) return [];
    return [index.table === 'search_nfts_short' ? `"${filterToken(kind, value)}"` : facetPhrase(kind, value)];
  });
  return [index.expr, ...parts].join(' AND ');
}

/** The exact total of an A5 request, its order aside (the one its page counts, cached alike). */
export function nftTotal(db: Db, organizationId: string, q: NftPageRequest): number {
  const { countFrom, counted, index } = nftRows(db, organizationId, q);
  return listTotal(db, organizationId, q, index, countFrom, counted);
}

function listTotal(db: Db, organizationId: string, q: NftFilter, index: TermIndex | null, from: SQL, where: SQL | undefined): number {
  if (!q.search && !q.contractId) return q.copyrightStatus ? copyrightTotal(db, organizationId, q.copyrightStatus, q.status) : readCounter(db, organizationId, q.status ? `nfts:status:${q.status}` : 'nfts');
  if (!q.search && !q.status && !q.copyrightStatus && q.contractId) {
    const contract = db
      .select({ n: smartContracts.totalNfts })
      .from(smartContracts)
      .where(and(eq(smartContracts.id, q.contractId), eq(smartContracts.organizationId, organizationId)))
      .get();
    return contract?.n ?? 0;
  }
  return cachedCount(db, organizationId, `nfts:${JSON.stringify([q.search, q.status, q.contractId, q.copyrightStatus])}`, () => {
    // The short-term index decides LIKE exactly for any one- or two-character term, the trigram
    // index for an ASCII term (lib/storage/sqlite/search/fts-count.ts); both hold each row's status
    // and copyright status. A contract's rows are counted off its index.
    const exact = index && !q.contractId && decidesLike(index, q.search!);
    const fromIndex = exact ? organizationFtsCount(db, organizationId, withFilters(index, q), index.table) : null;
    return fromIndex ?? db.get<{ n: number }>(sql`select count(*) as "n" from ${from} where ${where}`)?.n ?? 0;
  });
}

/**
 * How many of the organization's NFTs have copyright status `copyright` (and `status`, when given):
 * the trigger-kept `nfts:copyright:<C>:status:<S>` counters of every copyright status but NONE
 * (db/migrations/0032); NONE, which nearly every NFT holds and no counter keeps, is the rest of the
 * status's (or the organization's) counter.
 */
function copyrightTotal(db: Db, organizationId: string, copyright: string, status: string | undefined): number {
  const kept = (c: string) => (status ? readCounter(db, organizationId, `nfts:copyright:${c}:status:${status}`) : sumCounters(db, organizationId, `nfts:copyright:${c}:`));
  if (copyright !== 'NONE') return kept(copyright);
  // Every counted copyright status of the status, or every counter of the organization at once.
  const others = status ? copyrightStatuses.filter((c) => c !== 'NONE').reduce((sum, c) => sum + kept(c), 0) : sumCounters(db, organizationId, 'nfts:copyright:');
  return readCounter(db, organizationId, status ? `nfts:status:${status}` : 'nfts') - others;
}

/**
 * The rows of an A5 export (a keyset scan over the (organization[, filter], created_at, id)
 * indexes): a rare term's trigram hits narrow the rows, a common term is tested per row while the
 * index is walked; the LIKE decides.
 */
export function nftExportWhere(db: Db, organizationId: string, q: NftFilter): SQL | undefined {
  const conditions = filterConditions(organizationId, q);
  if (q.search) {
    conditions.push(searchLike(q.search));
    const index = termIndex(q.search);
    if (index && !isCommonFor(db, organizationId, index.table, index.expr)) conditions.push(matchRowids(sql`"nfts"."rowid"`, index.table, index.expr));
  }
  return and(...conditions);
}
