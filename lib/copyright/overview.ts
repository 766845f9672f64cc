import { count, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { copyrightStatuses, nfts } from '@/db/schema';

/** NFTs per copyright state (one GROUP BY on the (organization, copyright_status) index). */
export function countCopyrightStates(db: Pick<Db, 'select'>, organizationId: string) {
  const rows = db
    .select({ status: nfts.copyrightStatus, n: count() })
    .from(nfts)
    .where(eq(nfts.organizationId, organizationId))
    .groupBy(nfts.copyrightStatus)
    .all();
  const out = Object.fromEntries(copyrightStatuses.map((s) => [s, 0])) as Record<(typeof copyrightStatuses)[number], number>;
  for (const r of rows) out[r.status] += r.n;
  return out;
}
