import { and, asc, desc, or, sql, type SQL } from 'drizzle-orm';
import { ValidationError } from '@/lib/errors';
import { ftsPhrase } from '@/lib/storage/sqlite/search/fts';
import { b1TermToken } from '@/lib/storage/sqlite/grams';
import { asciiFold, findSearchField, fold, isAscii, searchFieldNames, textOf, type SearchField } from './fields';
import {
  filterLogics,
  filterOperators,
  MAX_FILTER_DEPTH,
  MAX_FILTER_NODES,
  type AdvancedFilterInput,
  type FilterLogic,
  type FilterOperator,
  type SearchNftsBody,
} from './schemas';

/** A converted, checked filter tree: what the SQL translator (and the tests' evaluator) consume. */
export type FilterValue = string | number | boolean | null;
export type FilterNode =
  | { kind: 'group'; logic: FilterLogic; filters: FilterNode[] }
  | { kind: 'leaf'; field: SearchField; operator: FilterOperator; value: FilterValue };

export type OrderKey = { field: SearchField; direction: 'asc' | 'desc' };

export type CompiledSearch = {
  /** Keyword criteria, OR-ed: every (field, folded keyword) pair. */
  keywords: { fields: SearchField[]; keyword: string }[];
  filter: FilterNode | null;
  orderBy: OrderKey[];
  smartContractId: string | null;
  pageNumber: number;
  pageSize: number;
};

const ALLOWED_OPERATORS: Record<SearchField['type'], readonly FilterOperator[]> = {
  string: filterOperators,
  integer: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte'],
  date: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte'],
  boolean: ['eq', 'neq'],
  uuid: ['eq', 'neq'],
  enum: ['eq', 'neq'],
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Checks and converts a B1 body; throws one ValidationError naming every problem by path. */
export function compileSearch(body: SearchNftsBody): CompiledSearch {
  const errors: string[] = [];
  const keywords: CompiledSearch['keywords'] = [];
  const keywordFields = allKeywordFields();

  if (body.keyword) keywords.push({ fields: keywordFields, keyword: body.keyword.toLowerCase() });
  const advanced = body.advancedSearch;
  if (advanced?.keyword) {
    const names = advanced.fields ?? [];
    const fields: SearchField[] = [];
    names.forEach((name, i) => {
      const f = findSearchField(name);
      if (!f) errors.push(`advancedSearch.fields[${i}]: ${unknownField(name)}`);
      else fields.push(f);
    });
    keywords.push({ fields: names.length ? fields : keywordFields, keyword: advanced.keyword.toLowerCase() });
  }

  let filter: FilterNode | null = null;
  if (body.advancedFilter) {
    const counter = { nodes: 0 };
    filter = compileNode(body.advancedFilter, 'advancedFilter', 1, errors, counter);
  }

  const orderBy = compileOrderBy(body.orderBy ?? [], errors);
  if (errors.length) throw new ValidationError('The search request is invalid.', errors);

  const pageNumber = !body.pageNumber || body.pageNumber <= 0 ? 1 : body.pageNumber;
  const pageSize = !body.pageSize || body.pageSize <= 0 ? 10 : body.pageSize;
  return { keywords, filter, orderBy, smartContractId: body.smartContractId ?? null, pageNumber, pageSize };
}

function allKeywordFields() {
  return searchFieldNames.map((n) => findSearchField(n)!).filter((f) => f.keyword);
}

function unknownField(name: string) {
  return `unknown field "${name}"; use one of ${searchFieldNames.join(', ')}`;
}

function compileNode(
  node: AdvancedFilterInput,
  path: string,
  depth: number,
  errors: string[],
  counter: { nodes: number },
): FilterNode | null {
  counter.nodes += 1;
  if (counter.nodes === MAX_FILTER_NODES + 1) {
    errors.push(`advancedFilter: must have at most ${MAX_FILTER_NODES} nodes`);
  }
  if (depth > MAX_FILTER_DEPTH) {
    errors.push(`${path}: filters may be nested at most ${MAX_FILTER_DEPTH} levels deep`);
    return null;
  }
  if (node.logic) {
    const logic = node.logic.trim().toLowerCase() as FilterLogic;
    if (!filterLogics.includes(logic)) {
      errors.push(`${path}.logic: unknown logic "${node.logic}"; use one of ${filterLogics.join(', ')}`);
    }
    if (!node.filters || node.filters.length === 0) {
      errors.push(`${path}.filters: at least one filter is required when logic is given`);
      return null;
    }
    const children = node.filters.map((child, i) => compileNode(child, `${path}.filters[${i}]`, depth + 1, errors, counter));
    if (children.some((c) => c === null) || !filterLogics.includes(logic)) return null;
    return { kind: 'group', logic, filters: children as FilterNode[] };
  }
  return compileLeaf(node, path, errors);
}

function compileLeaf(node: AdvancedFilterInput, path: string, errors: string[]): FilterNode | null {
  const before = errors.length;
  if (!node.field) errors.push(`${path}.field: is required when logic is not given`);
  if (!node.operator) errors.push(`${path}.operator: is required when logic is not given`);
  const field = node.field ? findSearchField(node.field) : undefined;
  if (node.field && !field) errors.push(`${path}.field: ${unknownField(node.field)}`);
  const operator = node.operator?.trim().toLowerCase() as FilterOperator | undefined;
  if (operator && !filterOperators.includes(operator)) {
    errors.push(`${path}.operator: unknown operator "${node.operator}"; use one of ${filterOperators.join(', ')}`);
  }
  if (errors.length > before || !field || !operator) return null;
  if (!ALLOWED_OPERATORS[field.type].includes(operator)) {
    errors.push(`${path}.operator: "${operator}" does not apply to ${field.type} field ${field.name}; use one of ${ALLOWED_OPERATORS[field.type].join(', ')}`);
    return null;
  }
  const raw = node.value ?? null;
  if (raw === null) {
    if (operator !== 'eq' && operator !== 'neq') {
      errors.push(`${path}.value: null can only be used with eq (IS NULL) or neq (IS NOT NULL)`);
      return null;
    }
    return { kind: 'leaf', field, operator, value: null };
  }
  const converted = convertValue(field, raw);
  if ('error' in converted) {
    errors.push(`${path}.value: ${converted.error}`);
    return null;
  }
  return { kind: 'leaf', field, operator, value: converted.value };
}

/** Converts a JSON value to the field's type: strings folded, dates to epoch ms, ids lower-cased. */
export function convertValue(field: SearchField, raw: string | number | boolean): { value: FilterValue } | { error: string } {
  const text = String(raw).trim();
  switch (field.type) {
    case 'string':
      return { value: String(raw).toLowerCase() };
    case 'integer': {
      const n = typeof raw === 'number' ? raw : /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
      if (!Number.isSafeInteger(n)) return { error: `"${String(raw)}" is not an integer (${field.name} is an integer field)` };
      return { value: n };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw };
      if (/^(true|false)$/i.test(text)) return { value: text.toLowerCase() === 'true' };
      return { error: `"${String(raw)}" is not a boolean; use true or false` };
    }
    case 'date': {
      const ms = typeof raw === 'string' && ISO_DATE_RE.test(text) ? Date.parse(normalizeIsoDate(text)) : NaN;
      if (!Number.isFinite(ms)) return { error: `"${String(raw)}" is not an ISO 8601 date or date-time, e.g. 2026-11-22T10:00:00.000Z` };
      return { value: ms };
    }
    case 'uuid': {
      if (typeof raw !== 'string' || !UUID_RE.test(text)) return { error: `"${String(raw)}" is not a UUID` };
      return { value: text.toLowerCase() };
    }
    case 'enum': {
      const match = field.values?.find((v) => v.toLowerCase() === text.toLowerCase());
      if (!match) return { error: `"${String(raw)}" is not valid for ${field.name}; use one of ${field.values?.join(', ')}` };
      return { value: match };
    }
  }
}

/** Date-only and zone-less values are taken as UTC. */
function normalizeIsoDate(text: string): string {
  let t = text.replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return `${t}T00:00:00.000Z`;
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(t)) t += 'Z';
  return t.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
}

function compileOrderBy(entries: string[], errors: string[]): OrderKey[] {
  const keys: OrderKey[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const parts = entry.trim().split(/\s+/).filter(Boolean);
    const [name, dir, ...rest] = parts;
    if (!name) return void errors.push(`orderBy[${i}]: is empty; write "field" or "field asc|desc"`);
    const field = findSearchField(name);
    if (!field) return void errors.push(`orderBy[${i}]: ${unknownField(name)}`);
    let direction: OrderKey['direction'] = 'asc';
    if (dir !== undefined) {
      const d = dir.toLowerCase();
      if (d === 'desc' || d === 'descending') direction = 'desc';
      else if (d !== 'asc' && d !== 'ascending') return void errors.push(`orderBy[${i}]: unknown direction "${dir}"; use asc or desc`);
    }
    if (rest.length) return void errors.push(`orderBy[${i}]: write "field" or "field asc|desc"`);
    if (seen.has(field.name)) return void errors.push(`orderBy[${i}]: ${field.name} is already ordered by`);
    seen.add(field.name);
    keys.push({ field, direction });
  });
  return keys;
}

/* ---------------------------------- SQL ---------------------------------- */

/** Makes a possibly-NULL predicate strictly 0/1 so NOT and xor behave (C# semantics: null compares false). */
const strict = (predicate: SQL) => sql`coalesce(${predicate}, 0)`;

/** The field folded like JavaScript's toLowerCase: its stored fold, plain SQL against ASCII, else the JS function. */
function foldedOf(field: SearchField, against: FilterValue): SQL {
  if (field.folded) return field.folded;
  return typeof against === 'string' && isAscii(against) ? asciiFold(field.expr) : fold(field.expr);
}

/**
 * The smallest string greater than every string that starts with `prefix` (SQLite compares text
 * by code point, as UTF-8 bytes): the prefix with its last code point incremented, or null when
 * no such string exists (the prefix is all U+10FFFF).
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

export function leafSql(node: Extract<FilterNode, { kind: 'leaf' }>): SQL {
  const { field, operator, value } = node;
  if (value === null) {
    if (field.notNull) return operator === 'eq' ? sql`0` : sql`1`;
    return operator === 'eq' ? sql`(${field.expr} is null)` : sql`(${field.expr} is not null)`;
  }
  const isText = field.type === 'string';
  const left = isText ? foldedOf(field, value) : field.expr;
  const right = typeof value === 'boolean' ? sql`${value ? 1 : 0}` : sql`${value}`;
  // A never-NULL side needs no NULL guard, which leaves `column = ?` open to an index.
  const guard = field.notNull ? (p: SQL) => sql`(${p})` : strict;
  switch (operator) {
    case 'eq':
      return guard(sql`${left} = ${right}`);
    case 'neq':
      return field.notNull ? sql`(${left} <> ${right})` : sql`(not ${strict(sql`${left} = ${right}`)})`;
    case 'lt':
      return guard(sql`${left} < ${right}`);
    case 'lte':
      return guard(sql`${left} <= ${right}`);
    case 'gt':
      return guard(sql`${left} > ${right}`);
    case 'gte':
      return guard(sql`${left} >= ${right}`);
    case 'contains':
      return guard(sql`instr(${left}, ${right}) > 0`);
    case 'startswith': {
      const exact = sql`substr(${left}, 1, length(${right})) = ${right}`;
      const upper = typeof value === 'string' && value !== '' && field.folded ? prefixUpperBound(value) : null;
      // On a stored fold the prefix is also an index range; the exact test still decides.
      if (upper !== null) return sql`(${left} >= ${right} and ${left} < ${upper} and ${exact})`;
      return guard(exact);
    }
    case 'endswith':
      // substr(x, -0) is the whole string, so the empty suffix needs its own case.
      if (value === '') return field.notNull ? sql`1` : sql`(${field.expr} is not null)`;
      return guard(sql`substr(${left}, -length(${right})) = ${right}`);
  }
}

export function filterSql(node: FilterNode): SQL {
  if (node.kind === 'leaf') return leafSql(node);
  const parts = node.filters.map(filterSql);
  if (parts.length === 1) return parts[0]!;
  if (node.logic === 'and') return sql`(${sql.join(parts, sql` and `)})`;
  if (node.logic === 'or') return sql`(${sql.join(parts, sql` or `)})`;
  // Left-fold exclusive or, like .NET's Expression.ExclusiveOr chain: true when an odd number hold.
  return parts.slice(1).reduce((acc, part) => sql`(${acc} <> ${part})`, parts[0]!);
}

/**
 * The keyword criteria, OR-ed (undefined without any). A number, boolean or date field whose text
 * cannot contain the keyword (e.g. a word with letters other than t/z against a date) is left out:
 * provably false, and formatting it on every row was most of a keyword test's cost.
 */
export function keywordSql(keywords: CompiledSearch['keywords']): SQL | undefined {
  const criteria = keywords.flatMap(({ fields, keyword }) =>
    fields.filter((f) => mayMatchNonText(f, keyword)).map((f) =>
      f.folded ? sql`(instr(${f.folded}, ${keyword}) > 0)` : strict(sql`instr(${isAscii(keyword) ? asciiFold(textOf(f)) : fold(textOf(f))}, ${keyword}) > 0`),
    ),
  );
  if (!keywords.length) return undefined;
  // No field can hold any of the terms (e.g. a letter searched in a number field): no row matches.
  return criteria.length ? or(...criteria) : sql`0`;
}

/**
 * Could `keyword` (lower-cased) occur in the field's text? False only where that is provable: a
 * number's text is digits and '-', a boolean's is 'true'/'false', a date's ISO text is digits and
 * ':.tz-'. Strings, ids and enums may contain anything.
 */
function mayMatchNonText(f: SearchField, keyword: string): boolean {
  switch (f.type) {
    case 'integer':
      return /^[0-9-]+$/.test(keyword);
    case 'boolean':
      return 'true'.includes(keyword) || 'false'.includes(keyword);
    case 'date':
      return /^[0-9:.tz-]+$/.test(keyword);
    default:
      return true;
  }
}

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
function filterFts(node: FilterNode | null, leafExpr: (field: SearchField, term: string) => string | null): string | null {
  if (!node) return null;
  if (node.kind === 'leaf') {
    const { field, operator, value } = node;
    if (field.type !== 'string' || typeof value !== 'string' || !['contains', 'startswith', 'endswith'].includes(operator)) return null;
    return leafExpr(field, value);
  }
  const parts = node.filters.map((child) => filterFts(child, leafExpr));
  if (node.logic === 'and') {
    const required = parts.filter((p): p is string => p !== null);
    return required.length ? `(${required.join(' AND ')})` : null;
  }
  if (node.logic === 'or' && parts.every((p) => p !== null)) return `(${parts.join(' OR ')})`;
  return null;
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
function shortKeywords(keywords: CompiledSearch['keywords']): { expr: string; exact: boolean } | null {
  if (!keywords.length) return null;
  const all = allKeywordFields();
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
  const trigram = conjoin([keywordFts(compiled.keywords), filterFts(compiled.filter, trigramLeaf)]);
  if (trigram) return { table: 'search_nfts', expr: trigram, exact: trigramExact(compiled) };
  const keywords = shortKeywords(compiled.keywords);
  if (compiled.keywords.length && !keywords) return null;
  const short = conjoin([keywords?.expr ?? null, filterFts(compiled.filter, shortLeaf)]);
  if (!short) return null;
  return { table: 'search_nfts_b1_short', expr: short, exact: !!keywords?.exact && !compiled.filter };
}

function trigramExact(compiled: CompiledSearch): boolean {
  const exactTerm = (term: string) => isAscii(term) && ftsPhrase(term, 'B') === `"${term.replaceAll('"', '""')}"`;
  for (const { fields, keyword } of compiled.keywords) {
    if (!exactTerm(keyword) || fields.some((f) => !!f.fts !== mayMatchNonText(f, keyword))) return false;
  }
  const leaf = compiled.filter;
  return !leaf || (leaf.kind === 'leaf' && leaf.operator === 'contains' && !!leaf.field.fts && typeof leaf.value === 'string' && exactTerm(leaf.value));
}

/**
 * ORDER BY terms over `nfts`: the requested keys (strings by their fold: the stored one where
 * there is one), then the id in the LAST key's direction — so every order is the exact reverse of
 * its opposite and a single-key order is one (organization, key, id) index range. Default:
 * createdAt descending, then id descending (DESIGN). `reverse` flips everything.
 */
export function orderKeysSql(keys: OrderKey[], reverse = false): SQL[] {
  const dir = (d: 'asc' | 'desc') => ((d === 'asc') !== reverse ? asc : desc);
  const id = sql`"nfts"."id"`;
  if (!keys.length) return [dir('desc')(sql`"nfts"."created_at"`), dir('desc')(id)];
  return [...keys.map((k) => dir(k.direction)(sortExpr(k.field))), dir(keys[keys.length - 1]!.direction)(id)];
}

/** What a field sorts by: strings by their (stored, where there is one) fold. */
export function sortExpr(field: SearchField): SQL {
  if (field.type !== 'string') return field.expr;
  return field.folded ?? fold(field.expr);
}

export function whereSql(compiled: CompiledSearch, base: SQL[]): SQL | undefined {
  const conditions = [...base];
  const keyword = keywordSql(compiled.keywords);
  if (keyword) conditions.push(keyword);
  if (compiled.filter) conditions.push(filterSql(compiled.filter));
  return and(...conditions);
}
