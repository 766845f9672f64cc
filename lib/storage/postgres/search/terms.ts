import { sql, type SQL } from 'drizzle-orm';
import { asciiLower, containsAny } from '../../like';

/**
 * How a search term meets the PostgreSQL search structures (db/migrations-pg/0001_search.sql).
 * Family A compares like SQLite's LIKE (ASCII letters case-folded only), Family B like JavaScript
 * (`toLowerCase` on both sides, then "contains"); in both, `%` and `_` are literal.
 */
export type Semantics = 'A' | 'B';

/** The term as the compared expressions hold it: ASCII-lowered (A) or JavaScript-lowered (B). */
export const foldTerm = (term: string, semantics: Semantics) => (semantics === 'A' ? asciiLower(term) : term.toLowerCase());

/**
 * The short-term index answers a term of one or two characters (code points, as PostgreSQL's
 * substr counts them): cl2c_grams holds every such substring of the row's folded text, so
 * membership decides "contains" exactly where a trigram index cannot help.
 */
export const isShortTerm = (folded: string) => {
  const n = Array.from(folded).length;
  return n === 1 || n === 2;
};

/**
 * How a match is tested: `index` as the search indexes hold it (the planner narrows through them),
 * `row` on one row at a time (a walk of a sort index testing each row it passes).
 */
export type MatchForm = 'index' | 'row';

/**
 * The match of a folded term against folded expressions: through the gram array for a short term
 * (exact; its GIN index narrows), else `LIKE` on each expression (pg_trgm's GIN index on exactly
 * those expressions narrows; LIKE decides). In `row` form always `LIKE`, exact at any length: a
 * row's gram array is built by a loop over its text, dear to compute for every row a walk passes.
 */
export function matchSql(folded: string, expressions: SQL[], grams: SQL, form: MatchForm = 'index'): SQL {
  if (form === 'index' && isShortTerm(folded)) return sql`${grams} @> array[${folded}]::text[]`;
  return containsAny(folded, expressions);
}

/** Page by offset in (created_at, id) order — the lists' default order. */
export type PageRequest = { limit: number; offset: number; order: 'asc' | 'desc' };
