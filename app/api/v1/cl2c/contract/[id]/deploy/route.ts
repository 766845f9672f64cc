import { getChainClient } from '@/lib/chain';
import { deployContract } from '@/lib/contracts/deploy';
import { getContractWithChain } from '@/lib/contracts/service';
import { familyA } from '@/lib/http/family-a';

export const POST = familyA<{ id: string }>({}, async ({ actor, params, store }) => {
  await deployContract(store, getChainClient(), actor, params.id);
  return getContractWithChain(store, actor.organizationId, params.id);
});
