import { getDb } from '@/db/client';
import { getChainClient } from '@/lib/chain';
import { getWallet } from '@/lib/chain/wallet';
import { familyA } from '@/lib/http/family-a';

export const GET = familyA({}, ({ actor }) => getWallet(getDb(), getChainClient(), actor.organizationId));
