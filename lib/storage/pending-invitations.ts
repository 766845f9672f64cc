import type { SQL } from 'drizzle-orm';
import { pendingInvitationsWhere as onPostgres } from './postgres/pending-invitations';
import { pendingInvitationsWhere as onSqlite } from './sqlite/pending-invitations';
import type { Store } from './store';

/**
 * Matches the organization's PENDING invitations to any of `emails` (lower-cased, as stored): a
 * condition on `invitations` for the store's engine (each looks the e-mails up in member_list).
 */
export function pendingInvitationsTo(store: Pick<Store, 'engine'>, organizationId: string, emails: string[]): SQL {
  return store.engine === 'sqlite' ? onSqlite(organizationId, emails) : onPostgres(organizationId, emails);
}
