import type { IdsPage } from './lists';

/**
 * One part of a list split by the value of its leading enum key (a status): its total and its
 * pages, each read as a search of its own.
 */
export type ListSegment = {
  total: () => number | Promise<number>;
  /** The ids of its page `pageNumber` (1-based) of `pageSize` rows. */
  page: (pageNumber: number) => string[] | Promise<string[]>;
};

/**
 * Page `pageNumber` of the concatenation of `segments`, in their order, whose rows number `total`
 * (the list's own exact total). The segments' totals are read from the page's nearer end and only
 * as far as the page — page 1 costs the first segment's total, not one count per segment — and
 * the page's rows are read off at most two pages of each segment it spans.
 */
export async function pageOfSegments(segments: ListSegment[], total: number, pageNumber: number, pageSize: number): Promise<IdsPage> {
  const from = (pageNumber - 1) * pageSize;
  const to = Math.min(from + pageSize, total);
  if (from >= to) return { ids: [], total };
  const bounds = await segmentBounds(segments, total, from, to);
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
    for (let p = first; p <= last; p++) rows.push(...(await s.page(p + 1)));
    ids.push(...rows.slice(a - first * pageSize, b - first * pageSize));
  }
  return { ids, total };
}

/**
 * Where each segment starts and ends among the `total` rows, for the segments from the nearer end
 * of the page's rows [from, to) up to the page: counted from the start, the segments before the
 * page's end; from the end (`total` less the later segments), those after its start.
 */
async function segmentBounds(segments: ListSegment[], total: number, from: number, to: number) {
  const bounds = new Map<number, { start: number; end: number }>();
  const fromStart = from < total - to;
  let edge = fromStart ? 0 : total;
  for (let k = 0; k < segments.length; k++) {
    const i = fromStart ? k : segments.length - 1 - k;
    const n = await segments[i]!.total();
    const bound = fromStart ? { start: edge, end: edge + n } : { start: edge - n, end: edge };
    bounds.set(i, bound);
    edge = fromStart ? bound.end : bound.start;
    if (fromStart ? edge >= to : edge <= from) break;
  }
  return bounds;
}

/** An enum's values in code-point order (the engines compare the stored text), reversed for a descending order. */
export function enumOrder<T extends string>(values: readonly T[], direction: 'asc' | 'desc'): T[] {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return direction === 'desc' ? sorted.reverse() : sorted;
}
