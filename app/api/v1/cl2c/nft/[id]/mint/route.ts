import { familyA } from '@/lib/http/family-a';
import { requestMint } from '@/lib/mint/service';
import { getNft } from '@/lib/nfts/service';

export const POST = familyA<{ id: string }>({}, async ({ actor, params, store }) => {
  await requestMint(store, actor.organizationId, params.id, { actor });
  return getNft(store, actor.organizationId, params.id);
});
