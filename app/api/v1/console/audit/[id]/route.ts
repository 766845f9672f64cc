import { getAuditEvent } from '@/lib/audit/events';
import { familyA } from '@/lib/http/family-a';

/** The activity page's event detail (admin session only). */
export const GET = familyA<{ id: string }>({ sessionOnly: true }, ({ actor, params, store }) =>
  getAuditEvent(store, actor.organizationId, params.id),
);
