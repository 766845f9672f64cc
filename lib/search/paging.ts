import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';

type Reader = Pick<Db, 'all'>;

export type PageQuery = {
  /** `from` clause (a table, optionally with `indexed by`). */
  from: SQL;
  /** The id column to return. */
  id: SQL;
  where: SQL | undefined;
  /** Sort keys, primary first; the id is appended as the tie-breaker. */
  orderBy: SQL[];
  direction: 'asc' | 'desc';
  /** Exact number of rows matching `where`, when known (enables the reverse walk). */
  total: number | null;
  page: number;
  limit: number;
};

/**
 * Deferred join, first half: the ids of one page, read off a covering (organization[, filter],
 * sort column, id) index without touching the table. Pages past the middle are read from the
 * other end of the index in reverse order — an OFFSET costs one index step per skipped row, so
 * this halves the worst case and makes the last pages as cheap as the first.
 */
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

export function pageIds(db: Reader, q: PageQuery): string[] {
  const w = pageWindow(q.total, q.page, q.limit, q.direction);
  if (!w) return [];
  const { limit, offset: skip, direction, reverse } = w;
  const dir = sql.raw(direction);
  const order = sql.join(
    [...q.orderBy, q.id].map((e) => sql`${e} ${dir}`),
    sql`, `,
  );
  const where = q.where ? sql` where ${q.where}` : sql``;
  const rows = db.all<{ id: string }>(sql`select ${q.id} as "id" from ${q.from}${where} order by ${order} limit ${limit} offset ${skip}`);
  const ids = rows.map((r) => r.id);
  return reverse ? ids.reverse() : ids;
}

/** Loads the rows of a page by id and returns them in the page's order. */
export function inPageOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
