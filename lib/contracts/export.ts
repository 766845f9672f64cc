import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { smartContracts } from '@/db/schema';
import { csvResponse, EXPORT_CHUNK, exportFilename, type CreatedCursor } from '@/lib/export/csv';
import type { ListContractsQuery } from './schemas';
import { contractRowsWhere } from '@/lib/storage/sqlite/lists/contracts';

export const contractExportHeader = [
  'id', 'name', 'symbol', 'description', 'network', 'env', 'status', 'contractAddress', 'deploymentTransactionHash',
  'totalNFTs', 'deployedAt', 'createdAt',
] as const;

/**
 * Every contract of the A1 filter as CSV, newest first (id breaks ties), in keyset chunks over
 * the (organization, created_at, id) index.
 */
export function exportContracts(db: Db, organizationId: string, q: Pick<ListContractsQuery, 'search' | 'status'>): Response {
  const where = contractRowsWhere(organizationId, q);
  return csvResponse<CreatedCursor>(exportFilename('contracts'), contractExportHeader, (cursor) => {
    const after = cursor ? sql`(${smartContracts.createdAt}, ${smartContracts.id}) < (${cursor.at}, ${cursor.id})` : undefined;
    const rows = db
      .select()
      .from(smartContracts)
      .where(and(where, after))
      .orderBy(desc(smartContracts.createdAt), desc(smartContracts.id))
      .limit(EXPORT_CHUNK)
      .all();
    const last = rows[rows.length - 1];
    return {
      lines: rows.map((r) => [
        r.id, r.name, r.symbol, r.description, r.network, r.env, r.status, r.contractAddress, r.deploymentTransactionHash,
        r.totalNfts, r.deployedAt, r.createdAt,
      ]),
      next: rows.length === EXPORT_CHUNK && last ? { at: last.createdAt.getTime(), id: last.id } : null,
    };
  });
}
