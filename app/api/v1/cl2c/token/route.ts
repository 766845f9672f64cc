import { getChainClient } from '@/lib/chain';
import { familyA } from '@/lib/http/family-a';
import { readIdempotencyKey } from '@/lib/tokens/http';
import { sendTokensBody } from '@/lib/tokens/schemas';
import { sendTokens } from '@/lib/tokens/service';

export const POST = familyA({ body: sendTokensBody }, async ({ req, actor, body, store }) => {
  const { response, replayed } = await sendTokens(store, getChainClient(), actor, body, readIdempotencyKey(req.headers));
  return Response.json(response, { headers: replayed ? { 'idempotent-replayed': 'true' } : {} });
});
