import { sql, type SQL } from 'drizzle-orm';
import type { PgDb, PgTx } from '../connection';
import { isShortTerm } from '../search/terms';
import { listCache } from '@/lib/storage/list-caches';

export type Handle = PgDb | PgTx;

/**
 * The exact total of a list key from list_counts (db/migrations-pg/0006_lists.sql): the sum of
 * its shard rows over the filter values asked (null: any).
 */
export async function countOf(db: Handle, organizationId: string, list: 'nfts' | 'contracts' | 'members', k1: string | null, k2: string | null): Promise<number> {
  const { rows } = await db.execute<{ n: string | null }>(
    sql`select sum(n) as n from list_counts where organization_id = ${organizationId} and list = ${list}
        ${k1 === null ? sql`` : sql`and k1 = ${k1}`} ${k2 === null ? sql`` : sql`and k2 = ${k2}`}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A contract's NFTs (the stored smart_contracts.total_nfts); 0 for another organization's contract. */
export async function contractTotal(db: Handle, organizationId: string, contractId: string): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`select total_nfts as n from smart_contracts where id = ${contractId} and organization_id = ${organizationId}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The exact number of rows matching `where`. With a `cache` (the list and a key naming the query),
 * on the pool, the count is kept with the list's write generation read in the same statement, and
 * served again while a one-row read of the generation still finds it unchanged: a common search
 * term is counted once per committed write, not once per request — exact across processes, since
 * the generation lives in the database. `cache.key` must name every input of `where`, and `where`
 * may read only rows the list's generation covers.
 */
export async function countWhere(db: Handle, from: SQL, where: SQL, cache?: { organizationId: string; list: OrderedQuery['list']; key: string }): Promise<number> {
  return (await countGroups(db, from, where, [], cache))?.[0]?.n ?? 0;
}

/** One group of countGroups: its values of the grouping expressions, in their order, and its rows. */
export type CountGroup = { key: unknown[]; n: number };

/** The rows of the groups that `holds`. */
export function groupsTotal(groups: CountGroup[], holds: (key: unknown[]) => boolean): number {
  return groups.filter((g) => holds(g.key)).reduce((sum, g) => sum + g.n, 0);
}

/**
 * countWhere per group of `groupBy` (its values read as JSON: text, numbers, booleans): one pass
 * over the rows for every group, cached and shared as countWhere's (`cache.key` names the grouping
 * too). No group is listed with no rows; with no `groupBy`, one group (of possibly no rows).
 * `only: 'cached'`: the cached groups while still exact, else null without counting.
 */
export async function countGroups(
  db: Handle,
  from: SQL,
  where: SQL,
  groupBy: SQL[],
  cache?: { organizationId: string; list: OrderedQuery['list']; key: string },
  only?: 'cached',
): Promise<CountGroup[] | null> {
  const columns = groupBy.map((g, i) => sql`${g} as ${sql.identifier(`g${i}`)}`);
  const values = groupBy.map((_, i) => sql.identifier(`g${i}`));
  const counted = sql`(select coalesce(json_agg(json_build_array(${sql.join([...values, sql`"n"`], sql`, `)})), '[]'::json)
    from (select ${sql.join([...columns, sql`count(*) as "n"`], sql`, `)} from ${from} where ${where}${
      groupBy.length ? sql` group by ${sql.join(values, sql`, `)}` : sql``
    }) as "counted")`;
  const parse = (groups: unknown[][]): CountGroup[] => groups.map((g) => ({ key: g.slice(0, -1), n: Number(g[g.length - 1]) }));
  const plainCount = async () => parse((await db.execute<{ groups: unknown[][] }>(sql`select ${counted} as groups`)).rows[0]!.groups);
  if (!cache || !('$client' in db)) return plainCount();
  const cacheKey = `${cache.organizationId}\u0000${cache.list}\u0000${cache.key}`;
  const gen = generationSql(cache.organizationId, cache.list);
  const currentGen = async () => (await db.execute<{ gen: string }>(sql`select ${gen} as gen`)).rows[0]!.gen;
  const known = countCache.get(cacheKey);
  if (known && (await currentGen()) === known.gen) return known.groups;
  if (only === 'cached') return null;
  // Concurrent requests for one uncounted query share one count (a common term's first count reads
  // every hit; ten of them at once would each read them all).
  const joined = counting.has(cacheKey);
  const entry = await sharedWork(counting, cacheKey, async () => {
    const { rows } = await db.execute<{ gen: string; groups: unknown[][] }>(sql`select ${gen} as gen, ${counted} as groups`);
    const result = { gen: rows[0]!.gen, groups: parse(rows[0]!.groups) };
    remember(countCache, cacheKey, result);
    return result;
  });
  // Another request's count is exact for this one too only if no write committed since it was read.
  if (!joined || (await currentGen()) === entry.gen) return entry.groups;
  return plainCount();
}

/** Counts in flight, by cache key (countWhere). */
const counting = listCache('pg:counting', () => new Map<string, Promise<{ gen: string; groups: CountGroup[] }>>());

/** `work` for `key`, or the promise of the one already running for it: concurrent callers share one run. */
function sharedWork<T>(inFlight: Map<string, Promise<T>>, key: string, work: () => Promise<T>): Promise<T> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = work().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** Puts `value` in a cache kept to MAX_ENTRIES keys, the least recently stored dropped first. */
function remember<T>(cache: Map<string, T>, key: string, value: T) {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}

export type OrderedQuery = {
  organizationId: string;
  /** The list whose write generation (list_generations) covers every row and column this query reads. */
  list: 'nfts' | 'contracts' | 'members';
  /**
   * Identifies the ordered set (filters, search, sort) in the anchor cache; null: never anchored
   * (the set depends on a table the list's generation does not cover).
   */
  key: string | null;
  from: SQL;
  where: SQL;
  /**
   * The sort expression, as the index holds it (text: COLLATE "C"). Null where `where` fixes the
   * sort column to one value (`status = $1` sorted by status): the id (after `then`) alone orders
   * the set. With the sort kept, an anchor's (status, id) row value and the equality were both
   * index conditions, but the scan began at the value's first row: each anchor step read the
   * status's entries up to the anchor (a PENDING page 4,986 deep at a million NFTs: 0.75 s cold;
   * a step 10 → 0.5 ms).
   */
  sort: SQL | null;
  /** NULL-able sort: NULL sorts first ascending, last descending (SQLite's order). */
  nullable?: boolean;
  /** A second sort key between `sort` and the id, same direction (A9's status sort: created_at). */
  then?: SQL;
  /** The unique tie-break, same direction as the sort. */
  id: SQL;
  /**
   * `where` is the organization and filters an (organization[, filter], sort[, then], id) index
   * decides, row for row: anchors are built by seeking from each to the next along that index
   * (buildAnchors). Leave unset when `where` holds a search or a filter no such index serves.
   */
  seek?: boolean;
  /**
   * The page is read by walking the sort index testing each row (a common term: walkIsCheaper; a
   * sparse filter the planner tests row by row). A page shallower than one anchor interval then
   * seeks from the set's first row — anchor 0, found once per generation — instead of walking from
   * the index's start every time: a term whose matches sit together far along the order (a name
   * word, sorted by name) crossed every row before them on every page. Not for a NULL-able sort:
   * from inside the NULL run its read is two segments, the second read even when the first fills
   * the page (copyrighted by mintedAt ascending: 2 → 135 ms a page).
   */
  walked?: boolean;
  /**
   * `where` narrows through a gram index (a short term's, in `index` form): a deep page's anchors
   * number the gathered rows, sorted, rather than let the planner walk the sort index testing each
   * row — which meant building each row's gram arrays (B1 `AN` + `status eq CREATED` by supply, page
   * 1,903: 5.5 s → ~0.25 s). Not for a walked set; not for a longer term, whose LIKE costs little
   * per row (gathered, `bright` by contract name, page 5,615: 465 → 505 ms).
   */
  gathered?: boolean;
  /**
   * A gathered set's `where` with its search tested row by row (terms.ts MatchForm `row`), and the
   * rows that walk would test (the filter's total): a deep page's anchors are then built by walking
   * the sort index to just past the page where that tests fewer rows than the gather reads matches
   * (walkedForm) — a term in most NFTs finds its page's anchor a few rows per match deep,
   * where the gather read and sorted every match (A5 `o`, 891k matches, by updatedAt, page 2,212:
   * ~1 s gathered, ~0.1 s walked).
   */
  walkable?: { where: SQL; searched: () => Promise<number> };
  direction: 'asc' | 'desc';
  total: number;
  page: number;
  limit: number;
};

/** Tuning: rows between two cached anchors of an ordered set; pages shallower than one interval read it plainly. */
export const pgListTuning = {
  anchorInterval: 1000,
  /** Force A9's search form (tests): 'auto' decides by walkRows. */
  memberWalk: 'auto' as WalkForm,
  /** A5, A9 and B1 searches: walk the sort index when it is expected to test at most this many rows (nfts.ts, members.ts, nft-search.ts). */
  walkRows: 20_000,
  /** Force B1's search form (tests): 'auto' decides by walkRows. */
  b1Walk: 'auto' as WalkForm,
  /** Force A5's search form (tests): 'auto' decides by walkRows. */
  nftWalk: 'auto' as WalkForm,
  /**
   * B1: a keyword search in an order led by status is read one status at a time when at least
   * 1/splitShare of the organization's NFTs hold it (nft-search.ts commonEnoughToSplit).
   */
  splitShare: 20,
  /** B1: a filtered set at most 1/sparseShare of the rows searched reads its shallow pages from its first row (nft-search.ts). */
  sparseShare: 8,
  /** Force A5's, A9's and B1's narrowing of a short term through the search indexes (tests): 'auto' asks the plan (searchIndexHelps). */
  searchIndex: 'auto' as 'auto' | 'index' | 'row',
  /** A row walked to build a gathered set's anchors, in matches gathered and sorted (walkedForm). */
  walkedRowCost: 1.5,
};

/** A search's form: decided by walkIsCheaper ('auto'), or forced (tests). */
export type WalkForm = 'auto' | 'walk' | 'hits';

/**
 * Walk the sort index testing each row, rather than gather the search's matches through the search
 * indexes and sort them (members.ts, nfts.ts, nft-search.ts)? When the rows the walk is expected to
 * test before the page's end — the page's position from the nearer end of the order × the rows
 * searched / the `total` matches, the matches taken as spread through the order — are at most
 * `maxRows`. A prefix of 11k of 104k people, page 1: ~190 rows tested instead of 11k hits gathered
 * and sorted; a word in a tenth of a million NFT names: a few hundred rows of an index instead of
 * ~100k hits. Both forms select the same rows and share the anchors of the ordered set; a `form`
 * other than 'auto' forces one. `searched` is read only when the choice needs it.
 */
export async function walkIsCheaper(form: WalkForm, q: { page: number; limit: number; total: number; maxRows: number }, searched: () => Promise<number>): Promise<boolean> {
  if (form !== 'auto') return form === 'walk';
  if (q.total === 0) return false;
  const offset = (q.page - 1) * q.limit;
  const position = Math.min(offset, Math.max(0, q.total - offset - q.limit)) + q.limit;
  return (position * (await searched())) / q.total <= q.maxRows;
}

/**
 * Should a search with these (folded) `terms` narrow through its search indexes — `where` in
 * `index` form (terms.ts MatchForm) — rather than be tested in `row` form? A short term's index
 * condition is a gram array, dear built row by row, which PostgreSQL does when the term is in most
 * rows and it scans the table or walks a sort index instead (B1 `keyword: "n"` at a million NFTs:
 * 27 s to count, against well under a second testing each field). So a search with a short term
 * narrows only where its count's plan reads a gram index of `indexPrefix`; a longer term's condition
 * (a LIKE) always narrows. Decided once per query `key` and process (EXPLAIN, not run): a choice of
 * speed, never of answer — both forms select the same rows. Inside a caller's transaction, `index`
 * form as before.
 */
export async function searchIndexHelps(db: Handle, terms: string[], key: string, from: SQL, where: SQL, indexPrefix: string): Promise<boolean> {
  if (!terms.some(isShortTerm)) return true;
  if (pgListTuning.searchIndex !== 'auto') return pgListTuning.searchIndex === 'index';
  if (!('$client' in db)) return true;
  const known = planCache.get(key);
  if (known !== undefined) return known;
  const { rows } = await db.execute<{ 'QUERY PLAN': string }>(sql`explain select count(*) from ${from} where ${where}`);
  // The short terms' own (gram) indexes: another condition's trigram index in the plan (a B1
  // `contains` on a name) says nothing about the gram arrays (`e ` beside name contains `canyon`:
  // counted in index form, the arrays were built for each of the contains' hits, 4.4 s).
  const gramIndex = new RegExp(`Index Scan on ${indexPrefix}\\w*_grams\\b`);
  const helps = rows.some((r) => gramIndex.test(r['QUERY PLAN']));
  remember(planCache, key, helps);
  return helps;
}

const planCache = listCache('pg:plans', () => new Map<string, boolean>());

/** One position of an ordered set: its sort value, `then` value and id, as read. */
type Anchor = { v: unknown; w: unknown; id: string };
type Entry = { gen: string; anchors: Anchor[] };
const MAX_ENTRIES = 200;
const anchorCache = listCache('pg:anchors', () => new Map<string, Entry>());
const countCache = listCache('pg:counts', () => new Map<string, { gen: string; groups: CountGroup[] }>());

/** For tests: forget every anchor and cached count. */
export function clearPgListCaches() {
  anchorCache.clear();
  countCache.clear();
  planCache.clear();
}

const generationSql = (organizationId: string, list: string) =>
  sql`(select coalesce(sum(n), 0)::text from list_generations where organization_id = ${organizationId} and list = ${list})`;

/**
 * The list's write generation now: bumped in the transaction of every write that can change one of
 * its answers, so two equal readings bracket reads that saw one state of the list.
 */
export async function listGeneration(db: Handle, organizationId: string, list: OrderedQuery['list']): Promise<string> {
  return (await db.execute<{ gen: string }>(sql`select ${generationSql(organizationId, list)} as gen`)).rows[0]!.gen;
}

/**
 * One page's ids in the SQLite engine's order (sort, [then,] id, all one direction; NULL smallest).
 * A page past the middle is read from the far end in the opposite direction and reversed, so no
 * page steps over more than half the list. Deeper than one anchor interval (and on the pool, not
 * inside a caller's transaction), the page seeks from the nearest cached anchor — the (sort, then,
 * id) of every `anchorInterval`-th row — instead of stepping over the offset. Anchors are built in
 * one pass far ahead of the page asked (to the middle of the set, so random deep pages find theirs;
 * concurrent requests share one build) and cached per ordered set with the list's write generation
 * read in the same statement; a read through an anchor returns the generation of its own snapshot:
 * a page read through anchors of another generation is discarded and the anchors rebuilt, so the
 * answer is exact across processes.
 */
export async function pageIds(db: Handle, q: OrderedQuery): Promise<string[]> {
  const offset = (q.page - 1) * q.limit;
  if (offset >= q.total) return [];
  let direction = q.direction;
  let limit = q.limit;
  let skip = offset;
  let reverse = false;
  if (offset > q.total / 2) {
    limit = Math.min(q.limit, q.total - offset);
    skip = q.total - offset - limit;
    direction = direction === 'asc' ? 'desc' : 'asc';
    reverse = true;
  }
  const dir = sql.raw(direction);
  const order = orderSql(q, dir, nullsSql(q, direction));
  const interval = pgListTuning.anchorInterval;
  // A caller's transaction may hold writes other sessions never see (or that roll back): no anchors there.
  const anchored = q.key !== null && !(q.nullable && q.then) && (skip >= interval || (!!q.walked && !q.nullable)) && '$client' in db;
  const ids = anchored ? await anchoredIds(db, q, { order, direction, skip, limit, interval }) : await plainIds(db, q, order, skip, limit);
  return reverse ? ids.reverse() : ids;
}

async function plainIds(db: Handle, q: OrderedQuery, order: SQL, skip: number, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`select ${q.id} as id from ${q.from} where ${q.where} order by ${order} limit ${limit} offset ${skip}`);
  return rows.map((r) => r.id);
}

/** Anchor builds in flight, by cache key: concurrent deep pages of one ordered set wait for one build. */
const building = listCache('pg:building', () => new Map<string, Promise<void>>());

async function anchoredIds(
  db: Handle,
  q: OrderedQuery,
  w: { order: SQL; direction: 'asc' | 'desc'; skip: number; limit: number; interval: number },
): Promise<string[]> {
  const cacheKey = `${q.organizationId}\u0000${q.list}\u0000${w.interval}\u0000${w.direction}\u0000${q.key}`;
  const index = Math.floor(w.skip / w.interval);
  // Twice at most: a write committed between the build and the read starts a new generation; after
  // a second miss the page is read by offset (exact, only slower).
  for (let attempt = 0; attempt < 2; attempt++) {
    const cached = anchorCache.get(cacheKey);
    if (cached && cached.anchors.length > index) {
      const a = cached.anchors[index]!;
      const from = w.skip - index * w.interval;
      // One segment: the page itself. Several: each one's rows up to the page's end, all in one
      // statement (one snapshot), then the page from their concatenation.
      const segments = seekSegments(q, a, w.direction);
      const one = segments.length === 1;
      const window = one ? sql`limit ${w.limit} offset ${from}` : sql`limit ${from + w.limit}`;
      // A gathered set's page walks the sort index from its anchor with the search in row form (a
      // LIKE on each row) where that tests fewer rows than a gather would read: in index form the
      // planner walked the same entries building each row's gram arrays (`e ` by status
      // descending, page 1,500: ~110 ms → a few ms each page).
      const { where } = (await walkedForm(q, from + w.limit)) ?? q;
      const { rows } = await db.execute<Record<string, string[]> & { gen: string }>(
        sql`select ${generationSql(q.organizationId, q.list)} as gen, ${sql.join(
          segments.map((g, i) => sql`array(select ${q.id} from ${q.from} where ${where} and ${g.where} order by ${g.order} ${window}) as ${sql.identifier(`s${i}`)}`),
          sql`, `,
        )}`,
      );
      const row = rows[0]!;
      if (row.gen === cached.gen) return one ? row.s0! : segments.flatMap((_g, i) => row[`s${i}`]!).slice(from, from + w.limit);
    }
    // A set stepped along its index (seek) or gathered: far enough that the next deep pages find
    // their anchor too — to the middle of the set (deeper pages are read from the other end), at
    // least four times this page's depth — since going further costs little there. A numbered set
    // the planner may walk, testing each row, costs as far as it is numbered: to just past the page
    // (a deeper page later numbers the set again, from its start).
    // A shallow page of a walk needs anchor 0 only: its build walks no further than the page itself.
    const far = Math.min(Math.ceil(q.total / 2) + w.interval, Math.max(w.skip + w.limit, 4 * w.skip, 50 * w.interval));
    const near = Math.min(far, w.skip + w.limit + w.interval);
    const reach = w.skip < w.interval ? w.skip + w.limit : q.seek || q.gathered ? far : near;
    // A gathered set (never shallow: it is not walked) may walk instead, to just past the page.
    const walk = await walkedForm(q, near);
    await sharedWork(building, cacheKey, () => (walk ? buildAnchors(db, walk, w, cacheKey, near) : buildAnchors(db, q, w, cacheKey, reach)));
  }
  return plainIds(db, q, w.order, w.skip, w.limit);
}

/** The set's order: (sort[ NULLS …], then, id), those present, all in `dir`. */
function orderSql(q: OrderedQuery, dir: SQL, nulls: SQL = sql``): SQL {
  const keys = [...(q.sort ? [sql`${q.sort} ${dir}${nulls}`] : []), ...(q.then ? [sql`${q.then} ${dir}`] : []), sql`${q.id} ${dir}`];
  return sql.join(keys, sql`, `);
}

/** The row value (sort, then, id — those present) compared by `cmp` with a position's (v, w, id). */
function keysetCompared(q: OrderedQuery, cmp: SQL, at: { v: SQL; w: SQL; id: SQL }): SQL {
  const pairs: [SQL, SQL][] = [...(q.sort ? [[q.sort, at.v] as [SQL, SQL]] : []), ...(q.then ? [[q.then, at.w] as [SQL, SQL]] : []), [q.id, at.id]];
  return sql`(${sql.join(pairs.map(([k]) => k), sql`, `)}) ${cmp} (${sql.join(pairs.map(([, v]) => v), sql`, `)})`;
}

/**
 * Where the ordered set continues from anchor `a` (inclusive), as segments read one after the other,
 * each an index range in its own order. A row value never compares with NULL, so a NULL-able sort
 * (NULL first ascending, last descending) splits its set at the NULL run: ascending from an anchor
 * inside the run, the rest of the run (by id) and then every non-NULL row; descending from a non-NULL
 * anchor, the non-NULL rows from it and then the whole run.
 */
function seekSegments(q: OrderedQuery, a: Anchor, direction: 'asc' | 'desc'): { where: SQL; order: SQL }[] {
  const dir = sql.raw(direction);
  const cmp = sql.raw(direction === 'asc' ? '>=' : '<=');
  const byId = sql`${q.id} ${dir}`;
  const fromAnchor = keysetCompared(q, cmp, { v: sql`${a.v}`, w: sql`${a.w}`, id: sql`${a.id}` });
  if (!q.nullable || !q.sort) return [{ where: fromAnchor, order: orderSql(q, dir) }];
  const nulls = sql.raw(direction === 'asc' ? 'nulls first' : 'nulls last');
  // Every segment in the index's own order (sort with its NULLs, then id): within the NULL run that
  // is the id's order, and PostgreSQL reads it off the (…, sort NULLS FIRST, id) index with `sort IS
  // NULL and id >= …` as index conditions — ordered by the id alone it walked the primary key
  // filtering rows (1,020 ids of a 750k run: 8.6 → 0.8 ms).
  const indexOrder = sql`${q.sort} ${dir} ${nulls}, ${byId}`;
  const inRun = sql`${q.sort} is null and ${q.id} ${cmp} ${a.id}`;
  if (direction === 'asc') {
    return a.v === null ? [{ where: inRun, order: indexOrder }, { where: sql`${q.sort} is not null`, order: indexOrder }] : [{ where: fromAnchor, order: indexOrder }];
  }
  return a.v === null ? [{ where: inRun, order: indexOrder }] : [{ where: fromAnchor, order: indexOrder }, { where: sql`${q.sort} is null`, order: indexOrder }];
}

/**
 * Every interval-th row's (sort, then, id) among the first `reach` rows of the ordered set, with the
 * generation of the same snapshot. A seekable set (OrderedQuery.seek) steps from one anchor to the
 * next: each step an index seek past the previous anchor and a skip of interval − 1 entries (one
 * statement, a recursive query); half a million NFT names: ~100 ms against ~220 ms numbering every
 * row (the window form, used for everything else: NULL-able sorts, searches, unindexed filters).
 */
async function buildAnchors(db: Handle, q: OrderedQuery, w: { order: SQL; direction: 'asc' | 'desc'; interval: number }, cacheKey: string, reach: number): Promise<void> {
  const steps = Math.ceil(reach / w.interval);
  const { rows } = await db.execute<{ gen: string; v: unknown; w: unknown; id: string }>(
    !q.seek ? numberedAnchorsSql(q, w, reach) : q.nullable && q.sort ? nullableSteppedAnchorsSql({ ...q, sort: q.sort }, w, steps) : steppedAnchorsSql(q, w, steps),
  );
  if (rows.length) remember(anchorCache, cacheKey, { gen: rows[0]!.gen, anchors: rows.map((r) => ({ v: r.v, w: r.w, id: r.id })) });
}

/**
 * A gathered set as its sort index walks it (OrderedQuery.walkable: its search in row form, not
 * gathered), when numbering — or reading from an anchor — its first `reach` rows that way costs
 * less: the rows the walk tests, each weighed as `walkedRowCost` gathered matches, are at most the
 * matches the gather would read — a walked row is its table row (often on a page of its own: the
 * sort is not the table's order) and a LIKE, a gathered match its table row (read in table order)
 * and its share of the sort. Null: gather. The walk numbers only as far as `reach`, so a deeper page
 * later walks again from the start.
 */
async function walkedForm(q: OrderedQuery, reach: number): Promise<OrderedQuery | null> {
  if (!q.gathered || !q.walkable || q.total === 0) return null;
  const walked = ((reach * (await q.walkable.searched())) / q.total) * pgListTuning.walkedRowCost;
  return walked <= q.total ? { ...q, where: q.walkable.where, gathered: false } : null;
}

function numberedAnchorsSql(q: OrderedQuery, w: { order: SQL; direction: 'asc' | 'desc'; interval: number }, reach: number): SQL {
  const columns = sql`${q.sort ?? sql`null`} as v, ${q.then ?? sql`null`} as w, ${q.id} as id`;
  // A gathered set numbers its rows in the same order over the gathered columns (a column keeps its
  // expression's collation).
  const gatheredOrder = orderSql({ ...q, sort: q.sort ? sql`g.v` : null, then: q.then ? sql`g.w` : undefined, id: sql`g.id` }, sql.raw(w.direction), nullsSql(q, w.direction));
  const numbered = q.gathered
    ? sql`select g.v, g.w, g.id, row_number() over (order by ${gatheredOrder}) as rn from g order by ${gatheredOrder} limit ${reach}`
    : sql`select ${columns}, row_number() over (order by ${w.order}) as rn from ${q.from} where ${q.where} order by ${w.order} limit ${reach}`;
  return sql`${q.gathered ? sql`with g as materialized (select ${columns} from ${q.from} where ${q.where}) ` : sql``}select ${generationSql(q.organizationId, q.list)} as gen, x.v, x.w, x.id
        from (${numbered}) as x
        where (x.rn - 1) % ${w.interval} = 0
        order by x.rn`;
}

/** Where a NULL-able sort puts its NULLs (SQLite's order): first ascending, last descending. */
function nullsSql(q: OrderedQuery, direction: 'asc' | 'desc'): SQL {
  return q.nullable ? sql.raw(direction === 'asc' ? ' nulls first' : ' nulls last') : sql``;
}

/**
 * Stepped anchors of a NULL-able sort (no `then`): the set is two index ranges read one after the
 * other — ascending the NULL run (by id) then the dated rows, descending the other way round — and a
 * row value never compares with NULL, so each range is stepped on its own: the first as
 * steppedAnchorsSql does, then the second from the row that continues the interval across the
 * boundary (the first range's rows after its last anchor, fewer than one interval, are counted).
 * Numbering every row instead read ~150 ms per direction at a million NFTs.
 */
function nullableSteppedAnchorsSql(q: OrderedQuery & { sort: SQL }, w: { direction: 'asc' | 'desc'; interval: number }, steps: number): SQL {
  const dir = sql.raw(w.direction);
  const after = sql.raw(w.direction === 'asc' ? '>' : '<');
  const order = sql`${q.sort} ${dir} ${sql.raw(w.direction === 'asc' ? 'nulls first' : 'nulls last')}, ${q.id} ${dir}`;
  const inRun = { where: sql`${q.sort} is null`, past: sql`${q.id} ${after} s.id` };
  const dated = { where: sql`${q.sort} is not null`, past: sql`(${q.sort}, ${q.id}) ${after} (s.v, s.id)` };
  const [first, second] = w.direction === 'asc' ? [inRun, dated] : [dated, inRun];
  // The next anchor of a range: the interval-th row after s (the CTE row in scope).
  const next = (range: typeof inRun) =>
    sql`select ${q.sort} as v, ${q.id} as id from ${q.from} where ${q.where} and ${range.where} and ${range.past} order by ${order} offset ${w.interval - 1} limit 1`;
  return sql`with recursive first_steps(v, id, k) as (
          (select ${q.sort}, ${q.id}, 1 from ${q.from} where ${q.where} and ${first.where} order by ${order} limit 1)
          union all
          (select x.v, x.id, s.k + 1 from first_steps s cross join lateral (${next(first)}) as x where s.k < ${steps})),
        last_first as (select v, id, k from first_steps order by k desc limit 1),
        first_rest as (select count(*)::int as r from last_first s cross join lateral (
          select 1 from ${q.from} where ${q.where} and ${first.where} and ${first.past} order by ${order} limit ${w.interval}) as x),
        second_start as (
          select coalesce((select k from last_first), 0) + 1 as k,
                 case when exists (select 1 from last_first) then greatest(0, ${w.interval - 1} - (select r from first_rest)) else 0 end as off),
        second_steps(v, id, k) as (
          (select x.v, x.id, st.k from second_start st cross join lateral (
             select ${q.sort} as v, ${q.id} as id from ${q.from} where ${q.where} and ${second.where} order by ${order} offset st.off limit 1) as x
           where st.k <= ${steps})
          union all
          (select x.v, x.id, s.k + 1 from second_steps s cross join lateral (${next(second)}) as x where s.k < ${steps}))
        select ${generationSql(q.organizationId, q.list)} as gen, v, null as w, id from (
          select v, id, k from first_steps union all select v, id, k from second_steps) as a order by k`;
}

/** The first row, then `steps` − 1 times the interval-th row after the last one found (non-NULL sorts only). */
function steppedAnchorsSql(q: OrderedQuery, w: { order: SQL; direction: 'asc' | 'desc'; interval: number }, steps: number): SQL {
  const then = q.then ?? sql`null::text`;
  const sort = q.sort ?? sql`null::text`;
  const after = sql.raw(w.direction === 'asc' ? '>' : '<');
  const past = keysetCompared(q, after, { v: sql`s.v`, w: sql`s.w`, id: sql`s.id` });
  return sql`with recursive anchor_steps(v, w, id, k) as (
          (select ${sort}, ${then}, ${q.id}, 1 from ${q.from} where ${q.where} order by ${w.order} limit 1)
          union all
          (select x.v, x.w, x.id, s.k + 1 from anchor_steps s cross join lateral (
             select ${sort} as v, ${then} as w, ${q.id} as id from ${q.from} where ${q.where} and ${past}
             order by ${w.order} offset ${w.interval - 1} limit 1) as x
           where s.k < ${steps}))
        select ${generationSql(q.organizationId, q.list)} as gen, v, w, id from anchor_steps order by k`;
}
