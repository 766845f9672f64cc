import { csvResponse, EXPORT_CHUNK, exportFilename, type CreatedCursor } from '@/lib/export/csv';
import { memberExportChunk } from '@/lib/storage/member-list';
import type { Store } from '@/lib/storage/store';
import type { ListMembersQuery } from './schemas';
import { memberItems } from './service';

export const memberExportHeader = [
  'id', 'kind', 'email', 'name', 'userName', 'status', 'role', 'walletAddress', 'totalNFTs', 'invitationSendCount',
  'invitationExpiresAt', 'invitationExpired', 'createdAt',
] as const;

/**
 * Every entry of the A9 filter (members and pending invitations) as CSV, newest first (id breaks
 * ties), in keyset chunks read by the engine's list module.
 */
export function exportMembers(store: Store, organizationId: string, q: Pick<ListMembersQuery, 'search' | 'status' | 'hasWallet'>): Response {
  return csvResponse<CreatedCursor>(exportFilename('members'), memberExportHeader, async (cursor) => {
    const rows = await memberExportChunk(store, organizationId, q, cursor, EXPORT_CHUNK);
    const last = rows[rows.length - 1];
    return {
      lines: (await memberItems(store, organizationId, rows.map((r) => r.id))).map((m) => [
        m.id, m.kind, m.email, m.user.name, m.user.userName, m.status, m.role, m.walletAddress, m.totalNFTs,
        m.invitation?.sendCount, m.invitation?.expiresAt, m.invitation?.expired, m.createdAt,
      ]),
      next: rows.length === EXPORT_CHUNK && last ? { at: last.createdAt, id: last.id } : null,
    };
  });
}
