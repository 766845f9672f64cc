import { count, eq } from 'drizzle-orm';
import { copyrightStatuses } from '@/db/enums';
import { nfts } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';

/** NFTs per copyright state (one GROUP BY on the (organization, copyright_status) index). */
export async function countCopyrightStates(store: Pick<Store, 'select'>, organizationId: string) {
  const rows = await store
    .select({ status: nfts.copyrightStatus, n: count() })
    .from(nfts)
    .where(eq(nfts.organizationId, organizationId))
    .groupBy(nfts.copyrightStatus);
  const out = Object.fromEntries(copyrightStatuses.map((s) => [s, 0])) as Record<(typeof copyrightStatuses)[number], number>;
  for (const r of rows) out[r.status] += Number(r.n);
  return out;
}
