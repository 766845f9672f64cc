import { sql, type SQL } from 'drizzle-orm';
import type { IdsPage } from '../../lists';
import { pageByLeadingEnum } from '../../nft-search-split';
import { andedLeaves, andOf, requiredEq, statusFilterAlone, type CompiledSearch, type FilterNode, type FilterValue, type NftSearchCriteria, type SearchFieldData } from '../../nft-search';
import { nftMatch } from '../search/queries';
import { foldTerm, isShortTerm, matchSql } from '../search/terms';
import { containsAny, prefixUpperBound } from '../../like';
import { supplyRangeTotal } from './range-count';
import { b1KeywordTermTotal } from './short-term-count';
import { wordGroups, type WordList } from './word-count';
import { contractTotal, countGroups, type CountGroup, countOf, countWhere, groupsTotal, listGeneration, pageIds, pgListTuning, searchIndexHelps, walkIsCheaper, type Handle } from './paging';

/*
 * B1 on PostgreSQL: the twin of lib/storage/sqlite/lists/nft-search.ts. Same request
 * (lib/storage/nft-search.ts), same answer: the ids of one page in the same order and the exact
 * total. The semantics are the SQLite engine's: string fields compared and sorted by their
 * JavaScript fold (`cl2c_fold`; the stored `name_fold` / `contract_name_fold` where there is one),
 * by code point (COLLATE "C", as SQLite compares text); NULL sorts first ascending; a NULL compares
 * false (C#); keyword criteria OR-ed, each field's text as the API writes it (dates in ISO with
 * milliseconds, booleans `true`/`false`).
 */

type FieldSql = { expr: SQL; folded?: SQL };

const n = (column: string): SQL => sql`"nfts".${sql.identifier(column)}`;

const fieldSql: Record<string, FieldSql> = {
  id: { expr: n('id') },
  name: { expr: n('name'), folded: n('name_fold') },
  description: { expr: n('description') },
  externalUrl: { expr: n('external_url') },
  imagePath: { expr: n('image_path') },
  smartContractId: { expr: n('smart_contract_id') },
  // The contract's name is NOT NULL; its JavaScript fold is denormalized onto the NFT (trigger-kept).
  smartContractName: { expr: n('contract_name_fold'), folded: n('contract_name_fold') },
  status: { expr: n('status') },
  supply: { expr: n('supply') },
  minted: { expr: sql`(${n('status')} = 'MINTED')` },
  mintedAt: { expr: n('minted_at') },
  mintTransactionHash: { expr: n('mint_transaction_hash') },
  mintLogs: { expr: n('mint_logs') },
  tokenId: { expr: n('token_id') },
  tokenUri: { expr: n('token_uri') },
  tokenOwner: { expr: n('token_owner') },
  copyrighted: { expr: n('copyrighted') },
  copyrightMetadata: { expr: n('copyright_metadata') },
  copyrightedAt: { expr: n('copyrighted_at') },
  licence: { expr: n('licence') },
  signature: { expr: n('signature') },
  createdAt: { expr: n('created_at') },
  updatedAt: { expr: n('updated_at') },
};

function sqlOf(f: SearchFieldData): FieldSql {
  const s = fieldSql[f.name];
  if (!s) throw new Error(`B1 field ${f.name} has no SQL (lib/storage/postgres/lists/nft-search.ts)`);
  return s;
}

/** A string field folded like JavaScript's toLowerCase (its stored fold where there is one). */
const foldedOf = (f: SearchFieldData) => sqlOf(f).folded ?? sql`cl2c_fold(${sqlOf(f).expr})`;

/** The field's value as text, the way the keyword search sees it (the API's JSON text). */
function textOf(f: SearchFieldData): SQL {
  const { expr } = sqlOf(f);
  switch (f.type) {
    case 'integer':
      return sql`cast(${expr} as text)`;
    case 'boolean':
      return sql`(case when ${expr} then 'true' else 'false' end)`;
    case 'date':
      return sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    default:
      return expr;
  }
}

/** Makes a possibly-NULL predicate strictly true/false so NOT and xor behave (NULL compares false). */
const strict = (predicate: SQL) => sql`coalesce(${predicate}, false)`;

/** A filter value as SQL of the field's type: dates arrive as epoch milliseconds. */
function valueSql(f: SearchFieldData, value: Exclude<FilterValue, null>): SQL {
  if (f.type === 'date') return sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 millisecond')`;
  if (f.type === 'integer') return sql`${value}::bigint`;
  if (f.type === 'boolean') return sql`${value}::boolean`;
  return sql`${value}::text`;
}

function leafSql(node: Extract<FilterNode, { kind: 'leaf' }>, narrow: boolean): SQL {
  const { field, operator, value } = node;
  const { expr } = sqlOf(field);
  if (value === null) {
    if (field.notNull) return operator === 'eq' ? sql`false` : sql`true`;
    return operator === 'eq' ? sql`(${expr} is null)` : sql`(${expr} is not null)`;
  }
  const isText = field.type === 'string';
  // Strings compare by code point, as SQLite compares text.
  const left = isText ? sql`(${foldedOf(field)} collate "C")` : expr;
  const right = valueSql(field, value);
  const guard = field.notNull ? (p: SQL) => sql`(${p})` : strict;
  switch (operator) {
    case 'eq':
      return guard(sql`${left} = ${right}`);
    case 'neq':
      return field.notNull ? sql`(${left} <> ${right})` : sql`(not ${strict(sql`${left} = ${right}`)})`;
    case 'lt':
      return guard(sql`${left} < ${right}`);
    case 'lte':
      return guard(sql`${left} <= ${right}`);
    case 'gt':
      return guard(sql`${left} > ${right}`);
    case 'gte':
      return guard(sql`${left} >= ${right}`);
    case 'contains':
      // On a name, narrowed through that name's column of the B1 name trigram index (a superset:
      // the strpos decides), so a count or a deep page's anchors read the term's hits instead of
      // testing every row of the organization (`name contains golden` by supply, deep: a walk of
      // the supply index looking up each row's name).
      if (narrow && narrowsByName(node)) return sql`(${containsAny(foldTerm(String(value), 'B'), [foldedOf(field)])} and strpos(${left}, ${right}) > 0)`;
      return guard(sql`strpos(${left}, ${right}) > 0`);
    case 'startswith':
      return guard(sql`starts_with(${left}, ${right})`);
    case 'endswith':
      return guard(sql`right(${left}, char_length(${right})) = ${right}`);
  }
}

/** A `contains` leaf on a name of three characters or more: narrowed through the B1 name trigram index (leafSql). */
const narrowsByName = ({ field, operator, value }: Extract<FilterNode, { kind: 'leaf' }>) =>
  operator === 'contains' && NAMES.has(field.name) && value !== null && Array.from(String(value)).length >= 3;

function filterSql(node: FilterNode, narrow: boolean): SQL {
  if (node.kind === 'leaf') return leafSql(node, narrow);
  const parts = node.filters.map((f) => filterSql(f, narrow));
  if (parts.length === 1) return parts[0]!;
  if (node.logic === 'and') return sql`(${sql.join(parts, sql` and `)})`;
  if (node.logic === 'or') return sql`(${sql.join(parts, sql` or `)})`;
  // Left-fold exclusive or, like .NET's Expression.ExclusiveOr chain: true when an odd number hold.
  return parts.slice(1).reduce((acc, part) => sql`(${acc} <> ${part})`, parts[0]!);
}

/** Could `keyword` occur in the field's text? (As the SQLite engine decides: lib/storage/sqlite/nft-search/sql.ts.) */
function mayMatch(f: SearchFieldData, keyword: string): boolean {
  switch (f.type) {
    case 'integer':
      return /^[0-9-]+$/.test(keyword);
    case 'boolean':
      return 'true'.includes(keyword) || 'false'.includes(keyword);
    case 'date':
      return /^[0-9:.tz-]+$/.test(keyword);
    default:
      return true;
  }
}

/** Characters every date's text holds (`YYYY-MM-DDTHH:MM:SS.mmmZ`, lower-cased as the keyword compares it). */
const IN_EVERY_DATE = ['-', 't', ':', '.', 'z'];

/**
 * Does every row hold the criterion's keyword? In a never-NULL boolean field's text when the
 * keyword is in both `true` and `false` (`e`), in a never-NULL date's when it is one of the
 * characters every date holds. Such a criterion, OR-ed with the others, restricts nothing.
 */
export function holdsEveryRow({ fields, keyword }: CompiledSearch['keywords'][number]): boolean {
  if (keyword === '') return false;
  return fields.some(
    (f) => f.notNull && ((f.type === 'boolean' && 'true'.includes(keyword) && 'false'.includes(keyword)) || (f.type === 'date' && IN_EVERY_DATE.includes(keyword))),
  );
}

/** Fields whose match the B1 name indexes answer (nfts_search_b_trgm, nfts_search_b_grams: either name's fold holds the term). */
const NAMES = new Set(['name', 'smartContractName']);
/**
 * The other text fields: their folds joined in cl2c_b1_rest (db/migrations-pg/0010), stored as the
 * generated column rest_fold (0023) and indexed by nfts_search_b_rest_trgm / _grams.
 */
const REST = ['description', 'externalUrl', 'imagePath', 'mintTransactionHash', 'mintLogs', 'tokenUri', 'tokenOwner', 'copyrightMetadata', 'licence', 'signature'];
const restText = n('rest_fold');

/**
 * A condition the B1 search indexes answer that holds for every row where the criterion's keyword
 * is in one of its fields (a superset: the per-field condition decides); null when a field it may
 * match has no such index (a number, date or boolean the term could be part of; an id or enum named
 * in advancedSearch.fields) or the keyword is empty. A criterion no field can match adds nothing.
 */
function narrowSql({ fields, keyword }: CompiledSearch['keywords'][number]): SQL | null | 'none' {
  if (keyword === '') return null;
  const matching = fields.filter((f) => mayMatch(f, keyword));
  if (!matching.length) return 'none';
  if (matching.some((f) => !NAMES.has(f.name) && !REST.includes(f.name))) return null;
  const parts: SQL[] = [];
  const names = matching.filter((f) => NAMES.has(f.name));
  // One name with a trigram term: that name's stored fold alone, a column of its own in
  // nfts_search_b_trgm (`advancedSearch` on the name: the term's hits in contract names — as many
  // again for a common word — are not read).
  if (names.length === 1 && !isShortTerm(keyword)) parts.push(containsAny(keyword, [sqlOf(names[0]!).folded!]));
  else if (names.length) parts.push(nftMatch(keyword, 'B', 'nfts'));
  if (matching.some((f) => REST.includes(f.name))) parts.push(matchSql(keyword, [restText], sql`cl2c_grams(${restText})`));
  return parts.length === 1 ? parts[0]! : sql`(${parts[0]!} or ${parts[1]!})`;
}

/**
 * Does narrowSql's condition decide the criterion alone? When its fields are exactly the text fields
 * the indexed expressions hold — both names, or all of REST, or both groups — and the keyword holds
 * no line break (cl2c_b1_rest's separator, so no match spans two fields): the trigram `LIKE` and
 * the gram membership are then the per-field test itself, and a hit is not tested field by field
 * again (a common term's first count read each hit's ten folds twice).
 */
function narrowIsExact({ fields, keyword }: CompiledSearch['keywords'][number]): boolean {
  if (keyword.includes('\n')) return false;
  const matching = fields.filter((f) => mayMatch(f, keyword)).map((f) => f.name);
  const names = matching.filter((f) => NAMES.has(f)).length;
  const rest = matching.filter((f) => REST.includes(f)).length;
  return names + rest === matching.length && (names === 0 || names === NAMES.size || !isShortTerm(keyword)) && (rest === 0 || rest === REST.length);
}

/**
 * The keyword criteria, OR-ed (undefined without any). Where every criterion's fields are text
 * fields, the B1 search indexes' conditions on the terms are added (narrowSql), so the planner
 * narrows through them instead of testing each row of the organization — alone where they are
 * exact (narrowIsExact) — unless `narrow` is false:
 * a walk of a sort index testing each row (a common term) reads only the criteria's own columns,
 * from the index where it holds them.
 */
export function keywordSql(keywords: CompiledSearch['keywords'], narrow = true): SQL | undefined {
  if (!keywords.length) return undefined;
  const criteria = keywords.flatMap(({ fields, keyword }) =>
    fields
      .filter((f) => mayMatch(f, keyword))
      .map((f) => {
        const folded = sqlOf(f).folded;
        if (folded) return sql`(strpos(${folded}, ${keyword}) > 0)`;
        // Numbers, booleans and dates are ASCII: lower() is JavaScript's fold there.
        const text = f.type === 'string' ? sql`cl2c_fold(${textOf(f)})` : sql`lower(${textOf(f)})`;
        return strict(sql`strpos(${text}, ${keyword}) > 0`);
      }),
  );
  if (!criteria.length) return sql`false`;
  const any = sql`(${sql.join(criteria, sql` or `)})`;
  if (!narrow) return any;
  const narrows = keywords.map(narrowSql);
  if (narrows.some((x) => x === null)) return any;
  const indexed = narrows.filter((x): x is SQL => x !== null && x !== 'none');
  if (keywords.every(narrowIsExact)) return sql`(${sql.join(indexed, sql` or `)})`;
  return sql`((${sql.join(indexed, sql` or `)}) and ${any})`;
}

/**
 * B1's total for a plain keyword of one or two characters alone (every keyword field, as `keyword`
 * reads them), off the stored per-gram counts (short-term-count.ts); null for any other search. The
 * stored grams hold the text fields and the booleans' texts — not numbers or dates, so a term one
 * could hold (mayMatch) is counted by the caller; nor a line feed, which joins the other text
 * fields in the stored text.
 */
export function b1ShortTermTotal(db: Handle, organizationId: string, search: CompiledSearch): Promise<number> | null {
  if (search.keywords.length !== 1 || search.smartContractId || search.filter) return null;
  const [{ fields, keyword }] = search.keywords as [CompiledSearch['keywords'][number]];
  if (!isShortTerm(keyword) || keyword.includes('\n')) return null;
  const everyField = fields.length === search.keywordFields.length && search.keywordFields.every((f) => fields.includes(f));
  if (!everyField || fields.some((f) => (f.type === 'integer' || f.type === 'date') && mayMatch(f, keyword))) return null;
  return b1KeywordTermTotal(db, organizationId, keyword);
}

/**
 * Does one of the search's keyword criteria (OR-ed) hold for every NFT of the organization? Known
 * cheaply for a one- or two-character keyword over every field, from its stored per-gram count
 * (b1ShortTermTotal): `r` over every field holds in every bench NFT.
 */
async function shortKeywordInEveryNft(db: Handle, organizationId: string, search: CompiledSearch): Promise<boolean> {
  // The organization's NFTs are read only for a keyword with a stored count: this runs before every
  // keyword search (and each status segment of a split one), most of them with longer terms.
  let all: number | undefined;
  for (const criterion of search.keywords) {
    const alone = b1ShortTermTotal(db, organizationId, { ...search, keywords: [criterion], filter: null, smartContractId: null });
    if (alone && (await alone) === (all ??= await countOf(db, organizationId, 'nfts', null, null))) return true;
  }
  return false;
}

/** The filter leaves a keyword search's count is grouped by (facetedTotal): `status eq` and `copyrighted eq`. */
const isFacet = (l: FilterLeaf) => (l.field.name === 'status' || l.field.name === 'copyrighted') && l.operator === 'eq' && l.value !== null;
type FilterLeaf = Extract<FilterNode, { kind: 'leaf' }>;

/**
 * The total of keywords — or of a name `contains` without keywords — beside AND-ed `status eq` /
 * `copyrighted eq` leaves (or none), off its rows per status and copyrighted: read off the stored
 * words where they decide its one keyword or that `contains` (word-count.ts, wordCounted), else one
 * count of the keywords and the other leaves, grouped (cached per write generation like any count,
 * paging.ts countGroups): the same keywords under another status or copyright filter, or each
 * status of an order led by status, are read off that count instead of reading every hit of the
 * term again (a common term's count visits ~every heap page of the organization: 0.2–0.7 s at a
 * million NFTs). Null under a contract (its rows are few), with a filter of another shape, without
 * keywords unless the words decide, or under a facet before the keywords and other leaves were
 * counted without it.
 */
async function facetedTotal(db: Handle, organizationId: string, search: CompiledSearch, body: NftSearchCriteria): Promise<number | null> {
  const leaves = andedLeaves(search.filter);
  if (search.smartContractId || !leaves) return null;
  const facets = leaves.filter(isFacet);
  const others = leaves.filter((l) => !isFacet(l));
  const counted = wordCounted(search, others);
  const words = counted && (await wordGroups(db, organizationId, counted.list, counted.keyword));
  if (words) return facetsTotal(words, facets);
  if (!search.keywords.length) return null;
  const rest = andOf(others);
  const unfaceted = { ...search, filter: rest };
  const key = `b1-facets|${JSON.stringify([body.keyword ?? null, body.advancedSearch ?? null, others.map((l) => [l.field.name, l.operator, l.value])])}`;
  const where = countedWhere(organizationId, unfaceted, (await searchWhere(db, organizationId, unfaceted, key)).where);
  // Under a facet the grouped count is read only once counted: counted first, it reads every hit of
  // the keywords where the search's own count narrows by the facet too (`hidden` + copyrighted: the
  // copyrighted rows among its hits, ~0.3 → ~0.5 s grouped).
  const groups = await countGroups(db, sql`"nfts"`, where, [n('status'), n('copyrighted')], { organizationId, list: 'nfts', key }, facets.length ? 'cached' : undefined);
  return groups && facetsTotal(groups, facets);
}

/** The rows of the groups every facet leaf holds in (two contradicting ones: none). */
function facetsTotal(groups: CountGroup[], facets: FilterLeaf[]): number {
  return groupsTotal(groups, (key) => facets.every((f) => key[f.field.name === 'status' ? 0 : 1] === f.value));
}

/**
 * The stored B1 words that decide a search beside facets only (`others`: its other AND-ed leaves;
 * word-count.ts, migrations 0024–0025): its one keyword criterion, by the words of every text field
 * when it reads them all and no field of another type it could match (a boolean's `true`, a date's
 * digits), by the name's words when it reads the name alone; or, without keywords, one name
 * `contains` — the same test as a keyword searched in the name alone. Its folded term and word list,
 * or null.
 */
function wordCounted(search: CompiledSearch, others: FilterLeaf[]): { keyword: string; list: WordList } | null {
  if (!search.keywords.length) {
    const [contains, ...more] = others;
    if (!contains || more.length || contains.operator !== 'contains' || contains.field.name !== 'name' || typeof contains.value !== 'string') return null;
    return { keyword: contains.value, list: 'nft_words_b1_name' };
  }
  if (search.keywords.length !== 1 || others.length) return null;
  const [{ fields, keyword }] = search.keywords as [CompiledSearch['keywords'][number]];
  const matching = new Set(fields.filter((f) => mayMatch(f, keyword)).map((f) => f.name));
  const texts = [...NAMES, ...REST];
  if (matching.size === texts.length && texts.every((t) => matching.has(t))) return { keyword, list: 'nft_words_b1' };
  return matching.size === 1 && matching.has('name') ? { keyword, list: 'nft_words_b1_name' } : null;
}

/**
 * Are a search's keywords held by at least 1/`splitShare` of the organization's NFTs, beside no
 * filter but facets, its totals per status then one grouped count (facetedTotal)? Then an order
 * led by status is read one status at a time — deep pages of a one- or two-character keyword alone
 * too: the page's status segment gathers and sorts that status's matches only (paging.ts
 * OrderedQuery.gathered), where one sort of every match ordered them all (`er`, 716k matches, by
 * status descending, page 20,000: 1.33 → 0.72 s first; `an` by status, supply descending, page
 * 9,000: 0.9 s every page → 0.67 s first, 0.15 s after).
 */
async function commonEnoughToSplit(db: Handle, organizationId: string, search: CompiledSearch, body: NftSearchCriteria): Promise<boolean> {
  // Only beside facets: each status's page of a keyword and a `contains` was walked testing both on
  // each row (`n ` + name contains `harbor` by status, name: 0.14 → 0.95 s).
  if (!andedLeaves(search.filter)?.every(isFacet)) return false;
  // A deep page of a one- or two-character keyword beside a facet stays one sort of the hits: each
  // status's segment under `copyrighted` tested the term on each of its rows (`n` + copyrighted by
  // status, name, page 987: 49 → 922 ms split).
  if (search.filter && (search.pageNumber - 1) * search.pageSize >= pgListTuning.anchorInterval && search.keywords.some((k) => isShortTerm(k.keyword))) return false;
  // The keywords alone: counted grouped, every status's total is then read off that count.
  const total = await facetedTotal(db, organizationId, { ...search, filter: null }, body);
  return total !== null && total * pgListTuning.splitShare >= (await countOf(db, organizationId, 'nfts', null, null));
}

/**
 * B1's tie-break: the id in the column's own collation, as A5's. Ids are UUIDs (lower-case hex,
 * hyphens in fixed places), which sort alike under C, glibc and ICU collations (the lists property
 * test runs on an ICU en-US database), so every (organization, …, id) index serves the order; an
 * explicit COLLATE "C" here would match none of them and sort every row of the organization.
 */
export const B1_ID = sql`"nfts"."id"`;

/**
 * What a field sorts by: strings by their fold; every text by code point (SQLite's order). An
 * enum's values (status: CREATED, FAILED, MINTED, PENDING) are capital ASCII words with distinct
 * first letters, which every collation orders by code point, so the column sorts in its own
 * collation and the (organization, status, id) index serves the order, as in A5; a value outside
 * the enum, written by another tool, is reported by `db check`.
 */
export function sortExpr(f: SearchFieldData): SQL {
  if (f.type === 'string') return sql`(${foldedOf(f)} collate "C")`;
  if (f.type === 'uuid') return sql`(${sqlOf(f).expr} collate "C")`;
  return sqlOf(f).expr;
}

/**
 * The condition on `nfts` of a B1 search: the organization, smartContractId, keywords (narrowed
 * where an index can, unless `narrow` is false: keywordSql) and advancedFilter (its `contains` on a
 * name narrowed where `narrowFilter`: leafSql).
 */
export function nftSearchWhere(organizationId: string, search: CompiledSearch, narrow = true, narrowFilter = false): SQL {
  const conditions: SQL[] = [sql`"nfts"."organization_id" = ${organizationId}`];
  if (search.smartContractId) conditions.push(sql`"nfts"."smart_contract_id" = ${search.smartContractId}`);
  const keyword = keywordSql(search.keywords, narrow);
  if (keyword) conditions.push(keyword);
  if (search.filter) conditions.push(filterSql(search.filter, narrowFilter));
  return sql.join(conditions, sql` and `);
}

/**
 * A B1 search's condition for counting and sorting its hits: its keywords narrowed through the
 * search indexes where the plan reads them (paging.ts searchIndexHelps); its filter tested as it
 * is (a `contains` is narrowed only for a deep page's anchors: nftSearchPagePg).
 */
async function searchWhere(db: Handle, organizationId: string, search: CompiledSearch, key: string): Promise<{ where: SQL; indexed: boolean }> {
  const narrowed = nftSearchWhere(organizationId, search, true, false);
  const indexed = await searchIndexHelps(db, search.keywords.map((k) => k.keyword), key, sql`"nfts"`, narrowed, 'nfts_search_b');
  return { where: indexed ? narrowed : nftSearchWhere(organizationId, search, false), indexed };
}

/**
 * A count's condition (`where`, searchWhere's): a name `contains` narrows through the name trigram
 * index too, so only its hits are read — beside keywords of three characters or more, the rows both
 * hit (`emerald` + name contains `beacon`, 19k of ~200k hits: ~0.5 → ~0.25 s); alone, its ~100k hits
 * instead of every name of the organization (0.31 → 0.13 s; beside a status the planner still reads
 * the (organization, status, name fold) index alone). Not beside a short keyword, whose plan would
 * then build its gram arrays for each of the contains' hits.
 */
function countedWhere(organizationId: string, search: CompiledSearch, where: SQL): SQL {
  const longKeywords = search.keywords.every((k) => !isShortTerm(k.keyword));
  return longKeywords && search.filter ? nftSearchWhere(organizationId, search, true, true) : where;
}

/**
 * Is the set decided, row for row, by an (organization[, status], sort, id) index in the sort's
 * collation (paging.ts OrderedQuery.seek)? No keyword, no contract, at most `status eq`, and a
 * NOT NULL sort with such an index.
 */
function seekable(search: CompiledSearch, sortField: string): boolean {
  if (search.keywords.length || search.smartContractId) return false;
  const leaves = andedLeaves(search.filter);
  if (!leaves?.every((l) => l.field.name === 'status' && l.operator === 'eq' && l.value !== null)) return false;
  return SEEKABLE_SORTS.has(sortField);
}

const SEEKABLE_SORTS = new Set(['createdAt', 'updatedAt', 'supply', 'name', 'smartContractName', 'status']);

/**
 * B1 on PostgreSQL: the ids of one page of the tenant's NFTs matching keyword / advancedSearch
 * (OR-ed), advancedFilter and smartContractId (AND-ed), and the exact total. Totals: list_counts
 * without criteria, for a supply range (with or without `status eq`: range-count.ts) or for a plain
 * keyword of one or two characters alone (short-term-count.ts), the
 * contract's stored total_nfts for a contract alone, otherwise an exact count
 * kept per write generation. A single-key order (the default included) pages from the nearer end
 * or a cached anchor (paging.ts); a multi-key order reads by OFFSET. Keywords narrow through
 * the B1 trigram / short-term indexes where they can only match text fields (narrowSql) — for a
 * short term, only where the plan reads those indexes (searchIndexHelps: one in most rows is tested
 * field by field on each row instead); a term that could be part of a number, date or boolean tests each row.
 */
export async function nftSearchPagePg(db: Handle, organizationId: string, compiled: CompiledSearch, body: NftSearchCriteria): Promise<IdsPage> {
  // A keyword every row holds leaves the list unsearched: its total is a stored count.
  if (compiled.keywords.some(holdsEveryRow)) return nftSearchPagePg(db, organizationId, { ...compiled, keywords: [] }, { advancedFilter: body.advancedFilter });
  // So does one every NFT of the organization happens to hold (a short term over every field, by its
  // stored count), and a search whose total is every NFT of its status is that status list (below).
  // Both are facts about one state of the list: the reduced answer stands only if no write committed
  // between the reading that decided it and its last read (equal generations); else the search is
  // answered as it is.
  const before = compiled.keywords.length || compiled.filter ? await listGeneration(db, organizationId, 'nfts') : null;
  const ifUnchanged = async (page: IdsPage): Promise<IdsPage | null> => ((await listGeneration(db, organizationId, 'nfts')) === before ? page : null);
  if (compiled.keywords.length && (await shortKeywordInEveryNft(db, organizationId, compiled))) {
    const reduced = await ifUnchanged(await nftSearchPagePg(db, organizationId, { ...compiled, keywords: [] }, { advancedFilter: body.advancedFilter }));
    if (reduced) return reduced;
  }
  // An order led by status: one search per status, each a status filter with a single-key order
  // (lib/storage/nft-search-split.ts), instead of sorting the tenant's rows or all of a common
  // term's hits by two keys (`meadow`, 203k hits, by status, name: ~250 ms every page → one grouped
  // count of its totals per status (facetedTotal), then its pages walked or read off anchors, ~15 ms).
  // A term in fewer rows keeps its one sort of the hits: split, each status's page walked its
  // status's rows testing the keyword on each (`emerald ha`, 15k hits, deep pages: 86 → 137 ms).
  // `status` alone too: a deep page's anchors then number one status's matches (`glacier` by status
  // ascending, page 2,420: 1.9 → 0.6 s; `jagged` descending, page 6,505: 1.07 → 0.81 s).
  // (Not a status's own segment: its status is fixed, nothing to split.) After the reductions above:
  // a keyword every NFT holds is its filter's list, split without counting the keyword per status.
  const lead = compiled.orderBy[0];
  const splits = lead?.field.type === 'enum' && (compiled.orderBy.length > 1 || !requiredEq(compiled.filter, lead.field.name));
  if (splits && (!compiled.keywords.length || (await commonEnoughToSplit(db, organizationId, compiled, body)))) {
    const split = await pageByLeadingEnum(compiled, body, (s, b) => nftSearchPagePg(db, organizationId, s, b));
    if (split) return split;
  }
  const search = compiled;
  const from = sql`"nfts"`;
  const criteria = JSON.stringify([body.keyword ?? null, body.advancedSearch ?? null, body.advancedFilter ?? null, search.smartContractId]);
  // Keywords narrowed through the search indexes, unless the plan would build a short term's gram
  // arrays on each row (a longer term's narrowing, one LIKE over the joined fold, costs less per row
  // than testing the fields one by one).
  const { where, indexed } = await searchWhere(db, organizationId, search, `b1|${criteria}`);

  let total: number;
  const onlyStatus = statusFilterAlone(search);
  if (!search.keywords.length && !search.filter) {
    total = search.smartContractId ? await contractTotal(db, organizationId, search.smartContractId) : await countOf(db, organizationId, 'nfts', null, null);
  } else if (onlyStatus) {
    total = await countOf(db, organizationId, 'nfts', String(onlyStatus.value), null);
  } else {
    total =
      (await b1ShortTermTotal(db, organizationId, search)) ??
      (await supplyRangeTotal(db, organizationId, search)) ??
      (await facetedTotal(db, organizationId, search, body)) ??
      (await countWhere(db, from, countedWhere(organizationId, search, where), { organizationId, list: 'nfts', key: `b1|${criteria}` }));
    // Every NFT of its status (or of the organization): the search is that list, read off its own
    // anchors instead of testing each row (SQLite: selectsEveryRowOfItsStatus).
    const status = requiredEq(search.filter, 'status');
    if (!search.smartContractId && total === (await countOf(db, organizationId, 'nfts', status ? String(status.value) : null, null))) {
      const advancedFilter = status ? { field: 'status', operator: 'eq', value: status.value } : undefined;
      const reduced = await ifUnchanged(await nftSearchPagePg(db, organizationId, { ...search, keywords: [], filter: status ?? null }, { advancedFilter }));
      if (reduced) return reduced;
    }
  }

  const { pageNumber: page, pageSize: limit } = search;
  const id = B1_ID;
  const copyrighted = await copyrightedRowsPage(db, organizationId, search, where, total);
  if (copyrighted) return { ids: copyrighted, total };
  if (search.orderBy.length <= 1) {
    const key = search.orderBy[0];
    const ordered = { organizationId, list: 'nfts' as const, from, id, direction: key?.direction ?? 'desc', total, page, limit };
    const leading = await leadingTermRange(db, organizationId, search, body, total);
    if (leading) {
      const sort = sortExpr(key!.field);
      const ids = await pageIds(db, { ...ordered, key: `b1|${criteria}|name|leading`, where: leading.where, sort, seek: leading.seek, walked: !leading.seek });
      return { ids, total };
    }
    // Walked, the search tests only its criteria's own columns: a name search sorted by name reads the name index alone.
    const searched = () => (search.smartContractId ? contractTotal(db, organizationId, search.smartContractId) : countOf(db, organizationId, 'nfts', null, null));
    const walk = search.keywords.length > 0 && (await walkIsCheaper(pgListTuning.b1Walk, { page, limit, total, maxRows: pgListTuning.walkRows }, searched));
    // A filter that leaves few rows (copyrighted: 5 % of the bench's NFTs) is tested row by row along
    // the sort index too, and its rows may all sit far along the order (copyrighted, sorted by
    // status descending: most of the tenant first): its shallow pages also seek from the first row
    // (not a NULL-able order's: paging.ts OrderedQuery.walked — no need to ask then).
    const nullable = key ? !key.field.notNull : false;
    const sparse = !walk && !nullable && !search.keywords.length && !!search.filter && total * pgListTuning.sparseShare <= (await searched());
    const gathered = !walk && search.keywords.some((k) => isShortTerm(k.keyword)) && indexed;
    const ids = await pageIds(db, {
      ...ordered,
      key: `b1|${criteria}|${key?.field.name ?? ''}`,
      // A deep page without keywords builds its anchors off a name `contains`'s trigram hits
      // (leafSql), not by a walk looking up each row's name. A shallow page does not: it sorted all
      // of the hits instead of walking (name contains `ivory` by status, name, page 5: 0.15 → 0.7 s);
      // nor beside a short keyword, whose plan built its gram arrays for each hit (`e ` + name
      // contains `canyon`: 0.2 → 4.4 s). (The count narrows on its own terms: countedWhere.)
      where: walk ? nftSearchWhere(organizationId, search, false) : !search.keywords.length && (page - 1) * limit >= pgListTuning.anchorInterval ? nftSearchWhere(organizationId, search, true, true) : where,
      // A status filter fixes the status sort: the id alone orders the rows (paging.ts OrderedQuery.sort).
      sort: key?.field.name === 'status' && requiredEq(search.filter, 'status') ? null : key ? sortExpr(key.field) : n('created_at'),
      nullable,
      seek: seekable(search, key?.field.name ?? 'createdAt'),
      walked: walk || sparse,
      // Not walked, a short keyword's deep anchors number its gram index's hits, gathered (paging.ts OrderedQuery.gathered)
      // — or walk to the page where it is in enough NFTs (OrderedQuery.walkable; not a contract's, which has no sort index of its own).
      gathered,
      walkable: gathered && !search.smartContractId ? { where: nftSearchWhere(organizationId, search, false), searched } : undefined,
    });
    return { ids, total };
  }
  const offset = (page - 1) * limit;
  if (offset >= total) return { ids: [], total };
  const order = orderTerms(search, (k) => sortExpr(k.field), id);
  const { rows } = await db.execute<{ id: string }>(
    sql`select "nfts"."id" as id from ${from} where ${where} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
  );
  return { ids: rows.map((r) => r.id), total };
}

/**
 * A name-ordered search whose matches are exactly the names that begin with its term (`willow` in
 * `willow teal #12`, searched in the name or every field): one range of the (organization[, status],
 * name fold "C", id) index, read as such instead of a walk of the name index testing each entry —
 * which crossed every name before the term's (`ivory` by name, page 2: ~0.8M entries, ~110 ms after
 * the count). Exact: a name beginning with the term contains it, so the range (under the search's
 * filter) is within the matches, and when it holds as many rows as the exact total it is all of
 * them. One keyword whose fields include the name, or a `name contains` among the AND-ed filter
 * leaves of a search without keywords; any filter beside it, applied to the range as to the search.
 * The range is sought along its index beside at most a `status eq` and that `contains` (the index
 * decides them), else walked testing the filter on each row (`copper` + FAILED + supply ≥ 6 by name
 * descending: ~0.7M entries passed before). Its size is counted once per write generation. A row
 * of the range is a match in any state of the list, so a write committed between the counts and the
 * page can only leave out a match that arrived meanwhile, as with any list read by several
 * statements (the reductions above, whose lists may hold non-matches, check the generation). Null
 * otherwise. SQLite's twin, sqlite/lists/nft-search.ts leadingTermRange, takes a `status eq` only:
 * there a range tested row by row lost to its first-match walk (`jagged` + supply ≤ 20 by name,
 * page 2: 260 → 650 ms), here it won (1.4 → 0.2 s).
 */
async function leadingTermRange(
  db: Handle,
  organizationId: string,
  search: CompiledSearch,
  body: NftSearchCriteria,
  total: number,
): Promise<{ where: SQL; seek: boolean } | null> {
  if (search.smartContractId || search.orderBy.length !== 1 || search.orderBy[0]!.field.name !== 'name') return null;
  const leaves = search.filter ? andedLeaves(search.filter) : [];
  const contains = search.keywords.length ? undefined : leaves?.find((l) => l.field.name === 'name' && l.operator === 'contains' && typeof l.value === 'string');
  const [criterion] = search.keywords;
  const term = search.keywords.length === 1 && criterion!.fields.some((f) => f.name === 'name') ? criterion!.keyword : contains ? String(contains.value) : undefined;
  const upper = term ? prefixUpperBound(term) : null;
  if (!term || upper === null) return null;
  const name = sortExpr(search.orderBy[0]!.field);
  const where = sql`${nftSearchWhere(organizationId, { ...search, keywords: [] })} and ${name} >= ${term} and ${name} < ${upper}`;
  const key = `b1-leading|${JSON.stringify([term, body.advancedFilter ?? null])}`;
  const inRange = await countWhere(db, sql`"nfts"`, where, { organizationId, list: 'nfts', key });
  if (inRange !== total) return null;
  const status = requiredEq(search.filter, 'status');
  return { where, seek: !!leaves && leaves.every((l) => l === status || l === contains) };
}

/** A B1 order as SQL terms — each key's `expr` in its direction, NULLs as SQLite orders them (first ascending), then the id in the last key's direction. */
function orderTerms(search: CompiledSearch, expr: (key: CompiledSearch['orderBy'][number], i: number) => SQL, id: SQL): SQL[] {
  const last = search.orderBy[search.orderBy.length - 1]!.direction;
  return [
    ...search.orderBy.map((k, i) => sql`${expr(k, i)} ${sql.raw(k.direction)} ${sql.raw(k.direction === 'asc' ? 'nulls first' : 'nulls last')}`),
    sql`${id} ${sql.raw(last)}`,
  ];
}

/**
 * The page of a search without keywords whose filter requires `copyrighted eq true`, where the
 * copyrighted NFTs are few (at most 1/`sparseShare` of the organization's; their number counted off
 * an index once per write generation): a sort of the entries of migration 0022's partial index of
 * the copyrighted NFTs, which holds every B1 sort key (an index-only scan, ~50k entries sorted in
 * ~40 ms at a million NFTs). Left to itself the planner walks the sort index testing each row, and
 * the copyrighted rows may all sit far along it (all CREATED, by status descending: 750k rows
 * crossed, 1.3 s). A materialized CTE keeps it from doing so. Null for any other search, and for
 * the default order (createdAt), which the (organization, copyrighted, createdAt) index serves as it is.
 */
async function copyrightedRowsPage(db: Handle, organizationId: string, search: CompiledSearch, where: SQL, total: number): Promise<string[] | null> {
  if (search.keywords.length || search.smartContractId || requiredEq(search.filter, 'copyrighted')?.value !== true) return null;
  if (!search.orderBy.length || search.orderBy[0]!.field.name === 'createdAt') return null;
  const copyrighted = await countWhere(db, sql`"nfts"`, sql`"nfts"."organization_id" = ${organizationId} and "nfts"."copyrighted" = true`, {
    organizationId,
    list: 'nfts',
    key: 'b1-copyrighted-rows',
  });
  if (copyrighted * pgListTuning.sparseShare > (await countOf(db, organizationId, 'nfts', null, null))) return null;
  const offset = (search.pageNumber - 1) * search.pageSize;
  if (offset >= total) return [];
  const keys = search.orderBy.map((k, i) => sql`${sortExpr(k.field)} as ${sql.identifier(`k${i}`)}`);
  const order = orderTerms(search, (_, i) => sql`${sql.identifier(`k${i}`)}`, sql`"id"`);
  const { rows } = await db.execute<{ id: string }>(
    sql`with "rows" as materialized (select ${B1_ID} as "id", ${sql.join(keys, sql`, `)} from "nfts" where ${where})
        select "id" from "rows" order by ${sql.join(order, sql`, `)} limit ${search.pageSize} offset ${offset}`,
  );
  return rows.map((r) => r.id);
}
