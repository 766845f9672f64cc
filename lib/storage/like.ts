import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

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
