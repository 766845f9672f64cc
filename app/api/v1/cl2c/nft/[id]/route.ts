import { familyA } from '@/lib/http/family-a';
import { deleteNft } from '@/lib/nfts/delete';
import { updateNftBody } from '@/lib/nfts/schemas';
import { getNft, updateNft } from '@/lib/nfts/service';

export const GET = familyA<{ id: string }>({}, ({ actor, params, store }) => getNft(store, actor.organizationId, params.id));

export const PUT = familyA<{ id: string }, undefined, typeof updateNftBody>({ body: updateNftBody }, ({ actor, params, body, store }) =>
  updateNft(store, actor, params.id, body),
);

export const DELETE = familyA<{ id: string }>({}, ({ actor, params, store }) => deleteNft(store, actor, params.id));
