import { getDb } from '@/db/client';
import { listAuditActors } from '@/lib/audit/list';
import { familyA } from '@/lib/http/family-a';

/** Who appears in the organization's audit log (the activity page's actor filter). */
export const GET = familyA({ sessionOnly: true }, ({ actor }) => ({ data: listAuditActors(getDb(), actor.organizationId) }));
