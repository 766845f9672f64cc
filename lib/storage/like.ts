import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { processEngine } from './engine';

/**
 * A user's search term as a `LIKE ? ESCAPE '\'` pattern that matches it anywhere in the text, with
 * `%`, `_` and `\` taken literally. The same on both engines (each writes `escape '\\'`).
 */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `term` found anywhere in any of `columns`: `(c1 LIKE p ESCAPE '\' OR c2 LIKE p …)`, on both engines. */
export function containsAny(term: string, columns: SQLWrapper[]): SQL {
  const pattern = likePattern(term);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** SQLite LIKE's folding (ASCII letters only), as PostgreSQL's cl2c_ascii_lower does it in SQL. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

/**
 * A Family A search of `term` in any of `columns` (DESIGN: "contains", ASCII letters case-folded,
 * `%` and `_` literal), on the engine of this process: SQLite's LIKE folds ASCII letters itself;
 * PostgreSQL's LIKE is case-sensitive, so both sides go through cl2c_ascii_lower
 * (db/migrations-pg/0001_search.sql). For the small lists that search without a search structure
 * (API keys, the Outbox, NFT holders); the large lists have their engine's list module.
 */
export function matchesSearch(term: string, columns: SQLWrapper[]): SQL {
  if (processEngine() === 'sqlite') return containsAny(term, columns);
  return containsAny(
    asciiLower(term),
    columns.map((c) => sql`cl2c_ascii_lower(${c})`),
  );
}

/**
 * The smallest string greater than every string that starts with `prefix` where text compares by
 * code point, as UTF-8 bytes (SQLite; PostgreSQL under COLLATE "C"): the prefix with its last code
 * point incremented, or null when no such string exists (the prefix is all U+10FFFF).
 */
export function prefixUpperBound(prefix: string): string | null {
  const cps = [...prefix].map((c) => c.codePointAt(0)!);
  while (cps.length) {
    const last = cps.pop()!;
    if (last < 0x10ffff) {
      cps.push(last === 0xd7ff ? 0xe000 : last + 1);
      return String.fromCodePoint(...cps);
    }
  }
  return null;
}
