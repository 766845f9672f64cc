import { familyA } from '@/lib/http/family-a';
import { listDeliveriesQuery } from '@/lib/webhooks/schemas';
import { listDeliveries } from '@/lib/webhooks/service';

export const GET = familyA<{ id: string }, typeof listDeliveriesQuery>({ query: listDeliveriesQuery }, ({ actor, params, query, store }) =>
  listDeliveries(store, actor.organizationId, params.id, query),
);
