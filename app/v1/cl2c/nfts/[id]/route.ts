import { familyB } from '@/lib/http/family-b';
import { nftIdParams } from '@/lib/nft-search/schemas';
import { getNft } from '@/lib/nft-search/service';

export const GET = familyB({ source: 'GetNft', params: nftIdParams }, ({ actor, params, store }) =>
  getNft(store, actor.organizationId, params.id),
);
