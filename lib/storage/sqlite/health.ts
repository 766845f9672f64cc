import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@/lib/storage/sqlite/client';
import { env } from '@/lib/env';
import type { StorageHealth } from '../shapes';

function checkDatabase(db: Db): StorageHealth['database'] {
  try {
    const file = env().DATABASE_PATH;
    if (file !== ':memory:') accessSync(path.resolve(file), constants.W_OK);
    // Taking the write lock proves the file is writable and not wedged by another writer.
    db.$client.exec('BEGIN IMMEDIATE');
    db.$client.exec('ROLLBACK');
    return { status: 'ok' };
  } catch {
    return { status: 'error', detail: 'the database cannot be written' };
  }
}

function checkMigrations(db: Db): StorageHealth['migrations'] {
  try {
    const journal = JSON.parse(readFileSync(path.join(process.cwd(), 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const row = db.$client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
    if (row.n >= journal.entries.length) return { status: 'ok', detail: `${row.n} applied` };
    return { status: 'error', detail: `${row.n} of ${journal.entries.length} applied` };
  } catch {
    return { status: 'error', detail: 'migration state unreadable' };
  }
}

/** The SQLite file: writable, migrated; budgets in this one process's memory. */
export function sqliteHealth(db: Db): StorageHealth {
  return {
    database: checkDatabase(db),
    migrations: checkMigrations(db),
    limits: { status: 'ok', detail: 'request budgets in memory (one process)' },
  };
}
