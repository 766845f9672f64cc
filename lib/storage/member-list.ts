import type { MemberFilter, MemberPageRequest } from './list-requests';
import type { IdsPage } from './lists';
import * as pg from './postgres/lists/members';
import { postgresDbOf } from './postgres/store';
import * as sqlite from './sqlite/lists/members';
import { sqliteDbOf } from './sqlite/store';
import type { Store } from './store';

/** A9's page of the store's engine: the ids in the list's order and the exact total. */
export async function memberPage(store: Store, organizationId: string, q: MemberPageRequest): Promise<IdsPage> {
  if (store.engine === 'sqlite') return sqlite.memberPage(sqliteDbOf(store), organizationId, q);
  return pg.memberPage(postgresDbOf(store), organizationId, q);
}

/** One chunk of an A9 export (newest first, id breaking ties) after `cursor`, on the store's engine. */
export async function memberExportChunk(
  store: Store,
  organizationId: string,
  q: MemberFilter,
  cursor: { at: number; id: string } | null,
  limit: number,
): Promise<{ id: string; createdAt: number }[]> {
  if (store.engine === 'sqlite') return sqlite.memberExportChunk(sqliteDbOf(store), organizationId, q, cursor, limit);
  return pg.memberExportChunk(postgresDbOf(store), organizationId, q, cursor, limit);
}
