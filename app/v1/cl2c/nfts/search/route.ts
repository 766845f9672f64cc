import { runRead } from '@/lib/reads/run';
import { familyB } from '@/lib/http/family-b';
import { searchNftsBody } from '@/lib/nft-search/schemas';

export const POST = familyB({ source: 'SearchNfts', body: searchNftsBody }, ({ req, actor, body }) =>
  runRead(req.signal, 'searchNfts', actor.organizationId, body),
);
