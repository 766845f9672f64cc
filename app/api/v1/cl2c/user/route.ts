import { runRead } from '@/lib/reads/run';
import { familyA } from '@/lib/http/family-a';
import { listMembersQuery } from '@/lib/members/schemas';

export const GET = familyA({ query: listMembersQuery }, ({ req, actor, query }) =>
  runRead(req.signal, 'listMembers', actor.organizationId, query),
);
