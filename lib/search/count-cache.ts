import type { Db } from '@/db/client';
import { generation } from './counters';

/**
 * Totals of searches and multi-filter lists cost a pass over the matching rows. They are cached
 * per (organization, query) together with the organization's write generation, which triggers
 * bump in the same transaction as any write that can change an answer — so a cached total is
 * only ever returned while it is still exact. Bounded LRU; per process.
 */
const MAX_ENTRIES = 2000;
const cache = new Map<string, { gen: string; n: number }>();

export function cachedCount(db: Db, organizationId: string, key: string, compute: () => number): number {
  const gen = generation(db, organizationId);
  const full = `${organizationId}\u0000${key}`;
  const hit = cache.get(full);
  if (hit && hit.gen === gen) {
    cache.delete(full);
    cache.set(full, hit);
    return hit.n;
  }
  const n = compute();
  cache.delete(full);
  cache.set(full, { gen, n });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return n;
}

/** For tests: forget everything. */
export function clearCountCache() {
  cache.clear();
}
