import { getDb } from '@/db/client';
import { getChainClient } from '@/lib/chain';
import { familyA } from '@/lib/http/family-a';
import { cancelTransfer } from '@/lib/tokens/service';

export const POST = familyA<{ id: string }>({}, ({ actor, params }) => cancelTransfer(getDb(), getChainClient(), actor, params.id));
