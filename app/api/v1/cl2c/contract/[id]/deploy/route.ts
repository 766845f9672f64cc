import { getDb } from '@/db/client';
import { getChainClient } from '@/lib/chain';
import { deployContract } from '@/lib/contracts/deploy';
import { familyA } from '@/lib/http/family-a';

export const POST = familyA<{ id: string }>({}, ({ actor, params }) => deployContract(getDb(), getChainClient(), actor, params.id));
