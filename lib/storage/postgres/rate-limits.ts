import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Budget } from '../shapes';

/**
 * A budget counted in PostgreSQL's `rate_limits` table (db/migrations-pg/0007_rate_limits.sql), so
 * every instance on the database spends the same points: rate-limiter-flexible's PostgreSQL
 * limiter, one atomic upsert per request. If the database cannot answer, the budget is counted
 * in this process's memory instead (the library's insurance limiter) — a request is throttled
 * per instance for that while rather than failing or going unlimited.
 */
export function postgresLimiter(pool: pg.Pool, budget: Budget): RateLimiterAbstract {
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: true,
    ...budget,
    insuranceLimiter: new RateLimiterMemory(budget),
  });
}
