import { familyA } from '@/lib/http/family-a';
import { updateMemberBody } from '@/lib/members/schemas';
import { getMember, removeMember, updateMember } from '@/lib/members/service';

export const GET = familyA<{ id: string }>({}, ({ actor, params, store }) => getMember(store, actor.organizationId, params.id));

export const PUT = familyA<{ id: string }, undefined, typeof updateMemberBody>(
  { body: updateMemberBody },
  ({ actor, params, body, store }) => updateMember(store, actor, params.id, body),
);

export const DELETE = familyA<{ id: string }>({}, ({ actor, params, store }) => removeMember(store, actor, params.id));
