import { sql } from 'drizzle-orm';
import { nftStatuses } from '@/db/enums';
import { RANGE_COMPARISONS, statusAndRange, type CompiledSearch } from '../../nft-search';
import type { Handle } from './paging';

/** Tuning: the most (status, supply) shard rows a supply total reads before the search is counted instead. */
export const supplyCountTuning = { maxRows: 20_000 };

/**
 * The exact total of a B1 search whose whole criterion is a supply range, alone or AND-ed with
 * `status eq` (statusAndRange), summed over the 'nft_supply' keys of list_counts — one per
 * (status, supply), kept by the NFTs' counting trigger in the write's own transaction
 * (db/migrations-pg/0016_supply_counts.sql), so exact in any generation — or null for any other
 * search, or when the organization's (status) keys span more than `supplyCountTuning.maxRows` shard
 * rows (the caller then counts the rows).
 */
export async function supplyRangeTotal(db: Handle, organizationId: string, search: CompiledSearch): Promise<number | null> {
  const shape = statusAndRange(search);
  if (!shape || shape.field.name !== 'supply') return null;
  const statuses = shape.status === null ? nftStatuses : [shape.status];
  const { rows } = await db.execute<{ n: string | null; rows: string }>(
    sql`select sum(n) filter (where k2::numeric ${sql.raw(RANGE_COMPARISONS[shape.operator])} ${shape.bound}::numeric) as n, count(*) as rows from (
          select n, k2 from list_counts where organization_id = ${organizationId} and list = 'nft_supply' and k1 in ${statuses}
          limit ${supplyCountTuning.maxRows + 1}) as keys`,
  );
  if (Number(rows[0]!.rows) > supplyCountTuning.maxRows) return null;
  return Number(rows[0]!.n ?? 0);
}
