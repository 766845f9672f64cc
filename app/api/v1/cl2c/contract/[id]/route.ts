import { deleteContract, getContractWithChain } from '@/lib/contracts/service';
import { familyA } from '@/lib/http/family-a';

export const DELETE = familyA<{ id: string }>({}, ({ actor, params, store }) => deleteContract(store, actor, params.id));

export const GET = familyA<{ id: string }>({}, ({ actor, params, store }) => getContractWithChain(store, actor.organizationId, params.id));
