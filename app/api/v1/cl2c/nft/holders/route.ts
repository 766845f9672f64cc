import { familyA } from '@/lib/http/family-a';
import { listHoldersQuery } from '@/lib/nfts/schemas';
import { listHolders } from '@/lib/nfts/service';

/** Active members of the organization, for the console's copyright split editor. */
export const GET = familyA({ query: listHoldersQuery }, ({ actor, query, store }) => listHolders(store, actor.organizationId, query));
