import { getChainClient } from '@/lib/chain';
import { familyA } from '@/lib/http/family-a';
import { cancelTransfer } from '@/lib/tokens/service';

export const POST = familyA<{ id: string }>({}, ({ actor, params, store }) => cancelTransfer(store, getChainClient(), actor, params.id));
