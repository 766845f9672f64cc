/**
 * A user's search term as a `LIKE ? ESCAPE '\'` pattern that matches it anywhere in the text, with
 * `%`, `_` and `\` taken literally. The same on both engines (each writes `escape '\\'`).
 */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
