/**
 * The short-term index (`search_nfts_short`, db/migrations/0014_short_terms.sql): every distinct
 * one- and two-character substring of an NFT's name and of its description, under LIKE's case
 * folding (ASCII letters only), written as one token each. The trigram index cannot answer terms
 * shorter than three characters; this one answers them exactly:
 *
 *   name LIKE '%t%' OR description LIKE '%t%'   ⇔   the row holds the token shortTermToken(t)
 *
 * for every term of one or two characters (code points, as LIKE counts them): LIKE compares
 * characters with ASCII letters case-folded and everything else as is, and so does asciiLower.
 * Grams are taken from each value on its own, so none spans two fields.
 *
 * Tokens are ASCII so that FTS5's `ascii` tokenizer keeps each one whole: `u<hex>` for one
 * character, `b<hex>x<hex>` for two (hex code points; `x` is not a hex digit, so no two grams share
 * a token).
 */

const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
const hex = (c: string) => c.codePointAt(0)!.toString(16);

function gramToken(chars: readonly string[]): string {
  return chars.length === 1 ? `u${hex(chars[0]!)}` : `b${hex(chars[0]!)}x${hex(chars[1]!)}`;
}

function gramsOf(values: readonly unknown[], lower: (text: string) => string): string {
  const tokens = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const chars = Array.from(lower(value));
    for (let i = 0; i < chars.length; i++) {
      tokens.add(gramToken([chars[i]!]));
      if (i + 1 < chars.length) tokens.add(gramToken([chars[i]!, chars[i + 1]!]));
    }
  }
  return [...tokens].join(' ');
}

/**
 * The space-separated tokens of every distinct one- and two-character substring of each value
 * (NULL and non-text values hold none): what the triggers store for a row (`cl2c_short_grams`).
 */
export function shortGrams(...values: unknown[]): string {
  return gramsOf(values, asciiLower);
}

/** The token of a term of one or two code points, or null for any other length. */
function termToken(term: string): string | null {
  const chars = Array.from(term);
  return chars.length === 1 || chars.length === 2 ? gramToken(chars) : null;
}

/** The FTS5 query for a term of one or two characters, or null for any other length. */
export function shortTermToken(term: string): string | null {
  return termToken(asciiLower(term));
}

/*
 * B1's short-term index (`search_nfts_b1_short`, db/migrations/0015_b1_short_terms.sql): the same
 * tokens, but of each value folded the way B1 folds (JavaScript's toLowerCase), over the text of
 * every field B1's `keyword` reads (lib/nft-search/fields.ts: strings, and numbers, booleans and
 * dates as the keyword search formats them) — all of an NFT's values in one token set. So for a
 * keyword k (already lower-cased) of one or two code points:
 *
 *   some keyword field's folded text contains k   ⇔   the row holds the token b1TermToken(k)
 *
 * which decides `keyword` (and `advancedSearch` over all keyword fields) exactly, and finds a
 * superset for a narrower field list or a contains/startswith/endswith filter.
 */
const jsLower = (text: string) => text.toLowerCase();

/** The tokens `cl2c_b1_grams` stores for a row: grams of every value, each folded like JavaScript. */
export function b1Grams(...values: unknown[]): string {
  return gramsOf(values, jsLower);
}

/** The FTS5 token for a B1 term (already lower-cased) of one or two code points, else null. */
export function b1TermToken(folded: string): string | null {
  return termToken(folded);
}

/**
 * The token of an A5 filter value in `search_nfts_short`: `s` + the status, `c` + the copyright
 * status, lower-cased (written by lib/storage/sqlite/derived-writes.ts shortGramsSql). A gram's
 * token begins with `u` or `b`: the two never meet.
 */
export function filterToken(kind: 'status' | 'copyright', value: string): string {
  return `${kind === 'status' ? 's' : 'c'}${value.toLowerCase()}`;
}
