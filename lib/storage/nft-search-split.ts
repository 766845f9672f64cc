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

  const values = [...lead.field.values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (lead.direction === 'desc') values.reverse();
  const segments = values.map((value) => segment(search, body, lead.field, value, segmentOrder));
  // The total is the search's own (its cache key is the criteria, whatever the order); the segments'
  // totals are read from the page's nearer end only as far as the page: page 1 costs the total and
  // the first segment's, not one count per value.
  const total = (await read({ ...search, orderBy: rest, pageNumber: PAST_THE_END }, body)).total;
  const { pageNumber, pageSize } = search;
  const from = (pageNumber - 1) * pageSize;
  const to = Math.min(from + pageSize, total);
  if (from >= to) return { ids: [], total };
  const bounds = await segmentBounds(segments, total, from, to, read);
  const ids: string[] = [];
  for (const [i, s] of segments.entries()) {
    const bound = bounds.get(i);
    if (!bound || bound.end <= from || bound.start >= to) continue;
    // The segment's rows [a, b), read as its pages of the same size (at most two).
    const a = Math.max(from, bound.start) - bound.start;
    const b = Math.min(to, bound.end) - bound.start;
    const first = Math.floor(a / pageSize);
    const last = Math.floor((b - 1) / pageSize);
    const rows: string[] = [];
    for (let p = first; p <= last; p++) rows.push(...(await read({ ...s.search, pageNumber: p + 1 }, s.body)).ids);
    ids.push(...rows.slice(a - first * pageSize, b - first * pageSize));
  }
  return { ids, total };
}

type Segment = ReturnType<typeof segment>;

/**
 * Where each segment starts and ends among the `total` rows, for the segments from the nearer end
 * of the page's rows [from, to) up to the page: counted from the start, the segments before the
 * page's end; from the end (`total` less the later segments), those after its start.
 */
async function segmentBounds(segments: Segment[], total: number, from: number, to: number, read: ReadSearchPage) {
  const bounds = new Map<number, { start: number; end: number }>();
  const fromStart = from < total - to;
  let edge = fromStart ? 0 : total;
  for (let k = 0; k < segments.length; k++) {
    const i = fromStart ? k : segments.length - 1 - k;
    const s = segments[i]!;
    const n = (await read({ ...s.search, pageNumber: PAST_THE_END }, s.body)).total;
    const bound = fromStart ? { start: edge, end: edge + n } : { start: edge - n, end: edge };
    bounds.set(i, bound);
    edge = fromStart ? bound.end : bound.start;
    if (fromStart ? edge >= to : edge <= from) break;
  }
  return bounds;
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
