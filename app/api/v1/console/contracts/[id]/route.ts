import { getContract } from '@/lib/contracts/service';
import { familyA } from '@/lib/http/family-a';

/** One contract by id, for the console's contract picker when only the id is known (a link). */
export const GET = familyA<{ id: string }>({ sessionOnly: true }, ({ actor, params, store }) =>
  getContract(store, actor.organizationId, params.id),
);
