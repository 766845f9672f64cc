import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPostgres } from '@/test/postgres/database';
import { openPostgres, type PgDb } from './connection';
import { postgresHealth } from './health';

/** What /api/ready says about a PostgreSQL database (lib/storage/health.ts), against a real server. */
const pg = withPostgres();
let second: PgDb | undefined;

beforeAll(async () => {
  second = await openPostgres(pg.url(), 'TEST_DATABASE_URL');
});
afterAll(async () => {
  await second?.$client.end();
});

describe('PostgreSQL health', () => {
  it('ok when migrated and writable; budgets shared in the database', async () => {
    const health = await postgresHealth(pg.db());
    expect(health.database).toEqual({ status: 'ok' });
    expect(health.migrations.status).toBe('ok');
    expect(health.migrations.detail).toMatch(/^\d+ applied$/);
    expect(health.limits).toEqual({ status: 'ok', detail: 'request budgets shared in the database' });
  });

  it('reports a missing migration, a read-only database and a lost budget table', async () => {
    // One connection, in a transaction rolled back at the end: the checks see what it changed.
    const client = await second!.$client.connect();
    try {
      await client.query('begin');
      await client.query('delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)');
      await client.query('drop table rate_limits');
      await client.query('set local default_transaction_read_only = on');
      const health = await postgresHealth({ $client: client } as unknown as PgDb);
      expect(health.migrations).toEqual({ status: 'error', detail: expect.stringMatching(/^\d+ of \d+ applied$/) });
      expect(health.limits.status).toBe('warning');
      expect(health.database).toEqual({ status: 'error', detail: 'the database is read-only' });
    } finally {
      await client.query('rollback');
      client.release();
    }
    expect((await postgresHealth(pg.db())).limits.status).toBe('ok');
  });

  it('an unreachable server is an error, never a hang', async () => {
    const dead = await openPostgres(pg.url(), 'TEST_DATABASE_URL');
    await dead.$client.end();
    const health = await postgresHealth(dead);
    expect(health.database).toEqual({ status: 'error', detail: 'the database does not answer' });
    expect(health.migrations.status).toBe('error');
  });
});
