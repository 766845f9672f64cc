import { and, asc, desc, or, sql, type SQL } from 'drizzle-orm';
import { prefixUpperBound } from '../../like';
import type { FilterValue, OrderKey } from '../../nft-search';
import { asciiFold, fold, isAscii, textOf, type SearchField, type SqlFilterNode as FilterNode, type SqlSearch as CompiledSearch } from './columns';

/*
 * B1's request (lib/storage/nft-search.ts, compiled by lib/nft-search/filter.ts) as SQLite SQL over
 * `nfts`: the filter tree's leaves and groups, the keyword criteria, the WHERE and the ORDER BY.
 */

/** Makes a possibly-NULL predicate strictly 0/1 so NOT and xor behave (C# semantics: null compares false). */
const strict = (predicate: SQL) => sql`coalesce(${predicate}, 0)`;

/** The field folded like JavaScript's toLowerCase: its stored fold, plain SQL against ASCII, else the JS function. */
function foldedOf(field: SearchField, against: FilterValue): SQL {
  if (field.folded) return field.folded;
  return typeof against === 'string' && isAscii(against) ? asciiFold(field.expr) : fold(field.expr);
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
export function mayMatchNonText(f: SearchField, keyword: string): boolean {
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
 * ORDER BY terms over `nfts`: the requested keys (strings by their fold: the stored one where
 * there is one), then the id in the LAST key's direction — so every order is the exact reverse of
 * its opposite and a single-key order is one (organization, key, id) index range. Default:
 * createdAt descending, then id descending (DESIGN). `reverse` flips everything.
 */
export function orderKeysSql(keys: OrderKey<SearchField>[], reverse = false): SQL[] {
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
