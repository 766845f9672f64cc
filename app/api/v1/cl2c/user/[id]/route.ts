import { getDb } from '@/db/client';
import { familyA } from '@/lib/http/family-a';
import { updateMemberBody } from '@/lib/members/schemas';
import { getMember, removeMember, updateMember } from '@/lib/members/service';

export const GET = familyA<{ id: string }>({}, ({ actor, params }) => getMember(getDb(), actor.organizationId, params.id));

export const PUT = familyA<{ id: string }, undefined, typeof updateMemberBody>(
  { body: updateMemberBody },
  ({ actor, params, body }) => updateMember(getDb(), actor, params.id, body),
);

export const DELETE = familyA<{ id: string }>({}, ({ actor, params }) => removeMember(getDb(), actor, params.id));
