import { postgresHealth } from './postgres/health';
import { postgresDbOf } from './postgres/store';
import type { PgDb } from './postgres/connection';
import { sqliteHealth } from './sqlite/health';
import { sqliteDbOf } from './sqlite/store';
import type { Store } from './store';

/** One dependency's state as /api/ready reports it. Never a URL, path or credential. */
export type CheckState = { status: 'ok' | 'error' | 'not_configured' | 'warning'; detail?: string };

/**
 * What /api/ready says about the storage (issue 29): the database takes writes, every migration of
 * this release is applied, and where the request budgets are counted.
 */
export type StorageHealth = { database: CheckState; migrations: CheckState; limits: CheckState };

export function storageHealth(store: Store): Promise<StorageHealth> {
  return store.engine === 'sqlite' ? Promise.resolve(sqliteHealth(sqliteDbOf(store))) : postgresHealth(postgresDbOf(store) as PgDb);
}
