import { familyA } from '@/lib/http/family-a';
import { getTransferIn } from '@/lib/tokens/service';

export const GET = familyA<{ id: string }>({}, ({ actor, params, store }) => getTransferIn(store, actor.organizationId, params.id));
