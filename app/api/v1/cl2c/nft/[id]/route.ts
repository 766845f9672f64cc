import { getDb } from '@/db/client';
import { familyA } from '@/lib/http/family-a';
import { deleteNft } from '@/lib/nfts/delete';
import { updateNftBody } from '@/lib/nfts/schemas';
import { getNft, updateNft } from '@/lib/nfts/service';

export const GET = familyA<{ id: string }>({}, ({ actor, params }) => getNft(getDb(), actor.organizationId, params.id));

export const PUT = familyA<{ id: string }, undefined, typeof updateNftBody>({ body: updateNftBody }, ({ actor, params, body }) =>
  updateNft(getDb(), actor, params.id, body),
);

export const DELETE = familyA<{ id: string }>({}, ({ actor, params }) => deleteNft(getDb(), actor, params.id));
