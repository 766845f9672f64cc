import { getDb } from '@/db/client';
import { revokeOrganizationKey } from '@/lib/api-keys/service';
import { familyA } from '@/lib/http/family-a';

export const DELETE = familyA<{ id: string }>({ sessionOnly: true }, ({ actor, params }) =>
  revokeOrganizationKey(getDb(), actor, params.id),
);
