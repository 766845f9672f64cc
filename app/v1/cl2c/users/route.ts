import { getDb } from '@/db/client';
import { familyB } from '@/lib/http/family-b';
import { listTenantUsers } from '@/lib/tenant-users/service';

export const GET = familyB({ source: 'GetUsers' }, ({ actor }) => listTenantUsers(getDb(), actor.organizationId));
