import type { SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { idsAt } from './anchors';

type Reader = Pick<Db, 'all' | 'get'>;

export type PageWindow = { limit: number; offset: number; direction: 'asc' | 'desc'; reverse: boolean };

/** Where to read a page: from the near end of the order (the far end past the middle), or nothing. */
export function pageWindow(total: number | null, page: number, pageSize: number, direction: 'asc' | 'desc'): PageWindow | null {
  const offset = (page - 1) * pageSize;
  if (total === null) return { limit: pageSize, offset, direction, reverse: false };
  if (offset >= total) return null;
  if (offset <= total / 2) return { limit: pageSize, offset, direction, reverse: false };
  const limit = Math.min(pageSize, total - offset);
  return { limit, offset: total - offset - limit, direction: direction === 'asc' ? 'desc' : 'asc', reverse: true };
}

export type AnchoredQuery = {
  organizationId: string;
  /** Identifies the ordered set (table + where + sort) in the anchor cache, e.g. `nfts|["MINTED"]|name`. */
  key: string;
  from: SQL;
  where: SQL | undefined;
  /** One sort expression (null: the id alone); may be NULL-able. */
  sort: SQL | null;
  /** A second, NOT NULL sort key between `sort` and the id, in the same direction. */
  then?: SQL;
  /** The unique tie-breaker, sorted in the same direction as `sort`. */
  id: SQL;
  direction: 'asc' | 'desc';
  /** Exact number of rows matching `where`. */
  total: number;
  page: number;
  limit: number;
};

/**
 * Deferred join, first half: the ids of one page, read off a covering (organization[, filter],
 * sort, id) index without touching the table. Pages past the middle are read from the other end
 * in reverse; pages deeper than one anchor interval seek to the nearest cached anchor
 * (lib/search/anchors.ts), so no page steps over more than a few hundred index entries.
 */
export function anchoredPageIds(db: Reader, q: AnchoredQuery): string[] {
  const w = pageWindow(q.total, q.page, q.limit, q.direction);
  if (!w) return [];
  const set = { from: q.from, where: q.where, sort: q.sort, then: q.then, id: q.id, direction: w.direction };
  const ids = idsAt(db, q.organizationId, q.key, set, w.offset, w.limit);
  return w.reverse ? ids.reverse() : ids;
}

/** Loads the rows of a page by id and returns them in the page's order. */
export function inPageOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
