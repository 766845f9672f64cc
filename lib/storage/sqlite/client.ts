import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { cacheDrizzleStatements } from '@/lib/storage/sqlite/connection/statement-cache';
import { env } from '@/lib/env';
import { writeDerivedBeforeCommit, writePendingDerived } from '@/lib/storage/sqlite/derived-writes';
import { registerFold } from '@/lib/storage/sqlite/functions';
import * as schema from '@/db/schema';
import { runtimeSlot } from '@/lib/runtime';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The handle a `db.transaction` callback gets (a savepoint's, when nested). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

/** Opens (and migrates) a SQLite file with the pragmas the service relies on. */
export function openDb(file: string): Db {
  if (file !== ':memory:') {
    // Owner-only: the file holds sealed wallet keys, key hashes and sessions. SQLite gives the
    // -wal/-shm files the database file's mode.
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // 32 MB of page cache instead of 2 MB: a 100-entry import lands at random leaves of a dozen
  // e-mail- and id-ordered indexes (tens of MB at 100k members); with 2 MB each group of imports
  // read those leaves back from the file.
  sqlite.pragma('cache_size = -32768');
  // A WAL that grew under a burst of writes is cut back to 64 MB when it restarts.
  sqlite.pragma('journal_size_limit = 67108864');
  // The backfills of migrations 0010–0019 call the app's SQL functions (no trigger does).
  registerFold(sqlite);
  const db = cacheDrizzleStatements(drizzle(sqlite, { schema }));
  migrate(db, { migrationsFolder });
  // Rows another tool wrote since the app last ran (a restore, a bulk load, the sqlite3 shell) get
  // their derived data now, before the first request reads it: one indexed probe when none wait.
  sqlite.transaction(() => writePendingDerived(sqlite))();
  writeDerivedBeforeCommit(db);
  return db;
}

const sqliteSlot = runtimeSlot<{ file: string; db: Db }>('sqlite');

/** The process-wide connection to DATABASE_PATH, migrated on first use. */
export function getDb(): Db {
  const file = env().DATABASE_PATH;
  const current = sqliteSlot.get();
  if (current && current.file === file) return current.db;
  current?.db.$client.close();
  const db = openDb(file);
  sqliteSlot.set({ file, db });
  return db;
}

export { schema };
