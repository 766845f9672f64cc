import { getCopyrightState } from '@/lib/copyright/service';
import { familyA } from '@/lib/http/family-a';

/** Extension: the split's state — each share's decision and link, the licence, the signed record, history. */
export const GET = familyA<{ id: string }>({}, ({ actor, params, store }) =>
  getCopyrightState(store, actor.organizationId, params.id, actor.kind === 'user' ? actor.userId : null),
);
