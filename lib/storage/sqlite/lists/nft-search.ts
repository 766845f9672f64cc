import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { nfts, smartContracts } from '@/db/schema';
import type { IdsPage } from '../../lists';
import { pageByLeadingEnum } from '../../nft-search-split';
import { andedLeaves, andOf, RANGE_COMPARISONS, requiredEq, statusAndRange, statusFilterAlone, type CompiledSearch, type NftSearchCriteria, type RangeOperator } from '../../nft-search';
import { bindSearch, ensureSearchFunctions, type SqlSearch } from '../nft-search/columns';
import { byCopyrighted, byCopyrightedSorts, contractIndex, rangeIndex, walkBase, walkIndex } from '../nft-search/indexes';
import { rangeCount } from '../nft-search/range-count';
import { searchIndex, type SearchIndex } from '../nft-search/search-index';
import { orderKeysSql, sortExpr, whereSql } from '../nft-search/sql';
import { prefixUpperBound } from '../../like';
import { cachedCount } from '../search/count-cache';
import { indexDecides, organizationFtsCount } from '../search/fts-count';
import { readCounter, sumCounters } from '../search/counters';
import { isCommonFor, matchRowids } from '../search/fts';
import { anchoredPageIds, onePassPays, pageWindow, walkFromFirstMatch, type AnchoredQuery } from '../search/paging';
import { searchTuning } from '../search/tuning';


/** How a B1 page is read: through the index's hits (few), or by walking the sort index (none or many). */
export type B1Plan = 'hits' | 'walk';

/**
 * For tests: which plan a page took, whether it was read through paging anchors, and its query in
 * OFFSET form (to EXPLAIN it: anchors read the same index, from a (sort, id) position), and the
 * query its total is counted by where no counter, index count or range sum answers it.
 */
export type B1Observer = (page: { plan: B1Plan; anchored: boolean; query: SQL; count: SQL }) => void;

/**
 * B1 on SQLite: the ids of one page of the tenant's NFTs matching keyword / advancedSearch (OR-ed),
 * advancedFilter and smartContractId (AND-ed), never filtered in memory, and the exact total. Only `nfts` is read (string fields through
 * their stored folds, `copyrighted` stored). Totals come from counters, the contract's stored
 * count, or an exact count over the search index's hits (or of the index's matches alone, where it
 * decides the search), cached per write generation. The search index is the trigram index, or
 * for one- or two-character terms the short-term index (nft-search/search-index.ts). The page:
 * when the index narrows the search and has few hits (probed with a LIMIT,
 * `searchTuning.commonHits`), its hits are joined and sorted; otherwise the sort index is walked
 * with the original predicate until the page is full, from the nearest paging anchor for a
 * single-key order. The domain service (lib/nft-search/service.ts) loads the page's rows.
 */
export function nftSearchPage(db: Db, organizationId: string, search: CompiledSearch, body: NftSearchCriteria, observe?: B1Observer): IdsPage {
  ensureSearchFunctions(db);
  const compiled = bindSearch(search);
  const base = [sql`${nfts.organizationId} = ${organizationId}`];
  if (compiled.smartContractId) base.push(sql`${nfts.smartContractId} = ${compiled.smartContractId}`);
  const where = whereSql(compiled, base);
  const { pageNumber, pageSize } = compiled;
  const index = searchIndex(compiled);
  const table = index ? sql.identifier(index.table) : null;
  // CROSS JOIN keeps SQLite from walking the whole tenant to probe the hits: hits first, then sort.
  const termHits = index
    ? sql`(select rowid as "r" from ${table} where ${table} match ${index.expr}) as "hits" cross join "nfts" on "nfts"."rowid" = "hits"."r"`
    : null;

  // Few hits: join and sort them. Many (or no usable term): walk the sort index instead. A sparse
  // filter's candidates stand in for the hits: sorted, except that a page near the start of a NOT
  // NULL single-key order is walked first — bounded, giving up to the sorted candidates when they
  // sit far along the order (paging.ts walkFromFirstMatch).
  const fewHits = index && !isCommonFor(db, organizationId, index.table, index.expr);
  const sparse = fewHits ? null : sparseFilter(db, organizationId, compiled, index, base, where);
  const hits = fewHits || !sparse ? termHits : sparse.from;
  // What each of the hits is tested by: the search's condition, or less where the candidates are
  // exactly the keywords' rows already (sparseFilter).
  const hitsWhere = sparse?.where ?? where;
  const key0 = compiled.orderBy[0];
  const walkable = compiled.orderBy.length <= 1 && (!key0 || key0.field.notNull) && (pageNumber - 1) * pageSize < searchTuning.anchorInterval;
  const plan: B1Plan = fewHits || (sparse && (!walkable || sparse.sorted)) ? 'hits' : 'walk';
  // The search's rows as its index decides them exactly: the tenant's rows among the index's
  // matches — what a deep page's anchors are built from in one pass (below), no row looked up.
  // Under the walk index's own leading conditions (a required status on a status index): without
  // them the pass ranged over every status's rows in (status, key) order and sorted them all
  // (`er` + `status eq FAILED` by updatedAt, page 7,014: ~3 s).
  // Without keywords, a range on an indexed NOT NULL field (beside a `status eq`) is decided the same
  // way by its own index's range, where the walk reads another index: the walk then probes the
  // range's rowids instead of looking up each row to test the range (`status eq FAILED` + `supply gte
  // 24` by contract name, page 3,122: ~0.4 s of anchor steps).
  const decidedRows = () => {
    if (index?.exact && !compiled.smartContractId && indexDecides(db, organizationId, index.table))
      return and(...(walkBase(compiled, base) ?? base), matchRowids(sql`"nfts"."rowid"`, index.table, index.expr));
    const range = !compiled.keywords.length && !compiled.smartContractId ? rangeRows(compiled, base) : null;
    if (!range || range.index === walkIndex(compiled)) return undefined;
    return and(...(walkBase(compiled, base) ?? base), sql`"nfts"."rowid" in (select "rowid" from "nfts" indexed by ${sql.identifier(range.index)} where ${range.where})`);
  };
  // The exact total reads the hits, except where a contract filter bounds the rows more cheaply:
  // then the contract's range (left to itself, SQLite may count a status filter's index range
  // instead, a quarter of the tenant: 0.8 s at a million NFTs).
  const countFrom =
    hits && (plan === 'hits' || !compiled.smartContractId) ? hits : compiled.smartContractId ? sql`"nfts" indexed by ${sql.identifier(contractIndex)}` : sql`"nfts"`;

  // The total counted row by row (where no counter, index count or range sum answers it).
  const countQuery = sql`select count(*) as "n" from ${countFrom} where ${countFrom === hits ? hitsWhere : where}`;
  let totalCount: number;
  const onlyStatus = statusFilterAlone(compiled);
  if (onlyStatus) {
    // A status filter alone: its trigger-kept counter.
    totalCount = readCounter(db, organizationId, `nfts:status:${String(onlyStatus.value)}`);
  } else if (!compiled.keywords.length && !compiled.filter) {
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
      return (
        fromIndex ??
        rangeCount(db, organizationId, compiled) ??
        copyrightedCount(db, organizationId, compiled) ??
        twoIndexCount(db, organizationId, compiled) ??
        residualCount(db, organizationId, compiled, base) ??
        db.get<{ n: number }>(countQuery)?.n ?? 0
      );
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
    const query = pageQuery(from, plan === 'hits' ? hitsWhere : where);
    // A walk in a single-key order (the default included) seeks to the nearest cached anchor, so a
    // deep page costs what page 1 does; the hits path is small; multi-key orders keep OFFSET.
    const anchored = plan === 'walk' && compiled.orderBy.length <= 1;
    if (anchored) {
      const key = compiled.orderBy[0];
      const onePass = onePassPays(window.offset, totalCount, readCounter(db, organizationId, 'nfts')) ? decidedRows() : undefined;
      const page: AnchoredQuery = {
        organizationId,
        key: `b1|${JSON.stringify([body.keyword, body.advancedSearch, body.advancedFilter, compiled.smartContractId, key?.field.name ?? null])}`,
        from,
        where,
        // A status filter fixes the status sort: the id alone orders the rows (paging.ts AnchoredQuery.sort).
        sort: key?.field.name === 'status' && requiredEq(compiled.filter, 'status') ? null : key ? sortExpr(key.field) : sql`"nfts"."created_at"`,
        id: sql`"nfts"."id"`,
        direction: key?.direction ?? 'desc',
        onePass: onePass ? { where: onePass, nullable: !!key && !key.field.notNull } : undefined,
        total: totalCount,
        page: pageNumber,
        limit: pageSize,
      };
      // A common term's matches may sit together far along the order. Where they are exactly the
      // names that begin with the term, they are one range of the name index; otherwise the walk
      // is bounded, and a page it does not fill within the bound is read off the hits, sorted.
      const leading = hits ? leadingTermRange(db, organizationId, compiled, base, totalCount) : null;
      const bounded = hits && !leading && (!key || key.field.notNull) ? walkBase(compiled, base) : null;
      // The keywords' own condition, where a filter stands beside them: a walked entry the keywords
      // reject on the index is passed without its row (SQLite defers the row's look-up), so the walk
      // for the first match costs what that condition's columns cost (paging.ts firstMatchWalked).
      const keywordsAlone = compiled.keywords.length && compiled.filter ? whereSql({ ...compiled, filter: null }, base) : undefined;
      const walked = leading
        ? anchoredPageIds(db, { ...page, key: `${page.key}|leading`, where: leading, onePass: undefined })
        : bounded
          ? walkFromFirstMatch(db, page, { from: hits!, where: hitsWhere }, and(...bounded), sparse?.perHit, keywordsAlone)
          : anchoredPageIds(db, page);
      if (walked) {
        observe?.({ plan, anchored, query: leading ? pageQuery(from, leading) : query, count: countQuery });
        ids = walked;
      } else {
        const sorted = pageQuery(hits!, hitsWhere);
        observe?.({ plan: 'hits', anchored: false, query: sorted, count: countQuery });
        ids = offsetPage(sorted);
      }
    } else {
      observe?.({ plan, anchored, query, count: countQuery });
      ids = offsetPage(query);
    }
  }
  return { ids, total: totalCount };
}

/**
 * B1 on SQLite, orders led by `status` included: such an order is read as one search per status
 * (lib/storage/nft-search-split.ts) — each a status filter with a single-key order, walked on its
 * (organization, status, key, id) index from the paging anchors, its total a counter, a range count
 * or an index query (the search indexes hold each row's status) — instead of sorting a status's
 * rows by the second key. `status` alone too: a deep page's anchors are then built over one
 * status's matches, not over every match of the organization (`en` by status, page 12,244:
 * ~1.0 → ~0.35 s; `jagged`, page 6,505: ~0.9 → ~0.5 s; a shallow page pays one more count,
 * its first status's: `meadow`, page 3, 215 → 255 ms).
 */
export async function nftSearchIds(db: Db, organizationId: string, search: CompiledSearch, body: NftSearchCriteria, observe?: B1Observer): Promise<IdsPage> {
  const read = (s: CompiledSearch, b: NftSearchCriteria) => nftSearchPage(db, organizationId, s, b, observe);
  // A keyword every NFT holds selects nothing out: the search is its filter's alone, and shares that
  // search's totals and anchors (its cache keys are the body's criteria).
  const [s, b] = keywordsHoldEverywhere(db, organizationId, search) ? [{ ...search, keywords: [] }, { advancedFilter: body.advancedFilter }] : [search, body];
  const [s2, b2] = selectsEveryRowOfItsStatus(db, organizationId, s, b) ?? [s, b];
  return (await pageByLeadingEnum(s2, b2, read)) ?? read(s2, b2);
}

/**
 * The search reduced to its required `status eq` alone (or to no criteria), where its exact total is
 * every NFT of that status (of the organization): its rows are then exactly those, so its pages are
 * that list's, read off the plain order's cached anchors instead of a walk testing each row
 * (`status eq MINTED` + `supply gte 1` by name, deep: every anchor step had looked up each row's
 * supply). The total is the one the page would count anyway (cached per write generation, under the
 * body's key); a contract filter, or a search whose total is not every row, is left as it is.
 */
function selectsEveryRowOfItsStatus(db: Db, organizationId: string, search: CompiledSearch, body: NftSearchCriteria): [CompiledSearch, NftSearchCriteria] | null {
  if (search.smartContractId || (!search.keywords.length && !search.filter)) return null;
  if (statusFilterAlone(search)) return null;
  const status = requiredEq(search.filter, 'status');
  const rows = readCounter(db, organizationId, status ? `nfts:status:${String(status.value)}` : 'nfts');
  // Its total alone: a page past any end reads no rows.
  if (nftSearchPage(db, organizationId, { ...search, pageNumber: Number.MAX_SAFE_INTEGER, pageSize: 1 }, body).total !== rows) return null;
  const advancedFilter = status ? { field: 'status', operator: 'eq', value: status.value } : undefined;
  return [{ ...search, keywords: [], filter: status ?? null }, { advancedFilter }];
}

/**
 * Does one of the keyword criteria (they are OR-ed) hold for every NFT of the organization? A
 * one-letter keyword over every field often does (`r`, `e`: in every row's hash, URL or name —
 * six of the bench's twelve common short terms), and then the search is its filter's and order's
 * alone: a counter or range total and the plain order's anchors, instead of a count of the term
 * beside the filter and a walk testing the term on each row (`r` + `status eq MINTED` + `supply
 * gte 1` by status, name, page 6,973: ~3.3 s). Decided exactly: the criterion's own index decides
 * it exactly and counts as many of the organization's rows as it has NFTs (cached per write
 * generation); a rare criterion is ruled out by the bounded probe that tells common from rare.
 */
function keywordsHoldEverywhere(db: Db, organizationId: string, search: CompiledSearch): boolean {
  if (!search.keywords.length) return false;
  const all = readCounter(db, organizationId, 'nfts');
  const bound = bindSearch(search);
  return bound.keywords.some((criterion) => {
    const index = searchIndex({ ...bound, keywords: [criterion], filter: null });
    if (!index?.exact || !isCommonFor(db, organizationId, index.table, index.expr)) return false;
    const matches = cachedCount(db, organizationId, `b1-all|${index.table}|${index.expr}`, () => organizationFtsCount(db, organizationId, index.expr, index.table) ?? -1);
    return matches === all;
  });
}

/**
 * A name-ordered search whose matches are exactly the names that begin with its term (`willow`
 * in `willow teal #12`): those names are one range of the name index, so its page is read there
 * instead of sorting ~100k hits. Decided exactly: a name beginning with the term contains it, so
 * the range is within the matches, and when it holds as many rows as the search's exact total it
 * is all of them. One term searched in fields that include the name (or a `name contains` without
 * keywords), beside at most a `status eq`; the range's size is counted once per write generation.
 * Null otherwise.
 */
function leadingTermRange(db: Db, organizationId: string, compiled: SqlSearch, base: SQL[], totalCount: number): SQL | undefined | null {
  if (compiled.smartContractId || compiled.orderBy[0]?.field.name !== 'name') return null;
  // Besides the term, at most a `status eq`: one status's names — an order led by status reads each
  // status so (lib/storage/nft-search-split.ts) — its range on the (organization, status, name fold) index.
  const leaves = compiled.filter ? andedLeaves(compiled.filter) : [];
  const status = requiredEq(compiled.filter, 'status');
  const contains = leaves?.find((l) => l.field.name === 'name' && l.operator === 'contains' && typeof l.value === 'string');
  if (!leaves || leaves.length !== (status ? 1 : 0) + (contains ? 1 : 0)) return null;
  // The term: one keyword searched in fields that include the name, or a `name contains` alone.
  const [term, name] =
    compiled.keywords.length === 1 && !contains
      ? [compiled.keywords[0]!.keyword, compiled.keywords[0]!.fields.find((f) => f.name === 'name')]
      : !compiled.keywords.length && contains
        ? [contains.value as string, contains.field]
        : [undefined, undefined];
  const upper = term ? prefixUpperBound(term) : null;
  if (!name?.folded || upper === null) return null;
  const where = and(...base, ...(status ? [sql`${nfts.status} = ${status.value}`] : []), sql`${name.folded} >= ${term}`, sql`${name.folded} < ${upper}`);
  const index = sql.identifier(walkIndex(compiled)!);
  const inRange = cachedCount(db, organizationId, `b1-leading:${term}|${status?.value ?? ''}`, () => db.get<{ n: number }>(sql`select count(*) as "n" from "nfts" indexed by ${index} where ${where}`)?.n ?? 0);
  return inRange === totalCount ? where : null;
}

/**
 * The page's candidates where a required `copyrighted eq` filter is sparse — at most
 * `searchTuning.sparseFilterShare` of the organization's NFTs (counted by its counters), and what
 * each is tested by; null when there is no such filter, it is dense, a contract bounds the rows, or
 * the walk reads the filter's own index (createdAt order). A walk of another sort index tests every
 * row before the copyrighted ones, which may sit together at its far end.
 *
 * `copyrighted eq true` — the sparse value in practice: a copyright is registered on few NFTs — is
 * read off migration 0033's partial index of the copyrighted rows, which holds every B1 sort key:
 * its rows are sorted without being looked up (`copyrighted` by supply descending, page 1: a walk
 * of ~50k rows and then the candidates looked up and sorted, ~1.2 s → ~16 ms; any page ~10–50 ms),
 * so such a page is read `sorted` — but beside a one- or two-character keyword, whose long list of
 * matches a shallow page walks from the first match instead (below). `copyrighted eq false`, where
 * it is the sparse value, is the (organization, copyrighted, createdAt) index's range joined to its rows.
 */
function sparseFilter(
  db: Db,
  organizationId: string,
  compiled: SqlSearch,
  index: SearchIndex | null,
  base: SQL[],
  where: SQL | undefined,
): { from: SQL; where: SQL | undefined; sorted: boolean; perHit: number } | null {
  const leaf = requiredEq(compiled.filter, 'copyrighted');
  if (!leaf || compiled.smartContractId || walkIndex(compiled) === byCopyrighted) return null;
  const value = leaf.value as boolean;
  if (copyrightedRows(db, organizationId, value) > readCounter(db, organizationId, 'nfts') * searchTuning.sparseFilterShare) return null;
  // Beside a term of the trigram index, only the filter's rows among its matches (a superset of the
  // search's rows): index entries, before any row is read — `willow` + copyrighted, sorted by
  // updatedAt: 4.5k candidates instead of the 50k copyrighted rows, 430 → 90 ms a page. (A one- or
  // two-character term's matches are most rows: listing them costs more than it saves.) Where that
  // index decides the keywords exactly (fts-count.ts indexDecides), the candidates are exactly the
  // keywords' rows of the filter, and each is tested by the filter alone — not the keyword again
  // over every field (`ivory` + copyrighted by name, 10k candidates: ~300 → ~60 ms a page).
  const keywords = compiled.keywords.length ? searchIndex({ ...compiled, filter: null }) : null;
  const decidedBy = keywords?.exact && indexDecides(db, organizationId, keywords.table) ? keywords : null;
  if (value) {
    // The partial index serves only a query that names its condition as written. Keywords its
    // index decides exactly — a one- or two-character term's short-term index too — are its
    // matches among the copyrighted rows, which are then sorted without a row looked up (`er` +
    // copyrighted by supply descending, 37k of 50k rows: a walk, then every candidate's fields
    // tested, ~1 s → the term's ~560k matches listed once, ~0.15 s).
    const narrowing = decidedBy ?? (index?.table === 'search_nfts' ? index : null);
    const tested = decidedBy ? whereSql({ ...compiled, keywords: [] }, base) : where;
    const condition = and(tested, sql`${nfts.copyrighted} = 1`, narrowing ? matchRowids(sql`"nfts"."rowid"`, narrowing.table, narrowing.expr) : undefined);
    // Its rows need not be looked up unless a keyword is tested on them. A short term's list of
    // matches is long (~0.1 s to build): a page near the start of a NOT NULL order walks instead,
    // from the first match (found off these candidates once per write generation, after a walk of
    // at most `walkBudget` rows: perHit 0), so that the next pages do not list it again.
    const short = decidedBy && decidedBy.table !== 'search_nfts';
    return {
      from: sql`"nfts" indexed by ${sql.identifier(byCopyrightedSorts)}`,
      where: condition,
      sorted: !compiled.keywords.length || (!!decidedBy && !short),
      perHit: short ? 0 : 1,
    };
  }
  const decided = decidedBy?.table === 'search_nfts' ? decidedBy : null;
  const narrowing = decided ?? (index?.table === 'search_nfts' ? index : null);
  const tested = decided ? whereSql({ ...compiled, keywords: [] }, base) : where;
  const narrowed = narrowing ? sql` and "rowid" in (select rowid from "search_nfts" where "search_nfts" match ${narrowing.expr})` : sql``;
  return {
    from: sql`(select "rowid" as "r" from ${copyrightedRange(organizationId, value)}${narrowed}) as "hits" cross join "nfts" on "nfts"."rowid" = "hits"."r"`,
    where: tested,
    sorted: false,
    perHit: 1,
  };
}

/** The organization's NFTs with `copyrighted` = value: a range of migration 0029's index. */
const copyrightedRange = (organizationId: string, value: boolean) =>
  sql`"nfts" indexed by ${sql.identifier(byCopyrighted)} where "organization_id" = ${organizationId} and "copyrighted" = ${value ? 1 : 0}`;

/**
 * How many of the organization's NFTs have `copyrighted` = value (and `status`, when given): the
 * trigger-kept `nfts:copyrighted:status:<S>` counters (migration 0031), the rest the difference to
 * the status counters.
 */
function copyrightedRows(db: Db, organizationId: string, value: boolean, status?: string): number {
  const copyrighted =
    status === undefined ? sumCounters(db, organizationId, 'nfts:copyrighted:status:') : readCounter(db, organizationId, `nfts:copyrighted:status:${status}`);
  return value ? copyrighted : readCounter(db, organizationId, status === undefined ? 'nfts' : `nfts:status:${status}`) - copyrighted;
}

/**
 * The exact total of keywords and a filter that two indexes decide apart — a one- or two-character
 * keyword (the short-term index) beside a `contains` filter (the trigram index, its status leaves
 * as facets) — counted on index entries as the rows both match (`ar` + name contains `station` at
 * a million NFTs: ~0.7 s reading every hit before). Null otherwise.
 */
function twoIndexCount(db: Db, organizationId: string, compiled: SqlSearch): number | null {
  if (!compiled.keywords.length || !compiled.filter || compiled.smartContractId) return null;
  const keywords = searchIndex({ ...compiled, filter: null });
  const filter = searchIndex({ ...compiled, keywords: [] });
  if (!keywords?.exact || !filter?.exact) return null;
  return organizationFtsCount(db, organizationId, keywords.expr, keywords.table, { expr: filter.expr, index: filter.table });
}

/**
 * The exact total of a search whose filter requires `copyrighted eq v` beside criteria the search
 * index decides exactly (a keyword, status leaves, a `contains`): the copyrighted index's range
 * whose rowids are among the index's matches — index entries only, no row looked up (`amber` +
 * copyrighted at a million NFTs: ~420 → ~60 ms); the filter alone, or beside one `status eq`, its
 * counters (an order led by status totals each status so). Null otherwise.
 */
function copyrightedCount(db: Db, organizationId: string, compiled: SqlSearch): number | null {
  const filter = compiled.filter;
  if (!filter || compiled.smartContractId) return null;
  const leaves = andedLeaves(filter);
  const leaf = leaves?.find((l) => l.field.name === 'copyrighted' && l.operator === 'eq' && l.value !== null);
  if (!leaves || !leaf) return null;
  const rest = leaves.filter((l) => l !== leaf);
  // The filter alone, or beside a status: its counters.
  const status = rest.length === 1 ? requiredEq(rest[0]!, 'status') : undefined;
  if ((!rest.length || status) && !compiled.keywords.length) return copyrightedRows(db, organizationId, leaf.value as boolean, status && String(status.value));
  const index = searchIndex({ ...compiled, filter: andOf(rest) });
  if (!index?.exact || !indexDecides(db, organizationId, index.table)) return null;
  const table = sql.identifier(index.table);
  return (
    db.get<{ n: number }>(
      sql`select count(*) as "n" from ${copyrightedRange(organizationId, leaf.value as boolean)} and "rowid" in (select "rowid" from ${table} where ${table} match ${index.expr})`,
    )?.n ?? 0
  );
}

/**
 * The exact total of keywords beside an AND-ed filter whose `status eq` and `contains` leaves the
 * search index decides with them, exactly, and whose other leaves it cannot (`supply gte 38`,
 * `mintedAt lt …`, `name eq …`). One range on a NOT NULL field with an (organization[, status],
 * field, id) index is read as that index range whose rowids are among the index's matches — index
 * entries only (`orchard` + `status eq FAILED` + `supply gte 38` at a million NFTs, 48k matches:
 * 600 → 170 ms on a busy machine; each match's row looked up cost ~5 µs). Anything else: the matches joined to
 * their rows, only the other leaves tested on each, not the keyword again. Null otherwise.
 */
function residualCount(db: Db, organizationId: string, compiled: SqlSearch, base: SQL[]): number | null {
  const leaves = andedLeaves(compiled.filter);
  if (!compiled.keywords.length || !leaves?.length || compiled.smartContractId) return null;
  const decidable = (l: FilterLeaf) => (l.field.name === 'status' && l.operator === 'eq') || (l.operator === 'contains' && l.field.type === 'string');
  const decided = leaves.filter(decidable);
  const rest = leaves.filter((l) => !decidable(l));
  if (!rest.length) return null;
  const index = searchIndex({ ...compiled, filter: andOf(decided) });
  if (!index?.exact || !indexDecides(db, organizationId, index.table)) return null;
  const table = sql.identifier(index.table);
  const matches = sql`(select rowid from ${table} where ${table} match ${index.expr})`;
  const status = decided.find((l) => l.field.name === 'status');
  const filterOf = (leaves: FilterLeaf[]) => ({ ...compiled, keywords: [], filter: andOf(status ? [status, ...leaves] : leaves) });
  const range = rangeRows(filterOf(rest), base);
  if (range) {
    const inRange = (where: SQL) => db.get<{ n: number }>(sql`select count(*) as "n" from "nfts" indexed by ${sql.identifier(range.index)} where ${where} and "nfts"."rowid" in ${matches}`)?.n ?? 0;
    const outside = complementRange(db, organizationId, filterOf, rest[0]!, base);
    if (outside) {
      // The matches of the group (the organization[, status]) less those outside the range.
      const all = organizationFtsCount(db, organizationId, index.expr, index.table);
      if (all !== null) return all - inRange(outside);
    }
    return inRange(range.where);
  }
  const restWhere = whereSql({ ...compiled, keywords: [], filter: andOf(rest) }, base);
  return db.get<{ n: number }>(sql`select count(*) as "n" from ${matches} as "hits" cross join "nfts" on "nfts"."rowid" = "hits"."rowid" where ${restWhere}`)?.n ?? 0;
}

/** The range on the other side of the bound: its rows and a range's are the group's, no row in both (a NOT NULL field). */
const COMPLEMENT: Record<RangeOperator, RangeOperator> = { gt: 'lte', gte: 'lt', lt: 'gte', lte: 'gt' };

/**
 * The condition of a supply range's complement within its group (the organization[, status]) —
 * `supply lt 6` for `supply gte 6` — where it holds fewer of the group's NFTs than the range itself
 * (both sizes summed from `nft_supply_counts`), or null. A keyword's total under the range is then
 * the keyword's matches in the group, off the search index alone, less those in the complement:
 * `copper` in names + `status eq FAILED` + `supply gte 6` at a million NFTs read ~25k index
 * entries instead of ~225k (~280 → ~40 ms).
 */
function complementRange(db: Db, organizationId: string, filterOf: (leaves: FilterLeaf[]) => SqlSearch, leaf: FilterLeaf, base: SQL[]): SQL | null {
  if (leaf.field.name !== 'supply' || !Object.hasOwn(COMPLEMENT, leaf.operator)) return null;
  const flipped: FilterLeaf = { ...leaf, operator: COMPLEMENT[leaf.operator as RangeOperator] };
  const inside = rangeCount(db, organizationId, filterOf([leaf]));
  const outside = inside === null ? null : rangeCount(db, organizationId, filterOf([flipped]));
  if (inside === null || outside === null || outside >= inside) return null;
  return rangeRows(filterOf([flipped]), base)?.where ?? null;
}

/**
 * A search whose whole criterion is one range on an indexed NOT NULL field, alone or beside `status
 * eq` (statusAndRange): that index (rangeIndex) and the condition of its range. Null otherwise.
 */
function rangeRows(search: SqlSearch, base: SQL[]): { index: string; where: SQL } | null {
  const range = statusAndRange(search);
  const index = range ? rangeIndex(range) : null;
  if (!range || !index) return null;
  const status = range.status !== null ? sql`${nfts.status} = ${range.status}` : undefined;
  return { index, where: and(...base, status, sql`${range.field.expr} ${sql.raw(RANGE_COMPARISONS[range.operator])} ${range.bound}`)! };
}

type FilterLeaf = Extract<NonNullable<SqlSearch['filter']>, { kind: 'leaf' }>;

