import { revokeOrganizationKey } from '@/lib/api-keys/service';
import { familyA } from '@/lib/http/family-a';

export const DELETE = familyA<{ id: string }>({ sessionOnly: true }, ({ actor, params, store }) =>
  revokeOrganizationKey(store, actor, params.id),
);
