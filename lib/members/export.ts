import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { csvResponse, EXPORT_CHUNK, exportFilename, type CreatedCursor } from '@/lib/export/csv';
import { likePattern } from '@/lib/http/query';
import { searchTuning } from '@/lib/search/tuning';
import type { ListMembersQuery } from './schemas';
import { memberItems, memberPageIndex, memberSearch } from './service';

export const memberExportHeader = [
  'id', 'kind', 'email', 'name', 'userName', 'status', 'role', 'walletAddress', 'totalNFTs', 'invitationSendCount',
  'invitationExpiresAt', 'invitationExpired', 'createdAt',
] as const;

/**
 * Every entry of the A9 filter (members and pending invitations) as CSV, newest first (id breaks
 * ties), in keyset chunks over member_list's (organization[, filter], created_at, id) index. A rare
 * term reads its trigram hits by rowid; a common one is tested per row while the index is walked.
 */
export function exportMembers(db: Db, organizationId: string, q: Pick<ListMembersQuery, 'search' | 'status' | 'hasWallet'>): Response {
  const where: SQL[] = [sql`"ml"."organization_id" = ${organizationId}`];
  if (q.status) where.push(sql`"ml"."status" = ${q.status}`);
  if (q.hasWallet !== undefined) where.push(sql`"ml"."has_wallet" = ${q.hasWallet ? 1 : 0}`);
  let from = sql`"member_list" as "ml" indexed by ${sql.identifier(memberPageIndex({ ...q, sortBy: 'createdAt' }))}`;
  if (q.search) {
    const search = memberSearch(db, organizationId, q.search, likePattern(q.search));
    if (search.candidates && search.hits < searchTuning.memberCommonHits) {
      where.push(search.candidates);
      from = sql`"member_list" as "ml" not indexed`;
    } else {
      where.push(search.perRow);
    }
  }
  return csvResponse<CreatedCursor>(exportFilename('members'), memberExportHeader, (cursor) => {
    const after = cursor ? [sql`("ml"."created_at", "ml"."id") < (${cursor.at}, ${cursor.id})`] : [];
    const rows = db.all<{ id: string; createdAt: number }>(
      sql`select "ml"."id" as "id", "ml"."created_at" as "createdAt" from ${from} where ${sql.join([...where, ...after], sql` and `)}
          order by "ml"."created_at" desc, "ml"."id" desc limit ${EXPORT_CHUNK}`,
    );
    const last = rows[rows.length - 1];
    return {
      lines: memberItems(db, organizationId, rows.map((r) => r.id)).map((m) => [
        m.id, m.kind, m.email, m.user.name, m.user.userName, m.status, m.role, m.walletAddress, m.totalNFTs,
        m.invitation?.sendCount, m.invitation?.expiresAt, m.invitation?.expired, m.createdAt,
      ]),
      next: rows.length === EXPORT_CHUNK && last ? { at: last.createdAt, id: last.id } : null,
    };
  });
}
