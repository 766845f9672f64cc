import { sql } from 'drizzle-orm';
import { requiredEq, andedLeaves, type CompiledSearch } from '../../nft-search';
import { isShortTerm } from '../search/terms';
import type { Handle } from './paging';

/*
 * Totals of one- and two-character searches read off stored counts (db/migrations-pg/0020_short_term_counts.sql):
 * list_counts holds, per (gram, status), how many NFTs have the gram in their searched text, kept
 * by the NFTs' counting trigger in the write's own transaction — so exact in any write generation,
 * however many rows hold the term (a common one is in most).
 */

type TermList = 'nft_terms_a' | 'nft_terms_b1';

/** The NFTs of the organization (of one status, or any) whose `list` text holds `gram`. */
async function termTotal(db: Handle, organizationId: string, list: TermList, gram: string, status: string | null): Promise<number> {
  const { rows } = await db.execute<{ n: string | null }>(
    sql`select sum(n) as n from list_counts where organization_id = ${organizationId} and list = ${list} and k1 = ${gram}${status === null ? sql`` : sql` and k2 = ${status}`}`,
  );
  return Number(rows[0]!.n ?? 0);
}

/**
 * A5's total for a search of one or two characters (`folded`: ASCII-lowered, as LIKE compares),
 * alone or with a status filter; null for a longer term or any other filter (the caller counts).
 */
export function a5ShortTermTotal(db: Handle, organizationId: string, folded: string, filters: { status?: string; contractId?: string; copyrightStatus?: string }): Promise<number> | null {
  if (!isShortTerm(folded) || filters.contractId || filters.copyrightStatus) return null;
  return termTotal(db, organizationId, 'nft_terms_a', folded, filters.status ?? null);
}

/** Digits and the characters of a date's text: a term of only these may be part of a number or a date. */
const NUMBER_OR_DATE = /^[0-9:.tz-]+$/;

/**
 * B1's total for a plain keyword of one or two characters (every keyword field, as `keyword` reads
 * them), alone or AND-ed with `status eq`; null for any other search. The stored grams hold the
 * text fields and the booleans' texts — not numbers or dates, so a term that could be part of one
 * is counted by the caller; nor a line feed, which joins the other text fields in the stored text.
 */
export function b1ShortTermTotal(db: Handle, organizationId: string, search: CompiledSearch): Promise<number> | null {
  if (search.keywords.length !== 1 || search.smartContractId) return null;
  const [{ fields, keyword }] = search.keywords as [CompiledSearch['keywords'][number]];
  if (!isShortTerm(keyword) || keyword.includes('\n') || NUMBER_OR_DATE.test(keyword)) return null;
  const everyField = fields.length === search.keywordFields.length && search.keywordFields.every((f) => fields.includes(f));
  if (!everyField) return null;
  const leaves = andedLeaves(search.filter);
  if (!leaves || leaves.length > 1) return null;
  const status = requiredEq(search.filter, 'status');
  if (leaves.length === 1 && !status) return null;
  return termTotal(db, organizationId, 'nft_terms_b1', keyword, status ? String(status.value) : null);
}
