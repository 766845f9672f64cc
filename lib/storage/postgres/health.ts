import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withTimeout } from '@/lib/timeout';
import type { StorageHealth } from '../shapes';
import { pgMigrationsFolder, type PgDb } from './connection';

const TIMEOUT_MS = 2_000;

async function checkDatabase(db: PgDb): Promise<StorageHealth['database']> {
  try {
    const { rows } = await withTimeout(
      db.$client.query<{ recovery: boolean; readOnly: string }>(
        `select pg_is_in_recovery() as recovery, current_setting('default_transaction_read_only') as "readOnly"`,
      ),
      TIMEOUT_MS,
    );
    // A standby (or a database switched to read-only) answers reads but would fail every write.
    if (rows[0]!.recovery || rows[0]!.readOnly === 'on') return { status: 'error', detail: 'the database is read-only' };
    return { status: 'ok' };
  } catch {
    return { status: 'error', detail: 'the database does not answer' };
  }
}

async function checkMigrations(db: PgDb): Promise<StorageHealth['migrations']> {
  try {
    const journal = JSON.parse(readFileSync(path.join(pgMigrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const { rows } = await withTimeout(db.$client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'), TIMEOUT_MS);
    const n = rows[0]!.n;
    if (n >= journal.entries.length) return { status: 'ok', detail: `${n} applied` };
    return { status: 'error', detail: `${n} of ${journal.entries.length} applied` };
  } catch {
    return { status: 'error', detail: 'migration state unreadable' };
  }
}

async function checkLimits(db: PgDb): Promise<StorageHealth['limits']> {
  try {
    await withTimeout(db.$client.query('select 1 from rate_limits limit 1'), TIMEOUT_MS);
    return { status: 'ok', detail: 'request budgets shared in the database' };
  } catch {
    // Requests are still limited, per instance (the insurance limiter): degraded, not down.
    return { status: 'warning', detail: 'request budgets counted per instance: the shared table does not answer' };
  }
}

/** The PostgreSQL database: answers and takes writes, migrated; budgets shared by every instance. */
export async function postgresHealth(db: PgDb): Promise<StorageHealth> {
  const [database, migrations, limits] = await Promise.all([checkDatabase(db), checkMigrations(db), checkLimits(db)]);
  return { database, migrations, limits };
}
