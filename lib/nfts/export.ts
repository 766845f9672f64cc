import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { nfts, smartContracts } from '@/db/schema';
import { csvResponse, EXPORT_CHUNK, exportFilename, type CreatedCursor } from '@/lib/export/csv';
import { likePattern } from '@/lib/storage/like';
import { isCommon, matchRowids } from '@/lib/storage/sqlite/search/fts';
import type { ListNftsQuery } from './schemas';
import { termIndex } from './service';

export type ExportNftsQuery = Pick<ListNftsQuery, 'search' | 'status' | 'contractId' | 'copyrightStatus'>;

export const nftExportHeader = [
  'id', 'name', 'description', 'status', 'copyrightStatus', 'tokenId', 'supply', 'contractId', 'contractName',
  'contractSymbol', 'licence', 'imagePath', 'externalUrl', 'mintedAt', 'createdAt',
] as const;

/**
 * Every NFT of the A5 filter as CSV, newest first (id breaks ties), read in keyset chunks over the
 * (organization[, filter], created_at, id) indexes. The search is A5's: a rare term's trigram hits
 * narrow the rows, a common term is tested per row while the index is walked; the LIKE decides.
 */
export function exportNfts(db: Db, organizationId: string, q: ExportNftsQuery): Response {
  const conditions: SQL[] = [eq(nfts.organizationId, organizationId)];
  if (q.status) conditions.push(eq(nfts.status, q.status));
  if (q.contractId) conditions.push(eq(nfts.smartContractId, q.contractId));
  if (q.copyrightStatus) conditions.push(eq(nfts.copyrightStatus, q.copyrightStatus));
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(or(sql`${nfts.name} like ${pattern} escape '\\'`, sql`${nfts.description} like ${pattern} escape '\\'`)!);
    const index = termIndex(q.search);
    if (index && !isCommon(db, index.table, index.expr)) conditions.push(matchRowids(sql`"nfts"."rowid"`, index.table, index.expr));
  }
  return csvResponse<CreatedCursor>(exportFilename('nfts'), nftExportHeader, (cursor) => {
    const after = cursor ? sql`(${nfts.createdAt}, ${nfts.id}) < (${cursor.at}, ${cursor.id})` : undefined;
    const rows = db
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
      .where(and(...conditions, after))
      .orderBy(desc(nfts.createdAt), desc(nfts.id))
      .limit(EXPORT_CHUNK)
      .all();
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
