import { z } from 'zod';
import { familyB } from '@/lib/http/family-b';
import { getTenantUser } from '@/lib/tenant-users/service';

export const GET = familyB({ source: 'GetUser', params: z.object({ id: z.string() }) }, ({ actor, params, store }) =>
  getTenantUser(store, actor.organizationId, params.id),
);
