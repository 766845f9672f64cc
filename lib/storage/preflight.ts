import type { Env } from '@/lib/env';
import { connectPostgres } from './postgres/connection';

/**
 * Before a server starts (scripts/start.ts before building, scripts/serve.ts before listening):
 * with DATABASE_URL, one round trip to PostgreSQL, so a wrong URL or a server that is down stops
 * the start at once with a message naming DATABASE_URL (lib/storage/postgres/connection.ts),
 * instead of a built and listening server whose first request fails. SQLite needs no check: the
 * file is created on first use.
 */
export async function checkDatabaseReachable(e: Pick<Env, 'DATABASE_URL'>): Promise<void> {
  if (!e.DATABASE_URL) return;
  const pool = await connectPostgres(e.DATABASE_URL, 'DATABASE_URL', { max: 1 });
  await pool.end();
}
