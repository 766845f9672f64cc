/**
 * B1's search request as every engine reads it (issue 28): the checked, converted tree that
 * lib/nft-search/filter.ts compileSearch builds from the body, with fields named by the catalogue
 * (lib/nft-search/fields.ts) — names, types, enum values, no SQL. Each engine's B1 query module
 * (lib/storage/sqlite/lists/nft-search.ts) compiles it to its own SQL and search structures.
 * Declared here, below both, so imports point down: domain → storage.
 */

export type FieldType = 'string' | 'integer' | 'boolean' | 'date' | 'uuid' | 'enum';

/** One field of the search item, as data. */
export type SearchFieldData = {
  /** Name as in the search item (matched case-insensitively). */
  name: string;
  type: FieldType;
  /** Part of the plain `keyword` search (text, numbers, booleans, dates — not ids, not enums). */
  keyword: boolean;
  values?: readonly string[];
  /** Never NULL: comparisons need no NULL guard, so an engine can use an index for them. */
  notNull?: boolean;
};

export type FilterLogic = 'and' | 'or' | 'xor';
export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'startswith' | 'endswith';

/** A converted, checked filter tree: what the SQL translators (and the tests' evaluator) consume. */
export type FilterValue = string | number | boolean | null;
export type FilterNode<F extends SearchFieldData = SearchFieldData> =
  | { kind: 'group'; logic: FilterLogic; filters: FilterNode<F>[] }
  | { kind: 'leaf'; field: F; operator: FilterOperator; value: FilterValue };

export type OrderKey<F extends SearchFieldData = SearchFieldData> = { field: F; direction: 'asc' | 'desc' };

export type CompiledSearch<F extends SearchFieldData = SearchFieldData> = {
  /** Keyword criteria, OR-ed: every (field, folded keyword) pair. */
  keywords: { fields: F[]; keyword: string }[];
  /** Every field the plain `keyword` reads (the catalogue's keyword fields). */
  keywordFields: F[];
  filter: FilterNode<F> | null;
  orderBy: OrderKey<F>[];
  smartContractId: string | null;
  pageNumber: number;
  pageSize: number;
};

/** The body's criteria as the client sent them: the engines' cache keys of B1's totals and anchors. */
export type NftSearchCriteria = { keyword?: string | null; advancedSearch?: unknown; advancedFilter?: unknown };

type FilterLeaf<F extends SearchFieldData> = Extract<FilterNode<F>, { kind: 'leaf' }>;

/** The leaves every selected row satisfies: the root, or the children of root AND groups (nested). */
export function requiredLeaves<F extends SearchFieldData>(node: FilterNode<F> | null): FilterLeaf<F>[] {
  if (!node) return [];
  if (node.kind === 'leaf') return [node];
  if (node.logic === 'and' || node.filters.length === 1) return node.filters.flatMap((f) => requiredLeaves(f));
  return [];
}

/** A required `field eq value` leaf (value not null), or undefined. */
export function requiredEq<F extends SearchFieldData>(node: FilterNode<F> | null, field: string): FilterLeaf<F> | undefined {
  return requiredLeaves(node).find((l) => l.field.name === field && l.operator === 'eq' && l.value !== null);
}

/** The filter as AND-ed leaves: none, one leaf, or an AND group of leaves only; null for any other shape. */
export function andedLeaves<F extends SearchFieldData>(node: FilterNode<F> | null): FilterLeaf<F>[] | null {
  if (!node) return [];
  if (node.kind === 'leaf') return [node];
  const { filters } = node;
  return node.logic === 'and' && filters.every((f): f is FilterLeaf<F> => f.kind === 'leaf') ? filters : null;
}

/** Leaves AND-ed back into a filter (null for none): andedLeaves' inverse. */
export function andOf<F extends SearchFieldData>(leaves: FilterLeaf<F>[]): FilterNode<F> | null {
  return leaves.length === 0 ? null : leaves.length === 1 ? leaves[0]! : { kind: 'group', logic: 'and', filters: leaves };
}

/**
 * The `status eq` leaf when it is the search's whole criterion (no keyword, no contract, no other
 * leaf) — a total both engines read off their stored per-status count — or undefined.
 */
export function statusFilterAlone<F extends SearchFieldData>(search: CompiledSearch<F>): FilterLeaf<F> | undefined {
  if (search.keywords.length || search.smartContractId || andedLeaves(search.filter)?.length !== 1) return undefined;
  return requiredEq(search.filter, 'status');
}

export type RangeOperator = 'gt' | 'gte' | 'lt' | 'lte';
/** Each range operator as the SQL comparison both engines write. */
export const RANGE_COMPARISONS: Readonly<Record<RangeOperator, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * A search whose whole criterion is one range (`gt`/`gte`/`lt`/`lte` a number) on a field, alone or
 * AND-ed with `status eq` — the shape whose total an engine can read off stored counts or its sort
 * index without reading the rows — or null for any other search (keywords, a contract, other leaves).
 */
export function statusAndRange<F extends SearchFieldData>(search: CompiledSearch<F>): { status: string | null; field: F; operator: RangeOperator; bound: number } | null {
  if (search.keywords.length || search.smartContractId || !search.filter) return null;
  const leaves = andedLeaves(search.filter);
  if (!leaves?.length || leaves.length > 2) return null;
  const status = leaves.find((l) => l.field.name === 'status' && l.operator === 'eq' && typeof l.value === 'string');
  const ranges = leaves.filter((l) => l !== status);
  const range = ranges[0];
  if (ranges.length !== 1 || !range || !Object.hasOwn(RANGE_COMPARISONS, range.operator) || typeof range.value !== 'number') return null;
  return { status: status ? String(status.value) : null, field: range.field, operator: range.operator as RangeOperator, bound: range.value };
}
