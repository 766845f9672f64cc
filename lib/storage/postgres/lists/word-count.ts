import { sql } from 'drizzle-orm';
import { likePattern } from '../../like';
import type { CountGroup, Handle } from './paging';

/*
 * Totals of longer search terms read off the stored per-word counts of db/migrations-pg/0024 and
 * 0025 (list_counts keys `nft_words_a` / `nft_words_b1` / `nft_words_b1_name`, kept by the NFTs'
 * word trigger in the write's own transaction). A word is a run of the folded text between ASCII
 * punctuation, spaces and controls; a term made of word characters only lies inside one word
 * wherever it occurs, so when exactly one stored word contains the term, the rows holding the term
 * are that word's rows — counted per status and copyright without reading a row. Any other term is
 * counted by the caller.
 */

export type WordList = 'nft_words_a' | 'nft_words_b1' | 'nft_words_b1_name';

/** Characters a stored word is made of: all but ASCII punctuation, spaces and controls (cl2c_words). */
const WORD = /^[0-9A-Za-z\u0080-\uD7FF\uE000-\u{10FFFF}]+$/u;
/** What a hexadecimal string could hold; words like these are not stored (numbers, hashes, addresses). */
const HEX_PART = /^(0?x)?[0-9a-f]*$/;

/** Does the stored word count decide `folded` (the term as the list folds it)? */
export function isWordTerm(folded: string): boolean {
  return Array.from(folded).length >= 3 && WORD.test(folded) && !HEX_PART.test(folded);
}

/**
 * More stored keys than this for one term (each word has up to 8 shards × its status/copyright
 * groups): too many words hold it to decide, the caller counts.
 */
const MAX_KEYS = 400;

/**
 * The term's rows per (status, copyright) group — `[status, copyright_status]` for A5,
 * `[status, copyrighted]` for B1's, as countGroups keys them — when the stored words decide it: none
 * (no row holds it) or exactly one word holds it. Null otherwise.
 */
export async function wordGroups(db: Handle, organizationId: string, list: WordList, folded: string): Promise<CountGroup[] | null> {
  if (!isWordTerm(folded)) return null;
  // The list as a literal: the words' trigram index is partial on it. The keys are read through a
  // materialized CTE, planned without the limit: under a limit the planner read the organization's
  // keys in order hoping to meet enough matches early (`eie`: every word of a million NFTs, 148 ms;
  // through the index, 4 ms).
  const { rows } = await db.execute<{ k1: string; k2: string; n: string }>(
    sql`with words as materialized (select k1, k2, n from list_counts where organization_id = ${organizationId}
      and list = ${sql.raw(`'${list}'`)} and k1 like ${likePattern(folded)} escape '\\')
      select k1, k2, n from words limit ${MAX_KEYS + 1}`,
  );
  if (rows.length > MAX_KEYS) return null;
  const byWord = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const groups = byWord.get(r.k1) ?? new Map<string, number>();
    groups.set(r.k2, (groups.get(r.k2) ?? 0) + Number(r.n));
    byWord.set(r.k1, groups);
  }
  // A word whose rows were all deleted keeps its keys at zero.
  const held = [...byWord.values()].filter((groups) => [...groups.values()].some((n) => n !== 0));
  if (held.length > 1) return null;
  return [...(held[0] ?? new Map<string, number>())]
    .filter(([, n]) => n !== 0)
    .map(([k2, n]) => {
      const [status, copyright] = k2.split(' ') as [string, string];
      return { key: [status, list === 'nft_words_a' ? copyright : copyright === 'true'], n };
    });
}
