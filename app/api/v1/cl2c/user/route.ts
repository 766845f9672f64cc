import { getDb } from '@/db/client';
import { familyA } from '@/lib/http/family-a';
import { listMembersQuery } from '@/lib/members/schemas';
import { listMembers } from '@/lib/members/service';

export const GET = familyA({ query: listMembersQuery }, ({ actor, query }) =>
  listMembers(getDb(), actor.organizationId, query),
);
