import { resendRequest } from '@/lib/copyright/service';
import { familyA } from '@/lib/http/family-a';

/** Extension: a new authorization link for a share still PENDING (the previous link stops working). */
export const POST = familyA<{ id: string; shareId: string }>({}, ({ actor, params, store }) =>
  resendRequest(store, actor, params.id, params.shareId),
);
