import type { IdsPage } from './lists';
import { requiredEq, type CompiledSearch, type FilterNode, type NftSearchCriteria, type SearchFieldData } from './nft-search';

/** Reads one page (and the exact total) of a B1 search on one engine. */
export type ReadSearchPage = (search: CompiledSearch, body: NftSearchCriteria) => IdsPage | Promise<IdsPage>;

/** A page number past any total: the engine computes the total and reads no rows. */
const PAST_THE_END = 2 ** 31;

/**
 * B1 in an order led by an enum (`orderBy: ["status asc", "name desc"]`): the answer is the
 * concatenation, in the enum's order, of one search per value (`… and status eq CREATED`) ordered
 * by the remaining keys. The id follows the last key's direction in both, so each segment is
 * exactly the rows of that value in the requested order. An engine can then read a segment like
 * any search with a status filter and a shorter order — an (organization, status, key, id) index,
 * its paging anchors — instead of sorting the tenant's rows, or all of a term's hits, by two keys.
 * The total is the segments' sum: one count per value, each cached like any other.
 *
 * A filter that fixes the enum (`status eq MINTED`) makes the leading key constant: the order is
 * the remaining keys alone. Values sort by code point (the engines compare the stored text).
 *
 * Exact for rows whose value is one of the enum's: the application writes no other, and `db
 * check` reports a row written by another tool with a value outside it (sqlite/search/maintenance.ts,
 * postgres/maintenance.ts).
 * Null when the order is not led by an enum followed by another key: the caller reads the page as
 * one search.
 */
export async function pageByLeadingEnum(search: CompiledSearch, body: NftSearchCriteria, read: ReadSearchPage): Promise<IdsPage | null> {
  const [lead, ...rest] = search.orderBy;
  if (!lead || !rest.length || lead.field.type !== 'enum' || !lead.field.notNull || !lead.field.values?.length) return null;
  if (requiredEq(search.filter, lead.field.name)) return read({ ...search, orderBy: rest }, body);

  const values = [...lead.field.values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (lead.direction === 'desc') values.reverse();
  const segments = values.map((value) => segment(search, body, lead.field, value, rest));
  const totals: number[] = [];
  for (const s of segments) totals.push((await read({ ...s.search, pageNumber: PAST_THE_END }, s.body)).total);
  const total = totals.reduce((a, b) => a + b, 0);

  const { pageNumber, pageSize } = search;
  const from = (pageNumber - 1) * pageSize;
  const to = Math.min(from + pageSize, total);
  const ids: string[] = [];
  let start = 0;
  for (const [i, s] of segments.entries()) {
    const end = start + totals[i]!;
    if (end > from && start < to) {
      // The segment's rows [a, b), read as its pages of the same size (at most two).
      const a = Math.max(from, start) - start;
      const b = Math.min(to, end) - start;
      const first = Math.floor(a / pageSize);
      const last = Math.floor((b - 1) / pageSize);
      const rows: string[] = [];
      for (let p = first; p <= last; p++) rows.push(...(await read({ ...s.search, pageNumber: p + 1 }, s.body)).ids);
      ids.push(...rows.slice(a - first * pageSize, b - first * pageSize));
    }
    start = end;
  }
  return { ids, total };
}

/** The search restricted to one value of the leading field, ordered by the remaining keys. */
function segment(search: CompiledSearch, body: NftSearchCriteria, field: SearchFieldData, value: string, orderBy: CompiledSearch['orderBy']) {
  const leaf: FilterNode = { kind: 'leaf', field, operator: 'eq', value };
  const filter: FilterNode = search.filter ? { kind: 'group', logic: 'and', filters: [search.filter, leaf] } : leaf;
  // The criteria as a client would write them: the engines' cache keys for the segment's total and anchors.
  const extra = { field: field.name, operator: 'eq', value };
  const advancedFilter = body.advancedFilter ? { logic: 'and', filters: [body.advancedFilter, extra] } : extra;
  return { search: { ...search, filter, orderBy }, body: { ...body, advancedFilter } };
}
