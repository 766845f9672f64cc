import { getDb } from '@/db/client';
import { familyB } from '@/lib/http/family-b';
import { nftIdParams } from '@/lib/nft-search/schemas';
import { getNft } from '@/lib/nft-search/service';

export const GET = familyB({ source: 'GetNft', params: nftIdParams }, ({ actor, params }) =>
  getNft(getDb(), actor.organizationId, params.id),
);
