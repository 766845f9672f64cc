import { familyA } from '@/lib/http/family-a';
import { createNftBody, listNftsQuery, updateNftStatusBody } from '@/lib/nfts/schemas';
import { createNft, updateNftStatus } from '@/lib/nfts/service';
import { runRead } from '@/lib/reads/run';

/** A6 may carry an inline image (data URI or base64), so its body may be up to 10 MiB. */
const TEN_MIB = 10 * 1024 * 1024;

export const GET = familyA({ query: listNftsQuery }, ({ req, actor, query }) => runRead(req.signal, 'listNfts', actor.organizationId, query));

export const POST = familyA({ body: createNftBody, status: 201, maxBodyBytes: TEN_MIB }, ({ actor, body, store }) =>
  createNft(store, actor, body),
);

export const PUT = familyA({ body: updateNftStatusBody }, ({ actor, body, store }) => updateNftStatus(store, actor, body));
