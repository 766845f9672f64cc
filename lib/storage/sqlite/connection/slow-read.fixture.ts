import { threadId } from 'node:worker_threads';
import type { Db } from '@/lib/storage/sqlite/client';
import { cachedCount } from '@/lib/storage/sqlite/search/count-cache';

/** Test-only: a deliberately long real SQLite read (counts a recursive sequence of n rows). */
export function slowCount(db: Db, n: number): number {
  const row = db.$client
    .prepare('with recursive c(i) as (select 1 union all select i + 1 from c where i < ?) select count(*) as n from c')
    .get(n) as { n: number };
  return row.n;
}

/** Test-only: the same long read with no cached total, saying which worker thread ran it. */
export function slowUncounted(db: Db, q: { n: number; page: number }): { thread: number } {
  slowCount(db, q.n);
  return { thread: threadId };
}

/**
 * Test-only: a total that is expensive the first time (a long read) and cached per write
 * generation like a search total; says which worker answered and whether it computed the total.
 */
export function slowTotal(db: Db, organizationId: string, q: { search: string; n: number; page: number }): { thread: number; computed: boolean; total: number } {
  let computed = false;
  const total = cachedCount(db, organizationId, `slow:${q.search}`, () => {
    computed = true;
    return slowCount(db, q.n);
  });
  return { thread: threadId, computed, total };
}
