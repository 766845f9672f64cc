import { familyA } from '@/lib/http/family-a';
import { getNftMetadata } from '@/lib/nfts/service';

export const GET = familyA<{ id: string }>({}, ({ actor, params, store }) => getNftMetadata(store, actor.organizationId, params.id));
