import { runRead } from '@/lib/reads/run';
import { familyA } from '@/lib/http/family-a';
import { listMembersQuery } from '@/lib/members/schemas';

export const GET = familyA({ query: listMembersQuery }, ({ actor, query }) =>
  runRead('listMembers', actor.organizationId, query),
);
