import { exportNftsQuery } from '@/lib/nfts/schemas';
import { familyA } from '@/lib/http/family-a';
import { exportNfts } from '@/lib/nfts/export';

/** The NFTs filter as a streamed CSV (admin session only). */
export const GET = familyA({ query: exportNftsQuery, sessionOnly: true }, ({ actor, query, store }) =>
  exportNfts(store, actor.organizationId, query),
);
