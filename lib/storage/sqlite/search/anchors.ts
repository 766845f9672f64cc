import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { compileAll } from '@/lib/storage/sqlite/connection/prepared';
import { generation } from './counters';
import { searchTuning } from './tuning';
import { listCache } from '@/lib/storage/list-caches';

type Reader = Pick<Db, 'all' | 'get'>;

/** One position of an ordered set: its sort value, its `then` value (if any) and id (the unique tie-breaker). */
export type Anchor = { v: unknown; w?: unknown; id: string };


/** An ordered set read in one direction: `sort` (nullable), `then` (never NULL), then `id`, all in `direction`. */
export type OrderedSet = {
  from: SQL;
  where: SQL | undefined;
  sort: SQL | null;
  /** A second, NOT NULL sort key before the id (e.g. created_at after status): ties of `sort` in its order. */
  then?: SQL;
  id: SQL;
  direction: 'asc' | 'desc';
  /**
   * Anchors built in one pass (onePassAnchors) instead of one statement per anchor. `where`: a
   * condition selecting exactly the rows of `set.where` that is cheaper over many rows (e.g. a
   * search decided by its index's rowids, read off the covering sort index, instead of a LIKE that
   * looks each row up); absent: `set.where`. `nullable`: `sort` may be NULL — a keyset after an
   * anchor cannot cross the NULL run in one range, so each pass numbers the set from its start
   * (index order puts the NULL run where the order does); such a set has no `start`.
   */
  onePass?: { where: SQL | undefined; nullable?: boolean };
  /**
   * No row of the set sorts before this position (inclusive): a read from the start begins here.
   * Kept apart from `where` because SQLite ranges an index over one lower bound of its columns: a
   * second row-value bound in `where` became the range, the anchor's a filter, and each anchor step
   * walked from that bound again (`en` by contract name, page 3,254: 130 steps, 3.4 s).
   */
  start?: Anchor;
};

/**
 * The set's keys in read order — (sort, then, id), those present — and the rows from `anchor` on
 * (inclusive; none: from the start) as a row-value comparison with it. A row whose sort is NULL
 * never compares, so this is one index range over the non-NULL sort values.
 */
export function keysetFrom(set: Pick<OrderedSet, 'sort' | 'then' | 'id' | 'direction'>, anchor: Anchor | null): { where: SQL | undefined; order: SQL } {
  const dir = sql.raw(set.direction);
  const cmp = sql.raw(set.direction === 'asc' ? '>=' : '<=');
  const keys: [SQL, unknown][] = [];
  if (set.sort) keys.push([set.sort, anchor?.v]);
  if (set.then) keys.push([set.then, anchor?.w]);
  keys.push([set.id, anchor?.id]);
  const list = (parts: SQL[]) => sql.join(parts, sql`, `);
  return {
    order: list(keys.map(([k]) => sql`${k} ${dir}`)),
    where: anchor ? sql`(${list(keys.map(([k]) => k))}) ${cmp} (${list(keys.map(([, v]) => sql`${v}`))})` : undefined,
  };
}

/**
 * The rows after an anchor (inclusive), as one or two index ranges in read order. SQLite sorts
 * NULL first ascending and last descending, so a nullable sort splits into a NULL segment and a
 * non-NULL one; row-value comparisons never match NULL, which keeps each range exact.
 */
function segmentsFrom(set: OrderedSet, anchor: Anchor | null): { where: SQL; order: SQL }[] {
  const { sort } = set;
  // The NULL run is ordered by the keys after `sort`: (then, id) or id alone.
  const tail = (a: Anchor | null) => keysetFrom({ ...set, sort: null }, a);
  if (!sort) {
    const all = tail(anchor);
    return [{ where: all.where ?? sql`1`, order: all.order }];
  }
  const nulls = (a: Anchor | null) => {
    const k = tail(a);
    return { where: k.where ? sql`${sort} is null and ${k.where}` : sql`${sort} is null`, order: k.order };
  };
  const values = (a: Anchor | null) => {
    const k = keysetFrom(set, a);
    return { where: k.where ?? sql`${sort} is not null`, order: k.order };
  };
  const asc = set.direction === 'asc';
  if (!anchor) return asc ? [nulls(null), values(null)] : [values(null), nulls(null)];
  if (anchor.v === null) return asc ? [nulls(anchor), values(null)] : [nulls(anchor)];
  return asc ? [values(anchor)] : [values(anchor), nulls(null)];
}

/** `limit` rows of `set` starting `skip` rows after `anchor` (inclusive), with their sort values. */
function readAfter(db: Reader, set: OrderedSet, anchor: Anchor | null, skip: number, limit: number): Anchor[] {
  const out: Anchor[] = [];
  const value = set.sort ?? sql`null`;
  const second = set.then ?? sql`null`;
  let remaining = skip;
  for (const seg of segmentsFrom(set, anchor ?? set.start ?? null)) {
    const where = set.where ? sql`(${set.where}) and ${seg.where}` : seg.where;
    const rows = db.all<Anchor>(
      sql`select ${value} as "v", ${second} as "w", ${set.id} as "id" from ${set.from} where ${where} order by ${seg.order} limit ${limit - out.length} offset ${remaining}`,
    );
    out.push(...rows);
    if (out.length >= limit) break;
    if (rows.length) remaining = 0;
    else if (remaining > 0) {
      // The page begins past this segment: skip what it had (only at a segment boundary).
      const seen = db.get<{ n: number }>(sql`select count(*) as "n" from (select 1 from ${set.from} where ${where} limit ${remaining})`)?.n ?? 0;
      remaining -= seen;
    }
  }
  return out;
}

type Entry = { gen: string; anchors: Anchor[]; complete: boolean };
const MAX_ENTRIES = 200;
const cache = listCache('sqlite:anchors', () => new Map<string, Entry>());

/**
 * One step of an anchor build: the row `interval` rows after `anchor` (its values, or placeholders
 * for a prepared statement), in the first segment after it. Exported for plan tests: its index
 * range must begin at the anchor, or every step walks from the range's start again.
 */
export function stepQuery(set: OrderedSet, interval: number, anchor: Anchor): SQL {
  const [seg] = segmentsFrom(set, anchor);
  const where = set.where ? sql`(${set.where}) and ${seg!.where}` : seg!.where;
  return sql`select ${set.sort ?? sql`null`} as "v", ${set.then ?? sql`null`} as "w", ${set.id} as "id" from ${set.from} where ${where} order by ${seg!.order} limit 1 offset ${interval}`;
}

/**
 * The next anchor, `interval` rows after `last`: one step of a build. The step's query (the first
 * segment after an anchor with a value, or after one in the NULL run) is compiled once per build
 * and run on a prepared statement; past the end of that segment the general read takes over.
 */
function stepper(db: Reader, set: OrderedSet, interval: number): (last: Anchor) => Anchor | undefined {
  const compiled = new Map<boolean, ((values: Record<string, unknown>) => Anchor[]) | null>();
  return (last) => {
    const isNull = last.v === null;
    if (!compiled.has(isNull)) {
      const anchor = { v: isNull ? null : sql.placeholder('v'), w: sql.placeholder('w'), id: sql.placeholder('id') };
      compiled.set(isNull, compileAll<Anchor>(db, stepQuery(set, interval, anchor as unknown as Anchor)));
    }
    const step = compiled.get(isNull);
    const next = step ? step({ v: last.v, w: last.w ?? null, id: last.id })[0] : undefined;
    return next ?? readAfter(db, set, last, interval, 1)[0];
  };
}

/**
 * The anchors after the `known` ones (the last of them `last`), every `interval`-th row of the set,
 * at most `count`: one statement walking the set in order and numbering its rows — the walk stops
 * at the last anchor wanted. It starts at `last` (one index range from there, the sort never NULL)
 * or, for a NULL-able sort, at the set's start.
 */
function onePassAnchors(db: Reader, set: OrderedSet, last: Anchor | null, known: number, interval: number, count: number): Anchor[] {
  const from = set.onePass?.nullable ? null : last;
  const { where: after, order } = keysetFrom(set, from ?? set.start ?? null);
  const where = [set.onePass?.where ?? set.where, after].filter((c): c is SQL => !!c);
  // Row 1 is `last` itself (inclusive) when the walk starts there: the next anchor is row interval + 1;
  // from the start, anchor i is row i × interval + 1.
  const first = from ? interval + 1 : known * interval + 1;
  return db.all<Anchor>(
    sql`select "v", "w", "id" from (select ${set.sort ?? sql`null`} as "v", ${set.then ?? sql`null`} as "w", ${set.id} as "id",
      row_number() over (order by ${order}) as "rn" from ${set.from} ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``})
      where ("rn" - 1) % ${interval} = 0 and "rn" >= ${first} limit ${count}`,
  );
}

/** The anchor at position `index * interval`, building the missing ones from the last known. */
function anchorAt(db: Reader, cacheKey: string, gen: string, set: OrderedSet, index: number): { anchor: Anchor | null; index: number } {
  let entry = cache.get(cacheKey);
  if (!entry || entry.gen !== gen) entry = { gen, anchors: [], complete: false };
  cache.delete(cacheKey);
  cache.set(cacheKey, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  const { anchors } = entry;
  const interval = searchTuning.anchorInterval;
  let step: ((last: Anchor) => Anchor | undefined) | null = null;
  if (set.onePass && anchors.length <= index && !entry.complete) {
    const wanted = index + 1 - anchors.length;
    const built = onePassAnchors(db, set, anchors.at(-1) ?? null, anchors.length, interval, wanted);
    anchors.push(...built);
    if (built.length < wanted) entry.complete = true;
  }
  while (anchors.length <= index && !entry.complete) {
    const last = anchors.at(-1) ?? null;
    const next = last ? (step ??= stepper(db, set, interval))(last) : readAfter(db, set, null, 0, 1)[0];
    if (next) anchors.push(next);
    else entry.complete = true;
  }
  const at = Math.min(index, anchors.length - 1);
  return at < 0 ? { anchor: null, index: 0 } : { anchor: anchors[at]!, index: at };
}

/** Where a set's anchors are cached: per organization, interval, direction and the caller's key. */
const cacheKeyOf = (organizationId: string, key: string, set: OrderedSet) =>
  `${organizationId}\u0000${searchTuning.anchorInterval}\u0000${set.direction}\u0000${key}`;

/**
 * `limit` ids of `set` from position `offset` (0-based, in the set's direction). Positions below
 * one anchor interval (lib/storage/sqlite/search/tuning.ts) are a plain index read; deeper ones seek to the nearest anchor, cached per
 * (organization, key) with the organization's write generation, so they are exact under writes.
 */
export function idsAt(db: Reader, organizationId: string, key: string, set: OrderedSet, offset: number, limit: number): string[] {
  const interval = searchTuning.anchorInterval;
  if (offset < interval) return readAfter(db, set, null, offset, limit).map((r) => r.id);
  const gen = generation(db, organizationId);
  const { anchor, index } = anchorAt(db, cacheKeyOf(organizationId, key, set), gen, set, Math.floor(offset / interval));
  return readAfter(db, set, anchor, offset - index * interval, limit).map((r) => r.id);
}

/**
 * How many rows of `set` sort below `bound` — strictly, or up to it when `inclusive` — exactly, off
 * the set's anchors (cached like idsAt's, per (organization, key) with the organization's write
 * generation): the position of the last anchor below the bound, plus the rows from it that are
 * still below — at most one interval, as the next anchor is not. `set` must be ascending with a
 * NOT NULL numeric sort. Building the anchors is one pass over the set once per generation; every
 * count after that is one seek and at most one interval of index steps.
 */
export function countBelow(db: Reader, organizationId: string, key: string, set: OrderedSet, bound: number, inclusive: boolean): number {
  if (set.direction !== 'asc' || !set.sort || set.then) throw new Error('countBelow needs an ascending set with one sort key');
  const interval = searchTuning.anchorInterval;
  const gen = generation(db, organizationId);
  const cacheKey = cacheKeyOf(organizationId, key, set);
  const isBelow = (v: unknown) => (inclusive ? (v as number) <= bound : (v as number) < bound);
  let last: { anchor: Anchor; index: number } | null = null;
  for (let i = 0; ; i++) {
    const at = anchorAt(db, cacheKey, gen, set, i);
    if (!at.anchor || at.index < i || !isBelow(at.anchor.v)) break;
    last = { anchor: at.anchor, index: i };
  }
  if (!last) return 0;
  const op = sql.raw(inclusive ? '<=' : '<');
  const from = sql`(${set.sort}, ${set.id}) >= (${last.anchor.v}, ${last.anchor.id}) and ${set.sort} ${op} ${bound}`;
  const where = set.where ? sql`(${set.where}) and ${from}` : from;
  const rest = db.get<{ n: number }>(sql`select count(*) as "n" from ${set.from} where ${where}`)?.n ?? 0;
  return last.index * interval + rest;
}

/** For tests: forget every anchor. */
export function clearAnchorCache() {
  cache.clear();
}
