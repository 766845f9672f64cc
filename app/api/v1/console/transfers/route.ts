import { familyA } from '@/lib/http/family-a';
import { listTransfersQuery } from '@/lib/tokens/schemas';
import { listTransfers } from '@/lib/tokens/service';

export const GET = familyA({ query: listTransfersQuery }, ({ actor, query, store }) => listTransfers(store, actor.organizationId, query));
