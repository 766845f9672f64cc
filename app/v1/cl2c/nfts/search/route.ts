import { runRead } from '@/lib/reads/run';
import { familyB } from '@/lib/http/family-b';
import { searchNftsBody } from '@/lib/nft-search/schemas';

export const POST = familyB({ source: 'SearchNfts', body: searchNftsBody }, ({ actor, body }) =>
  runRead('searchNfts', actor.organizationId, body),
);
