import type { IdsPage } from './lists';
import { enumOrder, pageOfSegments, type ListSegment } from './segments';
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
 * The total is the search's own count; a value's count is read only where the page needs it (from
 * the page's nearer end), each cached like any other.
 *
 * A filter that fixes the enum (`status eq MINTED`) makes the leading key constant: the order is
 * the remaining keys alone. Values sort by code point (the engines compare the stored text).
 *
 * Exact for rows whose value is one of the enum's: the application writes no other, and `db
 * check` reports a row written by another tool with a value outside it (sqlite/search/maintenance.ts,
 * postgres/maintenance.ts).
 * An order of the enum alone splits the same way, each segment then ordered by the id alone.
 * Null when the order is not led by an enum, or is that enum alone under a filter fixing it: the
 * caller reads the page as one search.
 */
export async function pageByLeadingEnum(search: CompiledSearch, body: NftSearchCriteria, read: ReadSearchPage): Promise<IdsPage | null> {
  const [lead, ...rest] = search.orderBy;
  if (!lead || lead.field.type !== 'enum' || !lead.field.notNull || !lead.field.values?.length) return null;
  // The enum alone (`orderBy: ["status desc"]`): each segment keeps it, the engines then order a
  // segment by the id alone (its value fixed) — and with the value fixed already there is nothing to split.
  const segmentOrder = rest.length ? rest : [lead];
  if (requiredEq(search.filter, lead.field.name)) return rest.length ? read({ ...search, orderBy: rest }, body) : null;

  const segments = enumOrder(lead.field.values, lead.direction).map((value): ListSegment => {
    const s = segment(search, body, lead.field, value, segmentOrder);
    return {
      total: async () => (await read({ ...s.search, pageNumber: PAST_THE_END }, s.body)).total,
      page: async (pageNumber) => (await read({ ...s.search, pageNumber }, s.body)).ids,
    };
  });
  // The total is the search's own (its cache key is the criteria, whatever the order); the segments'
  // totals are read from the page's nearer end only as far as the page: page 1 costs the total and
  // the first segment's, not one count per value.
  const total = (await read({ ...search, orderBy: rest, pageNumber: PAST_THE_END }, body)).total;
  return pageOfSegments(segments, total, search.pageNumber, search.pageSize);
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
