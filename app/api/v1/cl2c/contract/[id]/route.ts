import { getDb } from '@/db/client';
import { deleteContract, getContractWithChain } from '@/lib/contracts/service';
import { familyA } from '@/lib/http/family-a';

export const DELETE = familyA<{ id: string }>({}, ({ actor, params }) => deleteContract(getDb(), actor, params.id));

export const GET = familyA<{ id: string }>({}, ({ actor, params }) => getContractWithChain(getDb(), actor.organizationId, params.id));
