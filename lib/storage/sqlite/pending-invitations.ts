import { sql, type SQL } from 'drizzle-orm';
import { invitations } from '@/db/schema';

/**
 * The organization's PENDING invitations to any of `emails` (lower-cased, as stored), on SQLite.
 *
 * The invitations table keeps no index on e-mail (migration 0017): the A9 list table `member_list`
 * holds exactly the pending invitations, under status 'PENDING' (memberships are ACTIVE or
 * SUSPENDED), kept in the same transaction by triggers, and its (organization, status, email, id)
 * index answers the lookup. A second e-mail index cost every new invitation one more insert at a
 * random leaf — ~7 % of the pages a 100-entry import writes at 100k members.
 *
 * The unary `+` keeps the planner on the id lookup: without statistics it would rather walk the
 * (organization, status) index over every pending invitation of the organization.
 */
export function pendingInvitationsWhere(organizationId: string, emails: string[]): SQL {
  return sql`${invitations.id} in (select "id" from "member_list" where "organization_id" = ${organizationId} and "status" = 'PENDING' and "kind" = 'invitation' and "email" in ${emails})
    and +${invitations.organizationId} = ${organizationId} and +${invitations.status} = 'PENDING'`;
}
