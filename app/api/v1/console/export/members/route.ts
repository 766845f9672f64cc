import { exportMembersQuery } from '@/lib/members/schemas';
import { familyA } from '@/lib/http/family-a';
import { exportMembers } from '@/lib/members/export';

/** The members filter (members and pending invitations) as a streamed CSV (admin session only). */
export const GET = familyA({ query: exportMembersQuery, sessionOnly: true }, ({ actor, query, store }) =>
  exportMembers(store, actor.organizationId, query),
);
