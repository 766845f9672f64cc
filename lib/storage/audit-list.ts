import type { AuditFilter, AuditPageRequest } from './list-requests';
import type { IdsPage } from './lists';
import * as pg from './postgres/lists/audit';
import { postgresDbOf } from './postgres/store';
import * as sqlite from './sqlite/lists/audit';
import { sqliteDbOf } from './sqlite/store';
import type { Store } from './store';

export type { AuditFilter } from './list-requests';

/** The console's activity list: one page of event ids and the exact total, by the store's engine. */
export async function auditPage(store: Store, organizationId: string, f: AuditFilter, p: AuditPageRequest): Promise<IdsPage> {
  return store.engine === 'sqlite'
    ? sqlite.auditPage(sqliteDbOf(store), organizationId, f, p)
    : pg.auditPage(postgresDbOf(store), organizationId, f, p);
}

/** Where an activity export stands; what it holds is the engine's. */
export type AuditExportCursor = sqlite.AuditExportCursor | pg.AuditExportCursorPg;

/** The activity export's reader: chunks of event ids, newest first (id breaks ties). */
export function auditExportReader(
  store: Store,
  organizationId: string,
  f: AuditFilter,
  chunk: number,
): (cursor: AuditExportCursor | null) => Promise<{ ids: string[]; next: AuditExportCursor | null }> {
  if (store.engine === 'sqlite') {
    const read = sqlite.auditExportReader(sqliteDbOf(store), organizationId, f, chunk);
    return (cursor) => Promise.resolve(read(cursor));
  }
  const read = pg.auditExportReader(postgresDbOf(store), organizationId, f, chunk);
  return (cursor) => read(cursor as pg.AuditExportCursorPg | null);
}
