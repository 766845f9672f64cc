import type { SQL } from 'drizzle-orm';
import { requiredEq, requiredLeaves } from '../../nft-search';
import type { SqlSearch as CompiledSearch } from './columns';
import { leafSql } from './sql';

/**
 * Which index a B1 page walks (`nfts INDEXED BY …`). Left to itself SQLite may pick any
 * (organization, …) index — e.g. one created after the last ANALYZE looks cheapest — and then sort
 * the whole tenant. Every index here is (organization_id[, filter], sort, id), so the order
 * `sort, id` (id in the same direction, sql.ts orderKeysSql) is an index range.
 */
const bySort: Record<string, string> = {
  status: 'nfts_org_status_only_id_idx',
  createdAt: 'nfts_org_created_idx',
  updatedAt: 'nfts_org_updated_id_idx',
  mintedAt: 'nfts_org_minted_id_idx',
  supply: 'nfts_org_supply_id_idx',
  tokenId: 'nfts_b1_token_id_idx',
  name: 'nfts_b1_name_fold_id_idx',
  smartContractName: 'nfts_b1_contract_name_fold_id_idx',
};

/** (organization, status, sort, id) indexes: a top-level `status eq` filter with that sort. */
const byStatusAndSort: Record<string, string> = {
  createdAt: 'nfts_org_status_id_idx',
  updatedAt: 'nfts_org_status_updated_id_idx',
  mintedAt: 'nfts_org_status_minted_id_idx',
  supply: 'nfts_org_status_supply_id_idx',
  status: 'nfts_org_status_only_id_idx',
  name: 'nfts_b1_status_name_fold_id_idx',
  tokenId: 'nfts_b1_status_token_id_idx',
  smartContractName: 'nfts_b1_status_contract_name_fold_id_idx',
};

/** (organization, contract, createdAt, id): a contract's rows. */
export const contractIndex = 'nfts_org_contract_id_idx';

/** (organization, copyrighted, createdAt, id): a top-level `copyrighted eq` filter in the default order. */
export const byCopyrighted = 'nfts_b1_copyrighted_created_idx';

/**
 * The copyrighted NFTs alone (partial: `copyrighted = 1`), with every B1 sort key: a sparse
 * `copyrighted eq true` filter's rows sorted in any order without looking a row up
 * (lib/storage/sqlite/lists/nft-search.ts sparseFilter). Usable only by a query that states
 * `"nfts"."copyrighted" = 1` as written.
 */
export const byCopyrightedSorts = 'nfts_b1_copyrighted_sorts_idx';

/**
 * The index for the walk: a required name equality/prefix reads its (organization, name fold)
 * range; a contract filter its (organization, contract, createdAt) range; a required status
 * equality its (organization, status, sort) index where there is one; a required copyrighted
 * equality in createdAt order its (organization, copyrighted, createdAt) index; otherwise the first
 * sort key's (organization, key, id) index. Null: no suitable index, the planner decides.
 */
export function walkIndex(compiled: CompiledSearch): string | null {
  const sort = compiled.orderBy[0]?.field.name ?? 'createdAt';
  const leaves = requiredLeaves(compiled.filter);
  const has = (field: string, operators: string[]) => leaves.some((l) => l.field.name === field && operators.includes(l.operator) && l.value !== null);
  if (has('name', ['eq', 'startswith'])) return bySort.name!;
  if (compiled.smartContractId) return contractIndex;
  if (has('status', ['eq']) && byStatusAndSort[sort]) return byStatusAndSort[sort];
  if (has('copyrighted', ['eq']) && sort === 'createdAt') return byCopyrighted;
  return bySort[sort] ?? null;
}

/**
 * The conditions of a walk that its index orders by (organization, contract, a required status
 * or copyrighted equality where walkIndex reads its index): the rows a bounded walk counts its budget over
 * (lib/storage/sqlite/search/paging.ts boundedPageIds) — the index's own range, so finding the bound is one
 * skip over index entries. Null where the walk reads a name range (a name equality or prefix
 * filter already bounds it).
 */
export function walkBase(compiled: CompiledSearch, base: SQL[]): SQL[] | null {
  const index = walkIndex(compiled);
  const leaves = requiredLeaves(compiled.filter);
  if (!index || leaves.some((l) => l.field.name === 'name' && ['eq', 'startswith'].includes(l.operator) && l.value !== null)) return null;
  if (compiled.smartContractId) return base;
  const status = requiredEq(compiled.filter, 'status');
  if (status && index === byStatusAndSort[compiled.orderBy[0]?.field.name ?? 'createdAt']) return [...base, leafSql(status)];
  const copyrighted = requiredEq(compiled.filter, 'copyrighted');
  if (copyrighted && index === byCopyrighted) return [...base, leafSql(copyrighted)];
  return base;
}

/**
 * The (organization[, status], field, id) index over which a range of a NOT NULL field (beside an
 * optional `status eq`) is counted as index entries (range-count.ts, residualCount), or null where
 * there is none.
 */
export function rangeIndex(range: { status: string | null; field: { name: string; notNull?: boolean } }): string | null {
  if (!range.field.notNull) return null;
  return (range.status !== null ? byStatusAndSort : bySort)[range.field.name] ?? null;
}
