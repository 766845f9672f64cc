import { getChainClient } from '@/lib/chain';
import { getWallet } from '@/lib/chain/wallet';
import { familyA } from '@/lib/http/family-a';

export const GET = familyA({}, ({ actor, store }) => getWallet(store, getChainClient(), actor.organizationId));
