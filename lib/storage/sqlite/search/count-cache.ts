import type { Db } from '@/lib/storage/sqlite/client';
import { generation } from './counters';
import { listCache } from '@/lib/storage/list-caches';

/**
 * Totals of searches and multi-filter lists cost a pass over the matching rows. They are cached
 * per (organization, query) together with the organization's write generation, which triggers
 * bump in the same transaction as any write that can change an answer — so a cached total is
 * only ever returned while it is still exact. Bounded LRU; per process.
 */
const MAX_ENTRIES = 4000;
const state = listCache('sqlite:counts', () => ({ cache: new Map<string, { gen: string; value: unknown }>(), used: false }));
const cache = state.cache;

export function cachedCount(db: Db, organizationId: string, key: string, compute: () => number): number {
  return cachedValue(db, organizationId, key, compute);
}

/**
 * Any value derived from the organization's rows (a total, the position of a search's first match
 * …), cached like a total: per (organization, key) with the write generation. `key` must name
 * every input of `compute` and differ from other kinds of value's keys.
 */
export function cachedValue<T>(db: Pick<Db, 'get'>, organizationId: string, key: string, compute: () => T): T {
  state.used = true;
  const gen = generation(db, organizationId);
  const full = `${organizationId}\u0000${key}`;
  const hit = cache.get(full);
  if (hit && hit.gen === gen) {
    cache.delete(full);
    cache.set(full, hit);
    return hit.value as T;
  }
  const value = compute();
  cache.delete(full);
  cache.set(full, { gen, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}

/**
 * Whether a cached count was read or stored since the last call. A read worker reports it with
 * each answer, so the pool sends the next request of the same query to the worker that holds its
 * total (lib/storage/sqlite/connection/read-pool.ts).
 */
export function takeCountCacheUse(): boolean {
  const was = state.used;
  state.used = false;
  return was;
}

/** For tests: forget everything. */
export function clearCountCache() {
  cache.clear();
}
