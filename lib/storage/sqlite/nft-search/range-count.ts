import { and, sql } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { nftStatuses } from '@/db/enums';
import { nfts } from '@/db/schema';
import { RANGE_COMPARISONS, statusAndRange } from '../../nft-search';
import { countBelow, type OrderedSet } from '../search/anchors';
import { generation, readCounter } from '../search/counters';
import { searchTuning } from '../search/tuning';
import type { SqlSearch as CompiledSearch } from './columns';
import { rangeIndex } from './indexes';
import { listCache } from '@/lib/storage/list-caches';

/**
 * The exact total of a B1 search whose whole criterion is one range on a NOT NULL number or date
 * with an (organization[, status], field, id) index — alone or AND-ed with `status eq` — without
 * reading the rows in the range, or null for any other search. A supply range is summed over the
 * per-value counts of `nft_supply_counts` (supplyTotal below) whatever the write generation. Any
 * other range (dates), or one over very many supply values: the rows of the group
 * (organization[, status]) are counted by `search_counters`; those below the bound by the paging
 * anchors of that index (lib/storage/sqlite/search/anchors.ts countBelow): one pass over the group's index once
 * per write generation, then a seek and at most one anchor interval per total, whatever the bound.
 * That pass costs a few plain counts, so the first range over a group in a generation returns null
 * (the caller counts it directly) and only a second one builds the anchors: a one-off range, or
 * ranges between writes, cost what they did; repeated ones (a client paging through bounds) cost a
 * seek and at most one anchor interval each (more where the bound is past the anchors built so far).
 */
export function rangeCount(db: Pick<Db, 'all' | 'get'>, organizationId: string, compiled: CompiledSearch): number | null {
  const shape = statusAndRange(compiled);
  if (!shape) return null;
  const { status, field, operator, bound } = shape;
  const index = rangeIndex(shape);
  if (!index) return null;

  if (field.name === 'supply') {
    const total = supplyTotal(db, organizationId, status, RANGE_COMPARISONS[operator], bound);
    if (total !== null) return total;
  }

  const group = status !== null ? `nfts:status:${status}` : 'nfts';
  const key = `b1-range|${group}|${field.name}`;
  if (firstInGeneration(`${organizationId}|${key}`, generation(db, organizationId))) return null;
  const set: OrderedSet = {
    from: sql`"nfts" indexed by ${sql.identifier(index)}`,
    where: and(sql`${nfts.organizationId} = ${organizationId}`, status !== null ? sql`${nfts.status} = ${status}` : undefined),
    sort: field.expr,
    id: sql`${nfts.id}`,
    direction: 'asc',
  };
  const below = (inclusive: boolean) => countBelow(db, organizationId, key, set, bound, inclusive);
  switch (operator) {
    case 'lt':
      return below(false);
    case 'lte':
      return below(true);
    case 'gt':
      return readCounter(db, organizationId, group) - below(true);
    default:
      return readCounter(db, organizationId, group) - below(false);
  }
}

/** Range keys seen, with the generation they were seen in. */
const seen = listCache('sqlite:rangesSeen', () => new Map<string, string>());
const MAX_SEEN = 500;

/** Whether this is the first range over `key` in generation `gen` (and remembers that it was seen). */
function firstInGeneration(key: string, gen: string): boolean {
  if (seen.get(key) === gen) return false;
  seen.delete(key);
  seen.set(key, gen);
  if (seen.size > MAX_SEEN) seen.delete(seen.keys().next().value!);
  return true;
}

/**
 * The NFTs of the organization (and status) whose supply is `operator bound`, summed over
 * `nft_supply_counts` (kept by triggers in the write's own transaction, so exact in any
 * generation) — or null when the range holds more than `searchTuning.supplyCountRows` distinct
 * (status, supply) values; then the anchors count it. Without a status each status is its own
 * range of the (organization, status, supply) key, so no row outside the range is read.
 */
function supplyTotal(db: Pick<Db, 'get'>, organizationId: string, status: string | null, operator: string, bound: number): number | null {
  const limit = searchTuning.supplyCountRows;
  const statuses = status === null ? nftStatuses : [status];
  const row = db.get<{ n: number | null; rows: number }>(
    sql`select sum(n) as "n", count(*) as "rows" from (select n from nft_supply_counts
      where organization_id = ${organizationId} and status in ${statuses} and supply ${sql.raw(operator)} ${bound} limit ${limit + 1})`,
  );
  return row.rows > limit ? null : (row.n ?? 0);
}
