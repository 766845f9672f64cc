import { insertInvitations as onPostgres } from './postgres/invitations';
import { postgresDbOf } from './postgres/store';
import { insertInvitations as onSqlite } from './sqlite/invitations';
import { sqliteDbOf } from './sqlite/store';
import type { NewInvitation } from './shapes';
import type { Store } from './store';

/** Inserts freshly sent PENDING invitations (A13), all sent at `now`, in one statement on the store's engine. */
export async function insertInvitations(store: Store, organizationId: string, rows: NewInvitation[], now: Date): Promise<void> {
  if (store.engine === 'sqlite') return onSqlite(sqliteDbOf(store), organizationId, rows, now);
  return onPostgres(postgresDbOf(store), organizationId, rows, now);
}
