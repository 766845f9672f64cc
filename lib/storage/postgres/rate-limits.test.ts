import { RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPostgres } from '@/test/postgres/database';
import { openPostgres, type PgDb } from './connection';
import { fastCommitPool, postgresLimiter } from './rate-limits';

/**
 * Budgets shared by several instances on one PostgreSQL (issue 29, "shared limits"): each instance
 * has its own pool and its own limiter objects, as two processes would; the points live in the
 * database. What must hold: a budget counts across both, a lock set by one holds at the other, an
 * expired window starts afresh, and a database that stops answering degrades to counting in memory
 * instead of failing the request.
 */
const pg = withPostgres();
let second: PgDb;

beforeAll(async () => {
  second = await openPostgres(pg.url(), 'TEST_DATABASE_URL');
});
afterAll(async () => {
  await second?.$client.end();
});

/** Spends one point; true when the budget allowed it. */
async function spend(limiter: ReturnType<typeof postgresLimiter>, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}

describe('a budget in PostgreSQL', () => {
  it('counts the requests of both instances together, per key', async () => {
    const budget = { keyPrefix: `probe-${crypto.randomUUID().slice(0, 8)}`, points: 5, duration: 60 };
    const one = postgresLimiter(pg.db().$client, budget);
    const two = postgresLimiter(second.$client, budget);
    // Interleaved and concurrent: 10 requests, 5 allowed, whichever instance took them.
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => spend(i % 2 ? one : two, 'caller-1')));
    expect(outcomes.filter(Boolean)).toHaveLength(5);
    expect(await spend(one, 'caller-1')).toBe(false);
    expect(await spend(two, 'caller-1')).toBe(false);
    // Another key has its own budget.
    expect(await spend(two, 'caller-2')).toBe(true);
    const [row] = (await pg.db().$client.query('select points from rate_limits where key = $1', [`${budget.keyPrefix}:caller-1`])).rows;
    expect(row.points).toBe(12);
  });

  it('a lock set at one instance holds at the other until it ends, and a delete lifts it everywhere', async () => {
    const budget = { keyPrefix: `lock-${crypto.randomUUID().slice(0, 8)}`, points: 1, duration: 900 };
    const one = postgresLimiter(pg.db().$client, budget);
    const two = postgresLimiter(second.$client, budget);
    await one.block('someone@example.test|203.0.113.9', 120);
    const seen = await two.get('someone@example.test|203.0.113.9');
    expect(seen?.consumedPoints).toBe(2);
    expect(seen!.msBeforeNext).toBeGreaterThan(110_000);
    await two.delete('someone@example.test|203.0.113.9');
    expect(await one.get('someone@example.test|203.0.113.9')).toBeNull();
  });

  it('starts afresh once the window has passed (expired rows are not counted)', async () => {
    const budget = { keyPrefix: `window-${crypto.randomUUID().slice(0, 8)}`, points: 1, duration: 60 };
    const one = postgresLimiter(pg.db().$client, budget);
    expect(await spend(one, 'k')).toBe(true);
    expect(await spend(one, 'k')).toBe(false);
    await pg.db().$client.query('update rate_limits set expire = $2 where key = $1', [`${budget.keyPrefix}:k`, Date.now() - 1]);
    const two = postgresLimiter(second.$client, budget);
    expect(await two.get('k')).toBeNull();
    expect(await spend(two, 'k')).toBe(true);
  });

  it('keeps limiting in memory while the database does not answer', async () => {
    const dead = await openPostgres(pg.url(), 'TEST_DATABASE_URL');
    await dead.$client.end();
    const limiter = postgresLimiter(dead.$client, { keyPrefix: 'insured', points: 2, duration: 60 });
    expect([await spend(limiter, 'k'), await spend(limiter, 'k'), await spend(limiter, 'k')]).toEqual([true, true, false]);
  });

  it('counts request budgets on connections that do not wait for the disk, in the same table, and closes them with the app pool', async () => {
    // The app's sessions commit durably here (the test server's default may not).
    const durableUrl = new URL(pg.url());
    durableUrl.searchParams.set('options', '-c synchronous_commit=on');
    const app = await openPostgres(durableUrl.toString(), 'TEST_DATABASE_URL');
    const fast = fastCommitPool(app.$client);
    const setting = async (pool: typeof fast) => (await pool.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit;
    // Every connection of the fast pool, not only the first: four at once.
    const clients = await Promise.all([1, 2, 3, 4].map(() => fast.connect()));
    const settings = await Promise.all(clients.map(async (c) => (await c.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit));
    clients.forEach((c) => c.release());
    expect(settings).toEqual(['off', 'off', 'off', 'off']);
    expect(await setting(app.$client)).toBe('on');

    // A budget spent on the fast pool and on another instance's durable pool is one budget.
    const budget = { keyPrefix: `fast-${crypto.randomUUID().slice(0, 8)}`, points: 4, duration: 60 };
    const quick = postgresLimiter(fast, budget);
    const durable = postgresLimiter(second.$client, budget);
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => spend(i % 2 ? quick : durable, 'tenant-1')));
    expect(outcomes.filter(Boolean)).toHaveLength(4);
    const [row] = (await pg.db().$client.query('select points from rate_limits where key = $1', [`${budget.keyPrefix}:tenant-1`])).rows;
    expect(row.points).toBe(6);

    await app.$client.end();
    expect(fast.ended).toBe(true);
  });
});
