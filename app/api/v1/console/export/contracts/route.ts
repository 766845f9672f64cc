import { exportContracts } from '@/lib/contracts/export';
import { exportContractsQuery } from '@/lib/contracts/schemas';
import { familyA } from '@/lib/http/family-a';

/** The contracts filter as a streamed CSV (admin session only). */
export const GET = familyA({ query: exportContractsQuery, sessionOnly: true }, ({ actor, query, store }) =>
  exportContracts(store, actor.organizationId, query),
);
