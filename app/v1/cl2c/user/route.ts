import { familyB } from '@/lib/http/family-b';
import { createTenantUserBody, updateCurrentUserBody } from '@/lib/tenant-users/schemas';
import { createTenantUser, updateCurrentUser } from '@/lib/tenant-users/service';

export const POST = familyB({ source: 'CreateUser', body: createTenantUserBody }, ({ actor, body, store }) =>
  createTenantUser(store, actor, body),
);

export const PUT = familyB({ source: 'UpdateUser', body: updateCurrentUserBody }, ({ actor, body, store }) =>
  updateCurrentUser(store, actor, body),
);
