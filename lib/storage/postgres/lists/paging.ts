import { sql, type SQL } from 'drizzle-orm';
import type { PgDb, PgTx } from '../connection';

export type Handle = PgDb | PgTx;

/**
 * The exact total of a list key from list_counts (db/migrations-pg/0005_lists.sql): the sum of
 * its shard rows over the filter values asked (null: any).
 */
export async function countOf(db: Handle, organizationId: string, list: 'nfts' | 'contracts' | 'members', k1: string | null, k2: string | null): Promise<number> {
  const { rows } = await db.execute<{ n: string | null }>(
    sql`select sum(n) as n from list_counts where organization_id = ${organizationId} and list = ${list}
        ${k1 === null ? sql`` : sql`and k1 = ${k1}`} ${k2 === null ? sql`` : sql`and k2 = ${k2}`}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function countWhere(db: Handle, from: SQL, where: SQL): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`select count(*) as n from ${from} where ${where}`);
  return Number(rows[0]!.n);
}

export type OrderedQuery = {
  from: SQL;
  where: SQL;
  /** The sort expression, as the index holds it (text: COLLATE "C"). */
  sort: SQL;
  /** NULL-able sort: NULL sorts first ascending, last descending (SQLite's order). */
  nullable?: boolean;
  /** A second sort key between `sort` and the id, same direction (A9's status sort: created_at). */
  then?: SQL;
  /** The unique tie-break, same direction as the sort. */
  id: SQL;
  direction: 'asc' | 'desc';
  total: number;
  page: number;
  limit: number;
};

/**
 * One page's ids in the SQLite engine's order (sort, [then,] id, all one direction; NULL smallest).
 * A page past the middle is read from the far end in the opposite direction and reversed, so no
 * page steps over more than half the list.
 */
export async function pageIds(db: Handle, q: OrderedQuery): Promise<string[]> {
  const offset = (q.page - 1) * q.limit;
  if (offset >= q.total) return [];
  let direction = q.direction;
  let limit = q.limit;
  let skip = offset;
  let reverse = false;
  if (offset > q.total / 2) {
    limit = Math.min(q.limit, q.total - offset);
    skip = q.total - offset - limit;
    direction = direction === 'asc' ? 'desc' : 'asc';
    reverse = true;
  }
  const dir = sql.raw(direction);
  const nulls = q.nullable ? sql.raw(direction === 'asc' ? ' nulls first' : ' nulls last') : sql``;
  const order = q.then ? sql`${q.sort} ${dir}${nulls}, ${q.then} ${dir}, ${q.id} ${dir}` : sql`${q.sort} ${dir}${nulls}, ${q.id} ${dir}`;
  const { rows } = await db.execute<{ id: string }>(sql`select ${q.id} as id from ${q.from} where ${q.where} order by ${order} limit ${limit} offset ${skip}`);
  const ids = rows.map((r) => r.id);
  return reverse ? ids.reverse() : ids;
}
