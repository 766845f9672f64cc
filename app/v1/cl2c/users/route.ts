import { familyB } from '@/lib/http/family-b';
import { streamTenantUsers } from '@/lib/tenant-users/service';

export const GET = familyB({ source: 'GetUsers' }, ({ actor, store }) => streamTenantUsers(store, actor.organizationId));
