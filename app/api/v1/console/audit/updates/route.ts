import { auditUpdates } from '@/lib/audit/events';
import { auditUpdatesQuery } from '@/lib/audit/schemas';
import { familyA } from '@/lib/http/family-a';

/** The console's notifications: events since the cursor (admin session only). */
export const GET = familyA({ query: auditUpdatesQuery, sessionOnly: true }, ({ actor, query, store }) =>
  auditUpdates(store, actor.organizationId, query),
);
