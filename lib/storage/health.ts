import { postgresHealth } from './postgres/health';
import { postgresDbOf } from './postgres/store';
import type { PgDb } from './postgres/connection';
import { sqliteHealth } from './sqlite/health';
import { sqliteDbOf } from './sqlite/store';
import type { Store } from './store';

import type { StorageHealth } from './shapes';

export type { CheckState, StorageHealth } from './shapes';

export function storageHealth(store: Store): Promise<StorageHealth> {
  return store.engine === 'sqlite' ? Promise.resolve(sqliteHealth(sqliteDbOf(store))) : postgresHealth(postgresDbOf(store) as PgDb);
}
