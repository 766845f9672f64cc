import type pg from 'pg';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { runtimeSlot } from '@/lib/runtime';
import { getStore } from './current';
import { postgresDbOf } from './postgres/store';
import { postgresLimiter } from './postgres/rate-limits';
import type { Budget } from './shapes';

type Limiters = { memory: Map<string, RateLimiterAbstract>; shared: WeakMap<pg.Pool, Map<string, RateLimiterAbstract>> };
const slot = runtimeSlot<Limiters>('rateLimiters');

/**
 * The limiter of a budget on the process's engine (issue 29): on SQLite — one process, one writer —
 * it counts in this process's memory; on PostgreSQL in the database, shared by every instance
 * (lib/storage/postgres/rate-limits.ts). One limiter per budget and database, made on first use.
 */
export async function limiterFor(budget: Budget): Promise<RateLimiterAbstract> {
  const id = `${budget.keyPrefix}:${budget.points}:${budget.duration}`;
  const limiters = slot.getOrCreate(() => ({ memory: new Map(), shared: new WeakMap() }));
  const store = await getStore();
  let byId = limiters.memory;
  let make = (): RateLimiterAbstract => new RateLimiterMemory(budget);
  if (store.engine === 'postgres') {
    const pool = (postgresDbOf(store) as { $client: pg.Pool }).$client;
    byId = limiters.shared.get(pool) ?? new Map<string, RateLimiterAbstract>();
    limiters.shared.set(pool, byId);
    make = () => postgresLimiter(pool, budget);
  }
  let limiter = byId.get(id);
  if (!limiter) {
    limiter = make();
    byId.set(id, limiter);
  }
  return limiter;
}
