import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '@/db/schema-pg';
import { cancelReadsOnAbort } from './cancel';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The handle a PostgreSQL transaction's work gets. */
export type PgTx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

export const pgMigrationsFolder = path.join(process.cwd(), 'db', 'migrations-pg');

/**
 * The advisory lock every migrating process takes first (any constant unique to this app): a
 * second server starting at the same moment waits, then finds the migrations applied.
 */
export const MIGRATION_LOCK = 0x434c3243; // "CL2C"

export class PostgresUnreachableError extends Error {}

/** Where a URL points, for messages (never the password). */
export function describeServer(url: string): string {
  const u = new URL(url);
  return `${u.hostname || u.searchParams.get('host') || 'localhost'}:${u.port || '5432'}${u.pathname}`;
}

/**
 * A pool on `url`, after one round trip proving the server answers. `source` names where the URL
 * came from (the environment variable or the CLI option), so a failure says what to fix.
 */
export async function connectPostgres(url: string, source: string, options: { max?: number } = {}): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 10_000 });
  // An idle client's error (server restart) must not crash the process; the next query reports it.
  pool.on('error', () => {});
  numberShards(pool);
  cancelReadsOnAbort(pool);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code : String(error);
    throw new PostgresUnreachableError(`${source}: cannot use the PostgreSQL server at ${describeServer(url)}: ${reason}`);
  }
  return pool;
}

/** Shards of the stored counts (`cl2c_shard()`, migration 0026): a pool's connections take them in turn. */
const COUNT_SHARDS = 16;

/**
 * Gives each new connection of `pool` the next count shard (`SET cl2c.shard`), starting at a random
 * one: the counting triggers add to that shard, so two connections of one pool (up to 16) never
 * wait on each other's count rows, and two instances rarely do. Only contention depends on it —
 * readers sum every shard.
 */
function numberShards(pool: pg.Pool): void {
  let next = crypto.getRandomValues(new Uint8Array(1))[0]! % COUNT_SHARDS;
  pool.on('connect', (client) => {
    const shard = next;
    next = (next + 1) % COUNT_SHARDS;
    client.query(`SET cl2c.shard = ${shard}`).catch(() => {});
  });
}

/**
 * Applies db/migrations-pg/ under the advisory lock, on one connection: concurrent starts migrate
 * once, the others wait and then find nothing to do. Drizzle runs the pending migrations in one
 * transaction, so a failed migration leaves the database as it was.
 */
export async function migratePostgres(pool: pg.Pool, migrationsFolder = pgMigrationsFolder): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Connects to `url`, migrates, and returns the Drizzle handle (its pool is `db.$client`). */
export async function openPostgres(url: string, source = 'DATABASE_URL', options: { max?: number } = {}): Promise<PgDb> {
  const pool = await connectPostgres(url, source, options);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return drizzle(pool, { schema });
}
