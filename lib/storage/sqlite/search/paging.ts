import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { idsAt, keysetFrom, type OrderedSet } from './anchors';
import { cachedValue } from './count-cache';
import { searchTuning } from './tuning';

type Reader = Pick<Db, 'all' | 'get'>;

export type PageWindow = { limit: number; offset: number; direction: 'asc' | 'desc'; reverse: boolean };

/** Where to read a page: from the near end of the order (the far end past the middle), or nothing. */
export function pageWindow(total: number | null, page: number, pageSize: number, direction: 'asc' | 'desc'): PageWindow | null {
  const offset = (page - 1) * pageSize;
  if (total === null) return { limit: pageSize, offset, direction, reverse: false };
  if (offset >= total) return null;
  if (offset <= total / 2) return { limit: pageSize, offset, direction, reverse: false };
  const limit = Math.min(pageSize, total - offset);
  return { limit, offset: total - offset - limit, direction: direction === 'asc' ? 'desc' : 'asc', reverse: true };
}

export type AnchoredQuery = {
  organizationId: string;
  /** Identifies the ordered set (table + where + sort) in the anchor cache, e.g. `nfts|["MINTED"]|name`. */
  key: string;
  from: SQL;
  where: SQL | undefined;
  /**
   * One sort expression (null: the id alone); may be NULL-able. Null too where `where` fixes the
   * sort column to one value (`status = ?` sorted by status): SQLite ranges an index over that
   * equality or over an anchor's (status, id) row value, not both — with both, each anchor step
   * walked the value's rows from their start (a PENDING page 4,986: 200 steps, 1.2 s).
   */
  sort: SQL | null;
  /** A second, NOT NULL sort key between `sort` and the id, in the same direction. */
  then?: SQL;
  /** The unique tie-breaker, sorted in the same direction as `sort`. */
  id: SQL;
  direction: 'asc' | 'desc';
  /** Anchors built in one pass, over an equivalent cheaper condition (anchors.ts OrderedSet). */
  onePass?: OrderedSet['onePass'];
  /** Where the set begins: no row sorts before it (anchors.ts OrderedSet). */
  start?: OrderedSet['start'];
  /** Exact number of rows matching `where`. */
  total: number;
  page: number;
  limit: number;
};

/**
 * Deferred join, first half: the ids of one page, read off a covering (organization[, filter],
 * sort, id) index without touching the table. Pages past the middle are read from the other end
 * in reverse; pages deeper than one anchor interval seek to the nearest cached anchor
 * (lib/storage/sqlite/search/anchors.ts), so no page steps over more than a few hundred index entries.
 */
export function anchoredPageIds(db: Reader, q: AnchoredQuery): string[] {
  const w = pageWindow(q.total, q.page, q.limit, q.direction);
  if (!w) return [];
  // The far end is read in reverse from its own end: `start` bounds only the near end.
  const set: OrderedSet = { from: q.from, where: q.where, sort: q.sort, then: q.then, id: q.id, direction: w.direction, onePass: q.onePass, start: w.reverse ? undefined : q.start };
  const ids = idsAt(db, q.organizationId, q.key, set, w.offset, w.limit);
  return w.reverse ? ids.reverse() : ids;
}

/**
 * A walk's page read without crossing more than a budget of rows of the ordered set: null when
 * the page is not full within it. A walk tests each row in sort order and stops when the page is
 * full — cheap when the matches are spread through the order, but matches that sit together far
 * along it (`violet` in names sorted by name: `beacon azure …` … `beacon violet …`; the people
 * numbered 10000–19999 for `person1`, newest first) cost a walk over everything before them. The
 * budget starts at `searchTuning.walkBudget` rows and grows eightfold while it stays under
 * `perHit` (default `walkPerHit`) × the search's total (what sorting its hits would roughly cost,
 * a hit being dearer than a walked row); null past that, so the caller reads the page off the hits instead. Each bound
 * is the (sort[, then], id) of the budget-th row of `base` (the query's rows before its search
 * predicate: one skip over the index), so each try is an index range. Exact either way: a full
 * page within a bound is the first rows of the order. `q.sort` must be NOT NULL; pages in the
 * anchored range (past one anchor interval) are read as anchoredPageIds reads them.
 */
export function boundedPageIds(db: Db, q: AnchoredQuery, base: SQL | undefined, perHit = searchTuning.walkPerHit): string[] | null {
  const w = pageWindow(q.total, q.page, q.limit, q.direction);
  if (!w) return [];
  if (!q.sort || w.offset >= searchTuning.anchorInterval) return anchoredPageIds(db, q);
  const begin = q.start ? keysetFrom({ ...q, direction: w.direction }, q.start).where : undefined;
  const limit = Math.max(searchTuning.walkBudget, perHit * q.total);
  // The shallowest page this walk did not fill within its limit (per write generation): a deeper
  // one, walked from the same start to the same bound, needs more matches there and would not fill
  // either, so it goes to the hits at once (`emerald ha` by status, page 427 of 448: three walks,
  // ~0.3 s, before every request's sort of the hits).
  const unfilled = cachedValue(db, q.organizationId, `unfilled|${w.direction}|${q.key}|${JSON.stringify(q.start ?? null)}|${limit}`, () => ({ from: Infinity }));
  if (w.offset >= unfilled.from) return null;
  for (let budget = searchTuning.walkBudget; ; budget = Math.min(limit, Math.max(budget * 8, budget + 1))) {
    const bound = walkBound(db, q, w.direction, and(base, begin), budget);
    // The whole set is within the budget: the walk is bounded by its end.
    if (!bound) return anchoredPageIds(db, q);
    const ids = anchoredPageIds(db, { ...q, where: q.where ? sql`(${q.where}) and ${bound.within}` : bound.within, onePass: undefined });
    if (ids.length === w.limit) return ids;
    if (budget >= limit) {
      unfilled.from = w.offset;
      return null;
    }
  }
}

/**
 * A common term's page by a bounded walk (boundedPageIds) that starts at the term's first match in
 * the page's order, or null: the caller sorts the hits. Matches that sit together far along the
 * order (`harbor` in names sorted by name: every `amber harbor …` comes after ~36k other `amber …`
 * names) are out of reach of a walk from the start, and a walk that reached them only after growing
 * its bound crossed every row before them again for each page (`golden` by name descending: ~150
 * ms a page). The first match is found once per write generation (cached): by a walk in growing
 * segments while it is near (firstMatchWalked), else read off the hits (`hits`: the term's
 * candidates and the search's condition over them; one pass, no sort). The rows before it do not match, so the page's offset
 * among the matches is unchanged. A page read from the far end walks from the start only. `perHit`
 * as for boundedPageIds (a sparse filter's candidates: 1). `q.sort` must be NOT NULL; the set's rows
 * are NFTs (`q.id` is nfts.id: the first match's sort value is read by it). A5 and B1.
 */
export function walkFromFirstMatch(
  db: Db,
  q: AnchoredQuery,
  hits: { from: SQL; where: SQL | undefined },
  base: SQL | undefined,
  perHit?: number,
  decides?: SQL,
): string[] | null {
  const w = pageWindow(q.total, q.page, q.limit, q.direction);
  const sort = q.sort;
  if (!w || w.reverse || !sort) return boundedPageIds(db, q, base, perHit);
  type First = { v: unknown; id: string } | null;
  const walkFrom = (first: First) => (first ? boundedPageIds(db, { ...q, start: first }, base, perHit) : null);
  const dir = sql.raw(q.direction);
  return walkFrom(
    cachedValue<First>(db, q.organizationId, `first|${q.direction}|${q.key}`, () => {
      const walked = firstMatchWalked(db, q, base, perHit ?? searchTuning.firstMatchPerHit, decides);
      if (walked !== undefined) return walked;
      const where = hits.where ? sql`where ${hits.where}` : sql``;
      return db.get<{ v: unknown; id: string }>(sql`select ${sort} as "v", ${q.id} as "id" from ${hits.from} ${where} order by ${sort} ${dir}, ${q.id} ${dir} limit 1`) ?? null;
    }),
  );
}

/**
 * The first row of `q`'s set in its order, found by walking the order in segments — the first
 * `walkBudget` rows of `base`, then each segment eight times the last (at most what is left of
 * the limit), starting where the last ended (a restart from the beginning crossed everything
 * before the match once per segment: `distant` by name descending, ~600k names before its first
 * match, 360 → ~100 ms) — or undefined once `perHit` × the set's total rows were walked without a
 * match: the caller reads the hits instead. Each segment is an index range ending at the (sort[,
 * then], id) of its last row (one skip). The walk goes `coveredWalkFactor` times as far where the
 * index decides the search alone — `q.where` or, with a filter beside it, the condition
 * `decides` (the keywords') — and where `q.where` reads nothing but the index it is one pass.
 */
function firstMatchWalked(db: Reader, q: AnchoredQuery, base: SQL | undefined, perHit: number, decides?: SQL): { v: unknown; id: string } | null | undefined {
  const { order } = keysetFrom(q, null);
  const first = (where: SQL | undefined) => sql`select ${q.sort} as "v", ${q.id} as "id" from ${q.from} where ${where ?? sql`1`} order by ${order} limit 1`;
  const covered = perHit > 0 && readsIndexAlone(db, first(q.where));
  // An entry the index rejects is passed without its row: SQLite looks the row up only for a
  // condition on a column outside the index, and only once the index's own conditions hold.
  const decided = covered || (perHit > 0 && decides !== undefined && readsIndexAlone(db, first(decides)));
  const limit = Math.max(searchTuning.walkBudget, perHit * (decided ? searchTuning.coveredWalkFactor : 1) * q.total);
  if (covered && base) {
    // One pass over at most `limit` entries of the order, each tested as it is read (a co-routine
    // that stops at the first match): segments would cross each entry twice, once to find their
    // bound and once to test it (`frozen` in names by name descending, ~750k entries before the first
    // match: the last segment's bound, past the set's end, cost ~185 ms before the walk). Only
    // here: a result column's condition is evaluated whole, so one on a column outside the index
    // would look up every entry's row.
    const walked = db.get<{ v: unknown; id: string; m: number | null }>(
      sql`select "v", "id", "m" from (select ${q.sort} as "v", ${q.id} as "id", (${q.where ?? sql`1`}) as "m" from ${q.from} where ${base} order by ${order} limit ${limit}) where "m" limit 1`,
    );
    return walked ? { v: walked.v, id: walked.id } : undefined;
  }
  let from: SQL | undefined;
  for (let walked = 0, segment = searchTuning.walkBudget; walked < limit; walked += segment, segment = Math.max(1, Math.min(segment * 8, limit - walked))) {
    const upTo = walkBound(db, q, q.direction, and(base, from), segment);
    const found = db.get<{ v: unknown; id: string }>(first(and(q.where, from, upTo?.within)));
    // A match, or none in the whole set (the segment ran to its end).
    if (found || !upTo) return found ?? null;
    from = upTo.after;
  }
  return undefined;
}

/**
 * Whether SQLite walks `query` off indexes alone, in their order: every table its plan scans or
 * searches is read through a COVERING INDEX (a walked row is an index entry, not a table row
 * looked up) and nothing is sorted afterwards (no temporary B-tree).
 */
function readsIndexAlone(db: Reader, query: SQL): boolean {
  const plan = db.all<{ detail: string }>(sql`explain query plan ${query}`);
  const reads = plan.filter((step) => /^(SCAN|SEARCH) /.test(step.detail));
  return reads.length > 0 && reads.every((step) => step.detail.includes(' USING COVERING INDEX ')) && !plan.some((step) => step.detail.includes('TEMP B-TREE'));
}

/**
 * A bounded walk's bound: the row `n` rows into `where`'s rows in `direction` (one skip over the
 * index), as the condition holding the rows up to it (inclusive) and the one holding the rows from
 * it on; undefined when the set ends sooner.
 */
function walkBound(db: Reader, q: AnchoredQuery, direction: 'asc' | 'desc', where: SQL | undefined, n: number): { within: SQL; after: SQL } | undefined {
  const keys = { sort: q.sort, then: q.then, id: q.id };
  const bound = db.get<{ v: unknown; w: unknown; id: string }>(
    sql`select ${q.sort} as "v", ${q.then ?? sql`null`} as "w", ${q.id} as "id" from ${q.from} where ${where ?? sql`1`} order by ${keysetFrom({ ...keys, direction }, null).order} limit 1 offset ${n}`,
  );
  if (!bound) return undefined;
  // The rows up to the bound: those from it on in the opposite order.
  return { within: keysetFrom({ ...keys, direction: direction === 'asc' ? 'desc' : 'asc' }, bound).where!, after: keysetFrom({ ...keys, direction }, bound).where! };
}

/**
 * Whether a page `offset` rows into a set of `matches` rows (out of `rows` before the search)
 * builds its anchors in one pass over the search index's matches rather than by walking the sort
 * index (searchTuning.onePassRatio).
 */
export function onePassPays(offset: number, matches: number, rows: number): boolean {
  return offset >= searchTuning.anchorInterval && offset * searchTuning.onePassRatio * Math.max(rows, 1) >= matches * matches;
}
