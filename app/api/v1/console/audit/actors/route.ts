import { listAuditActors } from '@/lib/audit/list';
import { familyA } from '@/lib/http/family-a';

/** Who appears in the organization's audit log (the activity page's actor filter). */
export const GET = familyA({ sessionOnly: true }, async ({ actor, store }) => ({ data: await listAuditActors(store, actor.organizationId) }));
