import { and, desc, eq, sql } from 'drizzle-orm';
import { nfts, smartContracts } from '@/lib/storage/tables';
import { csvResponse, EXPORT_CHUNK, exportFilename, type CreatedCursor } from '@/lib/export/csv';
import { nftExportWhere } from '@/lib/storage/nft-list';
import type { Store } from '@/lib/storage/store';
import type { ListNftsQuery } from './schemas';

export type ExportNftsQuery = Pick<ListNftsQuery, 'search' | 'status' | 'contractId' | 'copyrightStatus'>;

export const nftExportHeader = [
  'id', 'name', 'description', 'status', 'copyrightStatus', 'tokenId', 'supply', 'contractId', 'contractName',
  'contractSymbol', 'licence', 'imagePath', 'externalUrl', 'mintedAt', 'createdAt',
] as const;

/**
 * Every NFT of the A5 filter as CSV, newest first (id breaks ties), read in keyset chunks; which
 * rows match is the engine list module's (the search is A5's).
 */
export function exportNfts(store: Store, organizationId: string, q: ExportNftsQuery): Response {
  const where = nftExportWhere(store, organizationId, q);
  return csvResponse<CreatedCursor>(exportFilename('nfts'), nftExportHeader, async (cursor) => {
    // The time goes through the column's encoder: epoch ms on SQLite, a timestamptz on PostgreSQL.
    const after = cursor ? sql`(${nfts.createdAt}, ${nfts.id}) < (${sql.param(new Date(cursor.at), nfts.createdAt)}, ${cursor.id})` : undefined;
    const rows = await store
      .select({
        id: nfts.id,
        name: nfts.name,
        description: nfts.description,
        status: nfts.status,
        copyrightStatus: nfts.copyrightStatus,
        tokenId: nfts.tokenId,
        supply: nfts.supply,
        contractId: smartContracts.id,
        contractName: smartContracts.name,
        contractSymbol: smartContracts.symbol,
        licenceOffered: nfts.licenceOffered,
        licence: nfts.licence,
        imagePath: nfts.imagePath,
        externalUrl: nfts.externalUrl,
        mintedAt: nfts.mintedAt,
        createdAt: nfts.createdAt,
      })
      .from(nfts)
      .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
      .where(and(where, after))
      .orderBy(desc(nfts.createdAt), desc(nfts.id))
      .limit(EXPORT_CHUNK);
    const last = rows[rows.length - 1];
    return {
      lines: rows.map((r) => [
        r.id, r.name, r.description, r.status, r.copyrightStatus, r.tokenId, r.supply, r.contractId, r.contractName,
        r.contractSymbol, r.licenceOffered ?? r.licence, r.imagePath, r.externalUrl, r.mintedAt, r.createdAt,
      ]),
      next: rows.length === EXPORT_CHUNK && last ? { at: last.createdAt.getTime(), id: last.id } : null,
    };
  });
}
