import { getDb } from '@/db/client';
import { getContract } from '@/lib/contracts/service';
import { familyA } from '@/lib/http/family-a';

/** One contract by id, for the console's contract picker when only the id is known (a link). */
export const GET = familyA<{ id: string }>({ sessionOnly: true }, ({ actor, params }) =>
  getContract(getDb(), actor.organizationId, params.id),
);
