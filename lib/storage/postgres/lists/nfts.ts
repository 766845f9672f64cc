import { sql, type SQL } from 'drizzle-orm';
import type { NftFilter, NftPageRequest } from '../../list-requests';
import type { IdsPage } from '../../lists';
import { prefixUpperBound } from '../../like';
import { nftMatch } from '../search/queries';
import { contractTotal, countGroups, type CountGroup, countOf, countWhere, groupsTotal, pageIds, pgListTuning, searchIndexHelps, walkIsCheaper, type Handle } from './paging';
import { foldTerm, isShortTerm, type MatchForm } from '../search/terms';
import { a5ShortTermTotal } from './short-term-count';
import { wordGroups } from './word-count';

const sortColumns = {
  createdAt: sql`n.created_at`,
  updatedAt: sql`n.updated_at`,
  name: sql`n.name collate "C"`,
  status: sql`n.status`,
  mintedAt: sql`n.minted_at`,
  supply: sql`n.supply`,
} as const satisfies Record<NftPageRequest['sortBy'], SQL>;

/**
 * The rows an A5 list is about (`n` = nfts). Search: Family A (name or description, LIKE
 * semantics), as the search indexes hold it or tested row by row (`form`: terms.ts MatchForm).
 */
export function nftRowsWherePg(organizationId: string, q: NftFilter, form: MatchForm = 'index'): SQL {
  const conditions: SQL[] = [sql`n.organization_id = ${organizationId}`];
  if (q.status) conditions.push(sql`n.status = ${q.status}`);
  if (q.contractId) conditions.push(sql`n.smart_contract_id = ${q.contractId}`);
  if (q.copyrightStatus) conditions.push(sql`n.copyright_status = ${q.copyrightStatus}`);
  if (q.search) conditions.push(nftMatch(q.search, 'A', undefined, form));
  return sql.join(conditions, sql` and `);
}

/**
 * The rows of an A5 export, every column qualified by `nfts` (the export joins smart_contracts and
 * walks (created_at, id) through the (organization[, filter], created_at, id) indexes; a search
 * narrows through the same trigram / short-term indexes as the list).
 */
export function nftExportWherePg(organizationId: string, q: NftFilter): SQL {
  const conditions: SQL[] = [sql`"nfts"."organization_id" = ${organizationId}`];
  if (q.status) conditions.push(sql`"nfts"."status" = ${q.status}`);
  if (q.contractId) conditions.push(sql`"nfts"."smart_contract_id" = ${q.contractId}`);
  if (q.copyrightStatus) conditions.push(sql`"nfts"."copyright_status" = ${q.copyrightStatus}`);
  if (q.search) conditions.push(nftMatch(q.search, 'A', 'nfts'));
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/**
 * A5 on PostgreSQL. Totals: list_counts for no filter, a status and/or copyright filter, and a
 * search of one or two characters alone (short-term-count.ts); the contract's
 * stored total_nfts for a contract filter alone; otherwise an exact count (a contract's
 * NFTs by its index; a search through the trigram / short-term indexes, grouped by status and
 * copyright status so that every filter of the same term shares it: facetedTotal), kept per write
 * generation. The page's ids off the (organization[, filter], sort, id) index, from the nearer end
 * or a cached anchor. A search the plan would not narrow through its index is tested row by row
 * (searchIndexHelps).
 */
export async function nftPage(db: Handle, organizationId: string, q: NftPageRequest): Promise<IdsPage> {
  const from = sql`nfts as n`;
  const key = JSON.stringify([q.search, q.status, q.contractId, q.copyrightStatus]);
  const { where, indexed } = await searchWhere(db, organizationId, q, `a5|${key}`);
  const total = await nftTotal(db, organizationId, q, from, where);
  const page = { organizationId, list: 'nfts' as const, from, id: sql`n.id`, direction: q.sortOrder, total, page: q.page, limit: q.limit };
  const leading = await leadingNameRange(db, organizationId, q, total);
  if (leading) return { ids: await pageIds(db, { ...page, key: `${key}|name|leading`, where: leading, sort: sortColumns.name, seek: true }), total };
  // The rows a walk of the sort index tests.
  const searched = () => (q.contractId ? contractTotal(db, organizationId, q.contractId) : countOf(db, organizationId, 'nfts', q.status ?? null, q.copyrightStatus ?? null));
  const walked = !!q.search && (await walkIsCheaper(pgListTuning.nftWalk, { page: q.page, limit: q.limit, total, maxRows: pgListTuning.walkRows }, searched));
  // Walked, a row is tested in `row` form: a short term by LIKE, not by building the row's gram array.
  const rowWhere = nftRowsWherePg(organizationId, q, 'row');
  const gathered = !walked && !!q.search && isShortTerm(foldTerm(q.search, 'A')) && indexed;
  const ids = await pageIds(db, {
    ...page,
    key: `${key}|${q.sortBy}`,
    where: walked ? rowWhere : where,
    // A status filter fixes the status sort: the id alone orders the rows (paging.ts OrderedQuery.sort).
    sort: q.status && q.sortBy === 'status' ? null : sortColumns[q.sortBy],
    nullable: q.sortBy === 'mintedAt',
    // Each filter but the contract has (organization, filter, sort, id) indexes.
    seek: !q.search && !q.contractId,
    walked,
    // Not walked, a short term's deep anchors number its gram index's hits, gathered (paging.ts OrderedQuery.gathered)
    // — or walk to the page where it is in enough NFTs (OrderedQuery.walkable; not a contract's, which has no sort index of its own).
    gathered,
    walkable: gathered && !q.contractId ? { where: rowWhere, searched } : undefined,
  });
  return { ids, total };
}

/**
 * A name-ordered search whose matches are exactly the names that begin with its term (`frozen me`
 * in `frozen meadow #12`): one range of the (organization[, filter], name "C", id) index, read as
 * such (seeking along it) instead of a walk of the name index testing each row — which crossed every
 * name before the term's on its first page (`frozen me` by name, page 1: ~1.2 s in process). Exact:
 * a name beginning with the term contains it, so the range is within the matches, and when it holds
 * as many rows as the exact total it is all of them. Its size is counted once per write
 * generation. Null otherwise (another order, a contract's rows). SQLite's twin:
 * sqlite/lists/nfts.ts leadingNameRange.
 */
async function leadingNameRange(db: Handle, organizationId: string, q: NftPageRequest, total: number): Promise<SQL | null> {
  if (q.sortBy !== 'name' || !q.search || q.contractId) return null;
  const upper = prefixUpperBound(q.search);
  if (upper === null) return null;
  const where = sql`${nftRowsWherePg(organizationId, { status: q.status, copyrightStatus: q.copyrightStatus })} and ${sortColumns.name} >= ${q.search} and ${sortColumns.name} < ${upper}`;
  const inRange = await countWhere(db, sql`nfts as n`, where, { organizationId, list: 'nfts', key: `a5-leading|${JSON.stringify([q.search, q.status, q.copyrightStatus])}` });
  return inRange === total ? where : null;
}

/** The exact total of an A5 request, its order aside (the one its page counts, cached alike). */
export async function nftTotalPg(db: Handle, organizationId: string, q: NftFilter): Promise<number> {
  const key = JSON.stringify([q.search, q.status, q.contractId, q.copyrightStatus]);
  const { where } = await searchWhere(db, organizationId, q, `a5|${key}`);
  return nftTotal(db, organizationId, q, sql`nfts as n`, where);
}

async function nftTotal(db: Handle, organizationId: string, q: NftFilter, from: SQL, where: SQL): Promise<number> {
  if (!q.search && !q.contractId) return countOf(db, organizationId, 'nfts', q.status ?? null, q.copyrightStatus ?? null);
  if (!q.search && !q.status && !q.copyrightStatus) return contractTotal(db, organizationId, q.contractId!);
  const short = q.search ? a5ShortTermTotal(db, organizationId, foldTerm(q.search, 'A'), q) : null;
  if (short) return short;
  const faceted = q.search && !q.contractId ? await facetedTotal(db, organizationId, q.search, q) : null;
  if (faceted !== null) return faceted;
  return countWhere(db, from, where, { organizationId, list: 'nfts', key: JSON.stringify([q.search, q.status, q.contractId, q.copyrightStatus]) });
}

/**
 * A search's total under any status and copyright filter, off its rows per status and copyright
 * status: read off the stored word counts where they decide the term (word-count.ts), else one
 * count of the search alone, grouped (cached per write generation, paging.ts countGroups) — the
 * same term under another filter is read off that count instead of reading every hit again (a
 * common term's count visits ~every heap page of the organization: 0.2–0.4 s at a million NFTs).
 * Null under a filter before the search alone was counted. B1's twin: nft-search.ts facetedTotal.
 */
async function facetedTotal(db: Handle, organizationId: string, search: string, q: NftFilter): Promise<number | null> {
  const groups = (await wordGroups(db, organizationId, 'nft_words_a', foldTerm(search, 'A'))) ?? (await countedGroups(db, organizationId, search, q));
  return groups && groupsTotal(groups, ([status, copyright]) => (!q.status || status === q.status) && (!q.copyrightStatus || copyright === q.copyrightStatus));
}

async function countedGroups(db: Handle, organizationId: string, search: string, q: NftFilter): Promise<CountGroup[] | null> {
  const key = `a5-facets|${JSON.stringify(search)}`;
  const { where } = await searchWhere(db, organizationId, { search }, key);
  // Under a filter the grouped count is read only once counted (by the search alone): counted first
  // it reads every hit, where the filtered count narrows by the filter's index too.
  return countGroups(db, sql`nfts as n`, where, [sql`n.status`, sql`n.copyright_status`], { organizationId, list: 'nfts', key }, q.status || q.copyrightStatus ? 'cached' : undefined);
}

/** An A5 filter's rows, its search narrowed through the search indexes where the plan reads them (searchIndexHelps). */
async function searchWhere(db: Handle, organizationId: string, q: NftFilter, key: string): Promise<{ where: SQL; indexed: boolean }> {
  const narrowed = nftRowsWherePg(organizationId, q);
  const indexed = !q.search || (await searchIndexHelps(db, [foldTerm(q.search, 'A')], key, sql`nfts as n`, narrowed, 'nfts_search_a'));
  return { where: indexed ? narrowed : nftRowsWherePg(organizationId, q, 'row'), indexed };
}
