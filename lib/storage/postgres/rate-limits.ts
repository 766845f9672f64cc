import pg from 'pg';
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

/** Connections of the budgets' own pool (fastCommitPool): an upsert holds its row a moment only. */
const FAST_POOL_SIZE = 4;

/**
 * A pool beside `pool`, on the same database, whose sessions commit without waiting for the WAL to
 * reach the disk (`synchronous_commit = off`), for request budgets (Budget.fastCommit). Every API
 * request spends two of them (its caller's and its organization's), each an upsert of one row that
 * all of the organization's requests share: committed durably, each request waited for a WAL flush
 * while holding that row, and the organization's requests queued behind one another's flushes. A
 * crash of the database server may lose the last fraction of a second of counts (PostgreSQL's
 * `wal_writer_delay`, three times over at most) — a few requests more in that minute — never a
 * row's consistency. The pool ends when `pool` does.
 */
export function fastCommitPool(pool: pg.Pool): pg.Pool {
  // pg-pool awaits the promise an onConnect hook returns before it hands the connection out
  // (pg-pool's index.js; its types say void): no statement can run on it before the setting.
  const onConnect = (client: pg.ClientBase): Promise<unknown> => client.query('set synchronous_commit = off');
  const fast = new pg.Pool({ ...pool.options, max: FAST_POOL_SIZE, allowExitOnIdle: true, onConnect: onConnect as unknown as (client: pg.ClientBase) => void });
  // An idle client's error (a server restart) must not crash the process; the next query reports it.
  fast.on('error', () => {});
  const end = pool.end.bind(pool);
  pool.end = async () => {
    await fast.end().catch(() => {});
    await end();
  };
  return fast;
}
