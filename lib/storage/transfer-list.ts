import type { TransferPageRequest } from './list-requests';
import type { IdsPage } from './lists';
import { transferPagePg } from './postgres/lists/transfers';
import { postgresDbOf } from './postgres/store';
import { transferPage as transferPageSqlite } from './sqlite/lists/transfers';
import { sqliteDbOf } from './sqlite/store';
import type { Store } from './store';

/** One page of the token-send history (ids in page order, exact total) on the store's engine. */
export async function transferPage(store: Store, organizationId: string, q: TransferPageRequest): Promise<IdsPage> {
  return store.engine === 'sqlite' ? transferPageSqlite(sqliteDbOf(store), organizationId, q) : transferPagePg(postgresDbOf(store), organizationId, q);
}
