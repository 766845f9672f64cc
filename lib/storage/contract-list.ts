import type { SmartContract } from '@/db/schema';
import type { ContractFilter, ContractPageRequest } from './list-requests';
import type { IdsPage } from './lists';
import * as pg from './postgres/lists/contracts';
import { postgresDbOf } from './postgres/store';
import * as sqlite from './sqlite/lists/contracts';
import { sqliteDbOf } from './sqlite/store';
import type { Store } from './store';

/** A1: one page of the organization's contracts (ids in order, exact total), by the store's engine. */
export async function contractPage(store: Store, organizationId: string, q: ContractPageRequest): Promise<IdsPage> {
  return store.engine === 'sqlite'
    ? sqlite.contractPage(sqliteDbOf(store), organizationId, q)
    : pg.contractPage(postgresDbOf(store), organizationId, q);
}

/** One chunk of the A1 export (newest first, id breaks ties) after the last row of the previous one. */
export async function contractExportRows(
  store: Store,
  organizationId: string,
  q: ContractFilter,
  after: { at: number; id: string } | null,
  limit: number,
): Promise<SmartContract[]> {
  return store.engine === 'sqlite'
    ? sqlite.contractExportRows(sqliteDbOf(store), organizationId, q, after, limit)
    : pg.contractExportRows(postgresDbOf(store), organizationId, q, after, limit);
}
