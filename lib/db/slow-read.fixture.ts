import type { Db } from '@/db/client';

/** Test-only: a deliberately long real SQLite read (counts a recursive sequence of n rows). */
export function slowCount(db: Db, n: number): number {
  const row = db.$client
    .prepare('with recursive c(i) as (select 1 union all select i + 1 from c where i < ?) select count(*) as n from c')
    .get(n) as { n: number };
  return row.n;
}
