import { and, count, eq, lte, sql } from 'drizzle-orm';
import { contractStatuses, invitationStatuses, membershipStatuses, nftStatuses } from '@/db/enums';
import { auditEvents, invitations, nfts, smartContracts, userOrganizations } from '@/lib/storage/tables';
import { describeAuditEvents, selectAuditEvents } from '@/lib/audit/list';
import type { Store } from '@/lib/storage/store';
import type { AuditListItem } from '@/lib/audit/schemas';

export type StatusCounts<S extends string> = { total: number; byStatus: Record<S, number> };

/** A recent audit event, with readable labels and a link to its record (lib/audit/list.ts). */
export type ActivityItem = AuditListItem;

export type Overview = {
  contracts: StatusCounts<(typeof contractStatuses)[number]>;
  nfts: StatusCounts<(typeof nftStatuses)[number]>;
  members: StatusCounts<(typeof membershipStatuses)[number]>;
  invitations: StatusCounts<(typeof invitationStatuses)[number]>;
  recentActivity: ActivityItem[];
};

/** Folds `[{status, n}]` rows into a count per known status (missing statuses are 0). */
function tally<S extends string>(
  statuses: readonly S[],
  rows: { status: string; n: number }[],
): StatusCounts<S> {
  const byStatus = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  let total = 0;
  for (const row of rows) {
    total += row.n;
    if (row.status in byStatus) byStatus[row.status as S] += row.n;
  }
  return { total, byStatus };
}

export const RECENT_ACTIVITY_LIMIT = 20;

/**
 * The console's overview of one organization: counts per status of contracts, NFTs, members and
 * invitations (one GROUP BY query each) and the latest audit events with a readable actor.
 * A PENDING invitation past its expiry is counted as EXPIRED, as it can no longer be accepted.
 */
export async function getOverview(store: Store, organizationId: string, now: Date = new Date()): Promise<Overview> {
  const contractRows = await store
    .select({ status: smartContracts.status, n: count() })
    .from(smartContracts)
    .where(eq(smartContracts.organizationId, organizationId))
    .groupBy(smartContracts.status);
  const nftRows = await store
    .select({ status: nfts.status, n: count() })
    .from(nfts)
    .where(eq(nfts.organizationId, organizationId))
    .groupBy(nfts.status);
  const memberRows = await store
    .select({ status: userOrganizations.status, n: count() })
    .from(userOrganizations)
    .where(eq(userOrganizations.organizationId, organizationId))
    .groupBy(userOrganizations.status);
  // `lte` binds `now` as the column stores times on each engine.
  const effectiveInvitationStatus = sql<string>`case when ${and(eq(invitations.status, 'PENDING'), lte(invitations.expiresAt, now))} then 'EXPIRED' else ${invitations.status} end`;
  const invitationRows = await store
    .select({ status: effectiveInvitationStatus, n: count() })
    .from(invitations)
    .where(eq(invitations.organizationId, organizationId))
    // By position: PostgreSQL does not see the CASE repeated with its own parameters as the same expression.
    .groupBy(sql`1`);

  const recentActivity = await describeAuditEvents(
    store,
    organizationId,
    await selectAuditEvents(store, eq(auditEvents.organizationId, organizationId), RECENT_ACTIVITY_LIMIT),
  );

  return {
    contracts: tally(contractStatuses, contractRows),
    nfts: tally(nftStatuses, nftRows),
    members: tally(membershipStatuses, memberRows),
    invitations: tally(invitationStatuses, invitationRows),
    recentActivity,
  };
}
