import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  apiKeys,
  auditEvents,
  contractStatuses,
  invitationStatuses,
  membershipStatuses,
  nftStatuses,
  invitations,
  nfts,
  smartContracts,
  userOrganizations,
  users,
} from '@/db/schema';

export type StatusCounts<S extends string> = { total: number; byStatus: Record<S, number> };

export type ActivityItem = {
  id: string;
  action: string;
  entityType: string;
  entityId: string | null;
  actor: { type: 'api_key' | 'user' | 'system'; id: string | null; label: string };
  requestId: string | null;
  createdAt: Date;
};

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
export function getOverview(db: Db, organizationId: string, now: Date = new Date()): Overview {
  const contractRows = db
    .select({ status: smartContracts.status, n: count() })
    .from(smartContracts)
    .where(eq(smartContracts.organizationId, organizationId))
    .groupBy(smartContracts.status)
    .all();
  const nftRows = db
    .select({ status: nfts.status, n: count() })
    .from(nfts)
    .where(eq(nfts.organizationId, organizationId))
    .groupBy(nfts.status)
    .all();
  const memberRows = db
    .select({ status: userOrganizations.status, n: count() })
    .from(userOrganizations)
    .where(eq(userOrganizations.organizationId, organizationId))
    .groupBy(userOrganizations.status)
    .all();
  const effectiveInvitationStatus = sql<string>`case when ${invitations.status} = 'PENDING' and ${invitations.expiresAt} <= ${now.getTime()} then 'EXPIRED' else ${invitations.status} end`;
  const invitationRows = db
    .select({ status: effectiveInvitationStatus, n: count() })
    .from(invitations)
    .where(eq(invitations.organizationId, organizationId))
    .groupBy(effectiveInvitationStatus)
    .all();

  const events = db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      actorType: auditEvents.actorType,
      actorId: auditEvents.actorId,
      requestId: auditEvents.requestId,
      createdAt: auditEvents.createdAt,
      userEmail: users.email,
      keyName: apiKeys.name,
      keyPrefix: apiKeys.prefix,
    })
    .from(auditEvents)
    .leftJoin(users, and(eq(auditEvents.actorType, 'user'), eq(users.id, auditEvents.actorId)))
    .leftJoin(
      apiKeys,
      and(eq(auditEvents.actorType, 'api_key'), eq(apiKeys.id, auditEvents.actorId)),
    )
    .where(eq(auditEvents.organizationId, organizationId))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(RECENT_ACTIVITY_LIMIT)
    .all();

  return {
    contracts: tally(contractStatuses, contractRows),
    nfts: tally(nftStatuses, nftRows),
    members: tally(membershipStatuses, memberRows),
    invitations: tally(invitationStatuses, invitationRows),
    recentActivity: events.map((e) => ({
      id: e.id,
      action: e.action,
      entityType: e.entityType,
      entityId: e.entityId,
      actor: { type: e.actorType, id: e.actorId, label: actorLabel(e) },
      requestId: e.requestId,
      createdAt: e.createdAt,
    })),
  };
}

function actorLabel(e: {
  actorType: string;
  actorId: string | null;
  userEmail: string | null;
  keyName: string | null;
  keyPrefix: string | null;
}) {
  if (e.actorType === 'user') return e.userEmail ?? 'deleted user';
  if (e.actorType === 'api_key')
    return e.keyName ? `API key ${e.keyName} (${e.keyPrefix}…)` : 'deleted API key';
  return 'system';
}
