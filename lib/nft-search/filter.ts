import { ValidationError } from '@/lib/errors';
import type { CompiledSearch, FilterNode, FilterValue, OrderKey } from '@/lib/storage/nft-search';
import { findSearchField, searchFieldNames, type SearchField } from './fields';
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

/*
 * B1's body checked and converted into the engine-neutral request (lib/storage/nft-search.ts):
 * keyword criteria, filter tree and order keys over the field catalogue, every problem named by
 * its path. Each engine's query module turns it into SQL (on SQLite:
 * lib/storage/sqlite/lists/nft-search.ts and lib/storage/sqlite/nft-search/).
 */
export type { CompiledSearch, FilterNode, FilterValue, OrderKey };

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
  return { keywords, keywordFields, filter, orderBy, smartContractId: body.smartContractId ?? null, pageNumber, pageSize };
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
