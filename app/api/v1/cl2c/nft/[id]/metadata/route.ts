import { getDb } from '@/db/client';
import { familyA } from '@/lib/http/family-a';
import { getNftMetadata } from '@/lib/nfts/service';

export const GET = familyA<{ id: string }>({}, ({ actor, params }) => getNftMetadata(getDb(), actor.organizationId, params.id));
