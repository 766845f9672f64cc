import { exportAuditEvents } from '@/lib/audit/events';
import { exportAuditQuery } from '@/lib/audit/schemas';
import { familyA } from '@/lib/http/family-a';

/** The activity filter as a streamed CSV (admin session only). */
export const GET = familyA({ query: exportAuditQuery, sessionOnly: true }, ({ actor, query, store }) =>
  exportAuditEvents(store, actor.organizationId, query),
);
