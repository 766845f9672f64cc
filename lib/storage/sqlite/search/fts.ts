import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { computeFoldExceptions } from '@/lib/storage/sqlite/fold-check';
import { cachedValue } from './count-cache';
import { searchTuning } from './tuning';

/**
 * Substring search through the FTS5 trigram indexes (db/migrations/*_search_fts.sql).
 *
 * The index only narrows the candidates: a MATCH of the term as a phrase finds every row whose
 * text contains the term under the tokenizer's case folding. The caller still applies the
 * original predicate (SQL LIKE for Family A, JavaScript-style folding for Family B) to those
 * candidates, so results are identical to a full scan. That needs the index to find a superset:
 *  - Family A `LIKE` folds ASCII letters only; the tokenizer folds those too, so a LIKE match is
 *    always an index match.
 *  - Family B folds like JavaScript's toLowerCase. The tokenizer folds the same pairs except the
 *    ones computeFoldExceptions() finds (checked at first use against the linked SQLite); a term
 *    containing one of those, or U+0307, is not searched through the index. A trailing "i" is
 *    dropped from the phrase because JavaScript lowers "İ" to "i" + U+0307.
 * Terms shorter than three characters have no trigram; those (and the exceptions) return null
 * and the caller scans, walking the sort index so a page stops as soon as it is full.
 */

let exceptions: Set<string> | undefined;
function foldExceptions() {
  exceptions ??= computeFoldExceptions();
  return exceptions;
}

const COMBINING_DOT_ABOVE = '\u0307';

/** The quoted FTS5 phrase for `term`, or null when the index cannot answer it (see above). */
export function ftsPhrase(term: string, family: 'A' | 'B'): string | null {
  let chars = [...term];
  if (family === 'B') {
    if (chars.includes(COMBINING_DOT_ABOVE)) return null;
    const unsafe = foldExceptions();
    if (chars.some((c) => unsafe.has(c))) return null;
    if (chars[chars.length - 1] === 'i') chars = chars.slice(0, -1);
  }
  if (chars.length < 3) return null;
  return `"${chars.join('').replaceAll('"', '""')}"`;
}

/** `{col1 col2}: "phrase"` — an FTS5 column filter around a phrase. */
export function columnMatch(columns: readonly string[], phrase: string): string {
  return `{${columns.join(' ')}}: ${phrase}`;
}

/** `rowidColumn IN (rowids of table matching expr)` for a WHERE clause. */
export function matchRowids(rowidColumn: SQL, table: string, expr: string): SQL {
  return sql`${rowidColumn} in (select rowid from ${sql.identifier(table)} where ${sql.identifier(table)} match ${expr})`;
}

/**
 * Rare or common? The index answers a rare term's page cheaply (few candidates to sort); a common
 * term is cheaper by walking the sort index and testing each row, which stops when the page is
 * full. Probing at most `limit` (default `searchTuning.commonHits`) rowids keeps the decision bounded.
 */
export function isCommon(db: Pick<Db, 'get'>, table: string, expr: string, limit = searchTuning.commonHits): boolean {
  return hitCount(db, table, expr, limit) >= limit;
}

/**
 * isCommon for one organization's search, asked once per write generation (count-cache.ts): a B1
 * page led by status asks it for every status's total and page. The probe counts every
 * organization's rows, the generation moves with this one's writes only: an answer another
 * tenant's writes make stale chooses a plan, not an answer (both plans are exact).
 */
export function isCommonFor(db: Db, organizationId: string, table: string, expr: string): boolean {
  const limit = searchTuning.commonHits;
  return cachedValue(db, organizationId, `common|${limit}|${table}|${expr}`, () => isCommon(db, table, expr, limit));
}

/** How many rows of FTS table `table` match `expr`, counting at most `limit`. */
export function hitCount(db: Pick<Db, 'get'>, table: string, expr: string, limit: number): number {
  const t = sql.identifier(table);
  return db.get<{ n: number }>(sql`select count(*) as "n" from (select rowid from ${t} where ${t} match ${expr} limit ${limit})`)?.n ?? 0;
}

/**
 * The FTS5 expression of an A5 filter value in `search_nfts`'s `facets` column (written by
 * lib/storage/sqlite/search/derived.ts facetsSql and migration 0027's triggers): one trigram, the
 * value's first letter after U+E000 U+E001 (status) or U+E000 U+E002 (copyright status). The first
 * letters of each kind's values are distinct (fts.test.ts).
 */
export function facetPhrase(kind: 'status' | 'copyright', value: string): string {
  return `{facets}: "\u{e000}${kind === 'status' ? '\u{e001}' : '\u{e002}'}${value[0]!}"`;
}
