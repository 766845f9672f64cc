import { getDb } from '@/db/client';
import { familyB } from '@/lib/http/family-b';
import { searchNftsBody } from '@/lib/nft-search/schemas';
import { searchNfts } from '@/lib/nft-search/service';

export const POST = familyB({ source: 'SearchNfts', body: searchNftsBody }, ({ actor, body }) =>
  searchNfts(getDb(), actor.organizationId, body),
);
