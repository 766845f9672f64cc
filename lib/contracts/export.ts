import { csvResponse, EXPORT_CHUNK, exportFilename, type CreatedCursor } from '@/lib/export/csv';
import { contractExportRows } from '@/lib/storage/contract-list';
import type { Store } from '@/lib/storage/store';
import type { ListContractsQuery } from './schemas';

export const contractExportHeader = [
  'id', 'name', 'symbol', 'description', 'network', 'env', 'status', 'contractAddress', 'deploymentTransactionHash',
  'totalNFTs', 'deployedAt', 'createdAt',
] as const;

/**
 * Every contract of the A1 filter as CSV, newest first (id breaks ties), in keyset chunks over
 * the (organization, created_at, id) index (the engine's list module reads them).
 */
export function exportContracts(store: Store, organizationId: string, q: Pick<ListContractsQuery, 'search' | 'status'>): Response {
  return csvResponse<CreatedCursor>(exportFilename('contracts'), contractExportHeader, async (cursor) => {
    const rows = await contractExportRows(store, organizationId, q, cursor, EXPORT_CHUNK);
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
