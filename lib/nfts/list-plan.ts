import type { ListNftsQuery } from './schemas';

const bySort = {
  createdAt: 'created',
  updatedAt: 'updated',
  name: 'name',
  status: 'status',
  mintedAt: 'minted',
  supply: 'supply',
} as const satisfies Record<ListNftsQuery['sortBy'], string>;

/**
 * The covering index A5 walks for a page: (organization[, filter], sort, id) — see db/schema.ts.
 * Named explicitly (INDEXED BY): on a million rows that all share one organization, SQLite's
 * planner has no statistics to tell these indexes apart and may pick one that needs a full
 * sort; the name makes the plan deterministic and a missing index an error, not a slow query.
 */
export function pageIndex(q: Pick<ListNftsQuery, 'status' | 'contractId' | 'copyrightStatus' | 'sortBy'>): string {
  const sort = bySort[q.sortBy];
  // A contract holds hundreds of NFTs: its rows are found by index and sorted.
  if (q.contractId) return 'nfts_org_contract_id_idx';
  if (q.status) {
    if (sort === 'status') return 'nfts_org_status_only_id_idx';
    return sort === 'created' ? 'nfts_org_status_id_idx' : `nfts_org_status_${sort}_id_idx`;
  }
  if (q.copyrightStatus) return `nfts_org_copyright_${sort}_id_idx`;
  if (sort === 'status') return 'nfts_org_status_only_id_idx';
  return sort === 'created' ? 'nfts_org_created_idx' : `nfts_org_${sort}_id_idx`;
}
