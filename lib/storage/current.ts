import { getDb } from '@/lib/storage/sqlite/client';
import { env } from '@/lib/env';
import { runtimeSlot } from '@/lib/runtime';
import { processEngine } from './engine';
import { openPostgres, type PgDb } from './postgres/connection';
import { postgresStore } from './postgres/store';
import { sqliteStore } from './sqlite/store';
import type { Store } from './store';

const postgresSlot = runtimeSlot<{ url: string; db: Promise<PgDb> }>('postgres');

/**
 * The process's database as a `Store`: PostgreSQL at DATABASE_URL (one pool, opened and migrated on
 * first use), else the SQLite file at DATABASE_PATH (lib/storage/sqlite/client.ts).
 */
export async function getStore(): Promise<Store> {
  if (processEngine() === 'sqlite') return sqliteStore(getDb());
  const url = env().DATABASE_URL!;
  let current = postgresSlot.get();
  if (!current || current.url !== url) {
    const previous = current;
    current = { url, db: openPostgres(url, 'DATABASE_URL') };
    postgresSlot.set(current);
    // A failed open is not kept: the next call tries again.
    current.db.catch(() => {
      if (postgresSlot.get() === current) postgresSlot.set(undefined);
    });
    if (previous) void previous.db.then((db) => db.$client.end()).catch(() => {});
  }
  return postgresStore(await current.db);
}

/** Closes the PostgreSQL pool, if one is open (shutdown, the end of a test file). */
export async function closeStore(): Promise<void> {
  const current = postgresSlot.get();
  postgresSlot.set(undefined);
  if (current) await (await current.db).$client.end();
}
