import { sql, type SQL } from 'drizzle-orm';
import type { MemberFilter, MemberPageRequest } from '../../list-requests';
import type { IdsPage } from '../../lists';
import { memberMatch } from '../search/queries';
import { foldTerm } from '../search/terms';
import { countOf, countWhere, pageIds, pgListTuning, searchIndexHelps, walkIsCheaper, type Handle } from './paging';

const sortColumns = {
  createdAt: sql`ml.created_at`,
  updatedAt: sql`ml.updated_at`,
  email: sql`ml.email`,
  status: sql`ml.status`,
} as const satisfies Record<MemberPageRequest['sortBy'], SQL>;

/**
 * The rows an A9 list is about (`ml` = member_list, db/migrations-pg/0006_lists.sql; its text
 * columns are COLLATE "C"). A search: the memberships whose person's e-mail, name, user name or
 * "first last" hold the term and the PENDING invitations whose e-mail does, read off member_list's
 * own searched text (queries.ts memberMatch) — through its search indexes (`hits`), or tested on
 * each row a walk of a sort index passes (`per row`: the walk stops when the page is full).
 */
export function memberRowsWherePg(organizationId: string, q: MemberFilter, search: 'hits' | 'per row' = 'hits'): SQL {
  const conditions: SQL[] = [sql`ml.organization_id = ${organizationId}`];
  if (q.status) conditions.push(sql`ml.status = ${q.status}`);
  if (q.hasWallet !== undefined) conditions.push(sql`ml.has_wallet = ${q.hasWallet}`);
  if (q.search) conditions.push(memberMatch(q.search, search === 'hits' ? 'index' : 'row'));
  return sql.join(conditions, sql` and `);
}

/**
 * A9 on PostgreSQL: memberships and pending invitations as one list (member_list). Totals from
 * list_counts (a search: an exact count kept per write generation — a person's change rewrites
 * their member_list rows, which moves the generation of their organizations); the page's ids off the (organization[, filter], sort, id)
 * index, from the nearer end or a cached anchor. `status` sorts its ties by createdAt, then id, as on SQLite.
 */
export async function memberPage(db: Handle, organizationId: string, q: MemberPageRequest): Promise<IdsPage> {
  const from = sql`member_list as ml`;
  const key = JSON.stringify([q.search, q.status, q.hasWallet]);
  const narrowed = memberRowsWherePg(organizationId, q);
  const indexed = !q.search || (await searchIndexHelps(db, [foldTerm(q.search, 'A')], `a9|${key}`, from, narrowed, 'member_list_search'));
  const where = indexed ? narrowed : memberRowsWherePg(organizationId, q, 'per row');
  const total = q.search
    ? await countWhere(db, from, where, { organizationId, list: 'members', key })
    : await countOf(db, organizationId, 'members', q.status ?? null, q.hasWallet === undefined ? null : String(q.hasWallet));
  const walked =
    !!q.search &&
    (await walkIsCheaper(pgListTuning.memberWalk, { page: q.page, limit: q.limit, total, maxRows: pgListTuning.walkRows }, () =>
      countOf(db, organizationId, 'members', q.status ?? null, q.hasWallet === undefined ? null : String(q.hasWallet)),
    ));
  const ids = await pageIds(db, {
    organizationId,
    list: 'members',
    key: `${key}|${q.sortBy}`,
    from,
    where: walked ? memberRowsWherePg(organizationId, q, 'per row') : where,
    // A status filter fixes the status sort: created_at and the id order the rows (paging.ts OrderedQuery.sort).
    sort: q.status && q.sortBy === 'status' ? null : sortColumns[q.sortBy],
    then: q.sortBy === 'status' ? sql`ml.created_at` : undefined,
    seek: !q.search,
    walked,
    id: sql`ml.id`,
    direction: q.sortOrder,
    total,
    page: q.page,
    limit: q.limit,
  });
  return { ids, total };
}

/**
 * One chunk of an A9 export on PostgreSQL, newest first (id breaks ties), after `cursor`: keyset
 * order over member_list's (organization[, filter], created_at, id) index, the search as in a page.
 * Answers the rows SQLite's memberExportChunk answers (`createdAt` in epoch milliseconds).
 */
export async function memberExportChunk(
  db: Handle,
  organizationId: string,
  q: MemberFilter,
  cursor: { at: number; id: string } | null,
  limit: number,
): Promise<{ id: string; createdAt: number }[]> {
  const where = [memberRowsWherePg(organizationId, q)];
  if (cursor) where.push(sql`(ml.created_at, ml.id) < (${new Date(cursor.at).toISOString()}::timestamptz, ${cursor.id})`);
  const { rows } = await db.execute<{ id: string; createdAt: Date }>(
    sql`select ml.id as "id", ml.created_at as "createdAt" from member_list as ml where ${sql.join(where, sql` and `)}
        order by ml.created_at desc, ml.id desc limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, createdAt: new Date(r.createdAt).getTime() }));
}
