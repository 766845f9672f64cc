import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { cachedValue } from './count-cache';
import { readCounter } from './counters';
import { searchTuning } from './tuning';

type Reader = Pick<Db, 'get'>;

/** ASCII only: the terms whose trigram-index matches equal LIKE's and B1's (see below). */
export const isAsciiTerm = (term: string) => /^[\x00-\x7f]*$/.test(term);

/**
 * Whether any NFT waits for the engine's derived writes — only a row another tool wrote, since the
 * app writes them before it commits (lib/storage/sqlite/derived-writes.ts): its `fold_unsafe` is
 * not computed yet, so `nfts:fold_unsafe` cannot vouch for the organization.
 */
const anyPending = (db: Reader) => db.get<{ n: number }>(sql`select 1 as "n" from "search_nfts_pending" limit 1`) !== undefined;

/**
 * Whether `index`'s matches of an ASCII term (any term in a short-term index) are exactly the
 * organization's NFTs its predicate selects (see organizationFtsCount): the short-term indexes fold
 * exactly as LIKE / B1 do (lib/storage/sqlite/grams.ts), with no exception to rule out; the trigram
 * index while no NFT of the organization holds a character a fold turns into ASCII and none waits
 * for its derived data.
 */
export function indexDecides(db: Reader, organizationId: string, index: 'search_nfts' | 'search_nfts_short' | 'search_nfts_b1_short'): boolean {
  return index !== 'search_nfts' || (readCounter(db, organizationId, 'nfts:fold_unsafe') === 0 && !anyPending(db));
}

/**
 * The exact number of the organization's NFTs that `expr` (an FTS5 expression over
 * `search_nfts`) matches — read off the trigram index alone, with no row looked up — or null when
 * that would not be exact or not cheaper. The caller vouches that for its search the index
 * decides exactly (an ASCII term as a full phrase, over the very fields its predicate reads);
 * then an NFT whose text holds no character that a fold turns into ASCII
 * (lib/storage/sqlite/fold-check.ts computeAsciiFoldingChars) matches the index exactly when it matches
 * the predicate. So this answers only while the organization has no such NFT
 * (`nfts:fold_unsafe` = 0, kept by triggers in the same transaction as every write), and counts
 * every match minus those of other organizations' NFTs — which it looks up one by one, so only
 * when other organizations hold no more NFTs than this one. A common term's total then costs one
 * sequential pass over its index entries instead of one row lookup per match. `index` 'search_nfts_short' / 'search_nfts_b1_short': a one- or
 * two-character term's token in a short-term index, which decides A5's LIKE / B1's keyword exactly
 * for any such term (lib/storage/sqlite/grams.ts). `within`: count only the rows a second index's
 * expression also matches (a short keyword's token beside a filter's trigram phrase), both indexes
 * deciding their own part exactly.
 */
export function organizationFtsCount(
  db: Reader,
  organizationId: string,
  expr: string,
  index: FtsIndex = 'search_nfts',
  within?: { expr: string; index: FtsIndex },
): number | null {
  // Once per write generation: a B1 total and the question whether a keyword holds in every NFT
  // (lib/storage/sqlite/lists/nft-search.ts keywordsHoldEverywhere) count the same expression.
  const key = `fts-count|${index}|${expr}|${within ? `${within.index}|${within.expr}` : ''}`;
  return cachedValue(db, organizationId, key, () => countMatches(db, organizationId, expr, index, within));
}

function countMatches(db: Reader, organizationId: string, expr: string, index: FtsIndex, within?: { expr: string; index: FtsIndex }): number | null {
  if (!indexDecides(db, organizationId, index) || (within && !indexDecides(db, organizationId, within.index))) return null;
  const own = readCounter(db, organizationId, 'nfts');
  const all = db.get<{ n: number }>(sql`select coalesce(sum("n"), 0) as "n" from "search_counters" where "name" = 'nfts'`)?.n ?? 0;
  if (all - own > own) return null;
  const table = sql.identifier(index);
  // Among a second index's matches too: read as a list (an FTS5 table given `rowid IN (…)` looks
  // each rowid up — seconds for ~100k), the first index's matches a co-routine (LIMIT -1 keeps the
  // IN from being pushed into it).
  const other = within ? sql.identifier(within.index) : null;
  const rows = other
    ? sql`(select rowid as "r" from ${table} where ${table} match ${expr} limit -1) where "r" in (select rowid from ${other} where ${other} match ${within!.expr})`
    : sql`(select rowid as "r" from ${table} where ${table} match ${expr})`;
  const matches = () => db.get<{ n: number }>(sql`select count(*) as "n" from ${rows}`)?.n ?? 0;
  if (all === own) return matches();
  if (all - own <= searchTuning.ftsCountLookups) {
    // A few NFTs elsewhere (a demo organization beside the one in use): every match counted, less
    // those of the other organizations' rows, each looked up in the index by its rowid (~5 µs) —
    // testing every match against their list tripled the count (`o` in A5, 891k matches: 27 → 80
    // ms at a million NFTs).
    const lookedUp = (t: ReturnType<typeof sql.identifier>, e: string) => sql` cross join ${t} on ${t}."rowid" = "nfts"."rowid" and ${t} match ${e}`;
    const elsewhere = db.get<{ n: number }>(sql`select count(*) as "n" from "nfts" indexed by "nfts_org_created_idx"${lookedUp(table, expr)}${
      other ? lookedUp(other, within!.expr) : sql``
    } where "nfts"."organization_id" < ${organizationId} or "nfts"."organization_id" > ${organizationId}`);
    return matches() - (elsewhere?.n ?? 0);
  }
  // Other organizations' matches are counted in the same pass over the matches: their rowids (no
  // more than this organization's) are one list, built once.
  const counted = db.get<{ n: number; elsewhere: number }>(sql`select count(*) as "n", coalesce(sum("r" in (
      select rowid from "nfts" indexed by "nfts_org_created_idx" where "organization_id" < ${organizationId}
      union all select rowid from "nfts" indexed by "nfts_org_created_idx" where "organization_id" > ${organizationId})), 0) as "elsewhere"
    from ${rows}`);
  return (counted?.n ?? 0) - (counted?.elsewhere ?? 0);
}

type FtsIndex = 'search_nfts' | 'search_nfts_short' | 'search_nfts_b1_short';
