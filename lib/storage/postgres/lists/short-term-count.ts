import { sql } from 'drizzle-orm';
import { isShortTerm } from '../search/terms';
import type { Handle } from './paging';

/*
 * Totals of one- and two-character searches read off stored counts (db/migrations-pg/0020 and
 * 0021_short_term_counts*.sql): list_counts holds, per gram, how many NFTs have it in their searched
 * text, kept by the NFTs' counting trigger in the write's own transaction — so exact in any write
 * generation, however many rows hold the term (a common one is in most). Not per status: a status
 * change would move every gram key of the NFT; a short term under a filter is counted by the caller.
 */

type TermList = 'nft_terms_a' | 'nft_terms_b1';

/** The organization's NFTs whose `list` text holds `gram`. */
async function termTotal(db: Handle, organizationId: string, list: TermList, gram: string): Promise<number> {
  const { rows } = await db.execute<{ n: string | null }>(
    sql`select sum(n) as n from list_counts where organization_id = ${organizationId} and list = ${list} and k1 = ${gram} and k2 = ''`,
  );
  return Number(rows[0]!.n ?? 0);
}

/**
 * A5's total for a search of one or two characters alone (`folded`: ASCII-lowered, as LIKE
 * compares); null for a longer term or with any filter (the caller counts).
 */
export function a5ShortTermTotal(db: Handle, organizationId: string, folded: string, filters: { status?: string; contractId?: string; copyrightStatus?: string }): Promise<number> | null {
  if (!isShortTerm(folded) || filters.status || filters.contractId || filters.copyrightStatus) return null;
  return termTotal(db, organizationId, 'nft_terms_a', folded);
}

/**
 * B1's total for a plain keyword of one or two characters (`keyword`: lower-cased, as B1 compares)
 * over the text fields and the booleans' texts; which searches it answers: nft-search.ts
 * b1ShortTermTotal.
 */
export function b1KeywordTermTotal(db: Handle, organizationId: string, keyword: string): Promise<number> {
  return termTotal(db, organizationId, 'nft_terms_b1', keyword);
}
