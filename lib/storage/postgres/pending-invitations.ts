import { sql, type SQL } from 'drizzle-orm';
import { invitations } from '@/db/schema-pg';

/**
 * The organization's PENDING invitations to any of `emails`, on PostgreSQL: their ids from
 * member_list (which holds exactly the organization's PENDING invitations, kept by triggers in the
 * writing transaction; invitations keep no e-mail index here either), then the invitations by
 * primary key. `= any(array(…))` runs the id lookup once, first: as `in (select …)` the planner of a
 * table without statistics nested it under every pending invitation of the organization (1.1 s for
 * 100 e-mails at 1,200 invitations, growing with the square).
 */
export function pendingInvitationsWhere(organizationId: string, emails: string[]): SQL {
  return sql`${invitations.id} = any(array(select id from member_list where organization_id = ${organizationId} and status = 'PENDING' and kind = 'invitation' and email in ${emails}))`;
}
