import { z } from 'zod';
import { getDb } from '@/db/client';
import { familyB } from '@/lib/http/family-b';
import { getTenantUser } from '@/lib/tenant-users/service';

export const GET = familyB({ source: 'GetUser', params: z.object({ id: z.string() }) }, ({ actor, params }) =>
  getTenantUser(getDb(), actor.organizationId, params.id),
);
