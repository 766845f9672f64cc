import type pg from 'pg';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { runtimeSlot } from '@/lib/runtime';
import { getStore } from './current';
import { postgresDbOf } from './postgres/store';
import { fastCommitPool, postgresLimiter } from './postgres/rate-limits';
import type { Budget } from './shapes';

type Limiters = {
  memory: Map<string, RateLimiterAbstract>;
  shared: WeakMap<pg.Pool, Map<string, RateLimiterAbstract>>;
  /** Each app pool's pool for `fastCommit` budgets (postgres/rate-limits.ts fastCommitPool). */
  fastPools: WeakMap<pg.Pool, pg.Pool>;
};
const slot = runtimeSlot<Limiters>('rateLimiters');

/**
 * The limiter of a budget on the process's engine (issue 29): on SQLite — one process, one writer —
 * it counts in this process's memory; on PostgreSQL in the database, shared by every instance
 * (lib/storage/postgres/rate-limits.ts), a `fastCommit` budget on connections that do not wait
 * for the disk at commit. One limiter per budget and database, made on first use.
 */
export async function limiterFor(budget: Budget): Promise<RateLimiterAbstract> {
  const id = `${budget.keyPrefix}:${budget.points}:${budget.duration}`;
  const limiters = slot.getOrCreate(() => ({ memory: new Map(), shared: new WeakMap(), fastPools: new WeakMap() }));
  const store = await getStore();
  const { fastCommit, ...counted } = budget;
  let byId = limiters.memory;
  let make = (): RateLimiterAbstract => new RateLimiterMemory(counted);
  if (store.engine === 'postgres') {
    const appPool = (postgresDbOf(store) as { $client: pg.Pool }).$client;
    let pool = appPool;
    if (fastCommit) {
      pool = limiters.fastPools.get(appPool) ?? fastCommitPool(appPool);
      limiters.fastPools.set(appPool, pool);
    }
    byId = limiters.shared.get(pool) ?? new Map<string, RateLimiterAbstract>();
    limiters.shared.set(pool, byId);
    make = () => postgresLimiter(pool, counted);
  }
  let limiter = byId.get(id);
  if (!limiter) {
    limiter = make();
    byId.set(id, limiter);
  }
  return limiter;
}
