import { andedLeaves } from '../../nft-search';
import { facetPhrase, ftsPhrase } from '../search/fts';
import { b1TermToken, filterToken } from '../grams';
import { isAscii, type SearchField, type SqlFilterNode as FilterNode, type SqlSearch as CompiledSearch } from './columns';
import { mayMatchNonText } from './sql';

/*
 * Which FTS5 index narrows a B1 search (the trigram index `search_nfts`, or for one- and
 * two-character terms B1's short-term index), with its MATCH expression.
 */

/**
 * An FTS5 expression whose matches are a superset of the rows the keyword criteria select, or
 * null when one criterion cannot be answered by the trigram index (short term, a character the
 * tokenizer folds differently, or a term that could match a field outside the index: a
 * number/date/boolean, or an id/enum named in advancedSearch.fields).
 */
function keywordFts(keywords: CompiledSearch['keywords']): string | null {
  if (!keywords.length) return null;
  const parts: string[] = [];
  for (const { fields, keyword } of keywords) {
    // Every field that may match must be in the index (ids and enums, numbers, dates are not).
    if (fields.some((f) => !f.fts && mayMatchNonText(f, keyword))) return null;
    const columns = fields.flatMap((f) => (f.fts ? [f.fts] : []));
    if (!columns.length) return null;
    const phrase = ftsPhrase(keyword, 'B');
    if (!phrase) return null;
    parts.push(`({${columns.join(' ')}}: ${phrase})`);
  }
  return parts.join(' OR ');
}

/**
 * An FTS5 expression every row selected by the filter tree matches (a superset), or null: a
 * `contains`/`startswith`/`endswith` leaf on an indexed string field requires its term
 * (`leafExpr`: the term's expression in one index, or null where that index cannot answer it); an
 * AND group requires what any child requires; an OR group requires one of its children's (only
 * when every child requires something); xor requires nothing.
 */
function filterFts(node: FilterNode | null, leafExpr: (field: SearchField, term: string) => string | null, status: StatusExpr | null): string | null {
  if (!node) return null;
  if (node.kind === 'leaf') {
    const { field, operator, value } = node;
    if (status && isStatusEq(node)) return status(value as string);
    if (field.type !== 'string' || typeof value !== 'string' || !['contains', 'startswith', 'endswith'].includes(operator)) return null;
    return leafExpr(field, value);
  }
  const parts = node.filters.map((child) => filterFts(child, leafExpr, status));
  if (node.logic === 'and') {
    const required = parts.filter((p): p is string => p !== null);
    return required.length ? `(${required.join(' AND ')})` : null;
  }
  if (node.logic === 'or' && parts.every((p) => p !== null)) return `(${parts.join(' OR ')})`;
  return null;
}

/** `status eq <value>`: B1's enum filter, its value one of the statuses exactly (lib/nft-search/filter.ts convertValue). */
const isStatusEq = (node: FilterNode): boolean =>
  node.kind === 'leaf' && node.field.name === 'status' && node.operator === 'eq' && typeof node.value === 'string';

/**
 * A status as an index holds it: in the trigram index's `facets` column (fts.ts facetPhrase), in
 * B1's short-term index as a token (grams.ts filterToken). Only beside a term: a status alone is
 * not searched through an index.
 */
type StatusExpr = (status: string) => string;
const trigramStatus: StatusExpr = (status) => `(${facetPhrase('status', status)})`;
const shortStatus: StatusExpr = (status) => `"${filterToken('status', status)}"`;

/** The filter's expression with its status terms where the filter (or the keywords) also holds a term, else without. */
function filterWithStatus(node: FilterNode | null, leafExpr: (field: SearchField, term: string) => string | null, status: StatusExpr, hasKeywords: boolean): string | null {
  const terms = filterFts(node, leafExpr, null);
  return terms || hasKeywords ? filterFts(node, leafExpr, status) : null;
}

/** A filter term in the trigram index: a phrase in the field's own column. */
function trigramLeaf(field: SearchField, term: string): string | null {
  const phrase = field.fts ? ftsPhrase(term, 'B') : null;
  return phrase ? `({${field.fts}}: ${phrase})` : null;
}

/**
 * A filter term of one or two characters in B1's short-term index (lib/storage/sqlite/grams.ts): its
 * token, found in some keyword field of every row whose field holds it (no column filter).
 */
function shortLeaf(field: SearchField, term: string): string | null {
  const token = field.keyword ? b1TermToken(term) : null;
  return token ? `"${token}"` : null;
}

/**
 * The short-term index's expression for the keyword criteria (a superset of their rows), or null
 * when a term is not one or two characters, or could match a field outside the index (an id or
 * enum named in advancedSearch.fields). `exact` when each criterion reads every keyword field
 * that could hold its term: then the index decides the criteria exactly.
 */
function shortKeywords(keywords: CompiledSearch['keywords'], all: SearchField[]): { expr: string; exact: boolean } | null {
  if (!keywords.length) return null;
  const tokens: string[] = [];
  let exact = true;
  for (const { fields, keyword } of keywords) {
    const token = b1TermToken(keyword);
    const matching = fields.filter((f) => mayMatchNonText(f, keyword));
    if (!token || matching.some((f) => !f.keyword)) return null;
    tokens.push(`"${token}"`);
    if (all.some((f) => mayMatchNonText(f, keyword) && !matching.includes(f))) exact = false;
  }
  return { expr: tokens.join(' OR '), exact };
}

/** The index that narrows a B1 search, its FTS5 expression, and whether it decides the search exactly. */
export type SearchIndex = { table: 'search_nfts' | 'search_nfts_b1_short'; expr: string; exact: boolean };

const conjoin = (parts: (string | null)[]) => {
  const present = parts.filter((p): p is string => p !== null);
  return present.length ? present.map((p) => `(${p})`).join(' AND ') : null;
};

/**
 * The index narrowing the whole search (keywords AND filter) to a superset of its rows, or null
 * (then every row of the organization is tested): the trigram index where it can answer the
 * keywords (or, without keywords, the filter), else B1's short-term index for terms of one or two
 * characters. `exact` (the index's matches are the search's rows, so they can be counted without
 * reading them: lib/storage/sqlite/search/fts-count.ts) — for the trigram index: every term is ASCII and goes
 * into its phrase whole (three characters or more, no trailing "i" dropped), the keyword criteria
 * read exactly the indexed fields, and the filter is absent or a single `contains` on an indexed
 * field; for the short-term index: see shortKeywords, with no filter.
 */
export function searchIndex(compiled: CompiledSearch): SearchIndex | null {
  const keywordTrigram = keywordFts(compiled.keywords);
  const trigram = conjoin([keywordTrigram, filterWithStatus(compiled.filter, trigramLeaf, trigramStatus, !!keywordTrigram)]);
  if (trigram) return { table: 'search_nfts', expr: trigram, exact: trigramExact(compiled) };
  const keywords = shortKeywords(compiled.keywords, compiled.keywordFields);
  if (compiled.keywords.length && !keywords) return null;
  const short = conjoin([keywords?.expr ?? null, filterWithStatus(compiled.filter, shortLeaf, shortStatus, !!keywords)]);
  if (!short) return null;
  return { table: 'search_nfts_b1_short', expr: short, exact: !!keywords?.exact && (!compiled.filter || isStatusEq(compiled.filter)) };
}

function trigramExact(compiled: CompiledSearch): boolean {
  const exactTerm = (term: string) => isAscii(term) && ftsPhrase(term, 'B') === `"${term.replaceAll('"', '""')}"`;
  for (const { fields, keyword } of compiled.keywords) {
    if (!exactTerm(keyword) || fields.some((f) => !!f.fts !== mayMatchNonText(f, keyword))) return false;
  }
  // The filter: absent, or `contains` of an exact term on an indexed field and `status eq` leaves,
  // alone or AND-ed (a status is decided by its facet, which stands beside a term's phrase).
  const leaves = andedLeaves(compiled.filter);
  const exactContains = (n: FilterNode) => n.kind === 'leaf' && n.operator === 'contains' && !!n.field.fts && typeof n.value === 'string' && exactTerm(n.value);
  if (!leaves?.every((n) => exactContains(n) || isStatusEq(n))) return false;
  return compiled.keywords.length > 0 || !leaves.length || leaves.some(exactContains);
}
