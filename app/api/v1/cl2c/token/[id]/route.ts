import { getDb } from '@/db/client';
import { familyA } from '@/lib/http/family-a';
import { getTransfer } from '@/lib/tokens/service';

export const GET = familyA<{ id: string }>({}, ({ actor, params }) => getTransfer(getDb(), actor.organizationId, params.id));
