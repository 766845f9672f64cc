import { runRead } from '@/lib/db/read-pool';
import { familyB } from '@/lib/http/family-b';
import { searchNftsBody } from '@/lib/nft-search/schemas';

export const POST = familyB({ source: 'SearchNfts', body: searchNftsBody }, ({ actor, body }) =>
  runRead('searchNfts', actor.organizationId, body),
);
