import { listAuditEvents } from '@/lib/audit/list';
import { listAuditQuery } from '@/lib/audit/schemas';
import { familyA } from '@/lib/http/family-a';

/** The console's activity page: the organization's audit log (admin session only). */
export const GET = familyA({ query: listAuditQuery, sessionOnly: true }, ({ actor, query, store }) =>
  listAuditEvents(store, actor.organizationId, query),
);
