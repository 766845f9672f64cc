import { sql, type SQL } from 'drizzle-orm';
import type { MemberFilter, MemberPageRequest } from '../../list-requests';
import type { IdsPage } from '../../lists';
import { memberRows } from '../search/queries';
import { countOf, countWhere, pageIds, type Handle } from './paging';

const sortColumns = {
  createdAt: sql`ml.created_at`,
  updatedAt: sql`ml.updated_at`,
  email: sql`ml.email`,
  status: sql`ml.status`,
} as const satisfies Record<MemberPageRequest['sortBy'], SQL>;

/**
 * The rows an A9 list is about (`ml` = member_list, db/migrations-pg/0005_lists.sql; its text
 * columns are COLLATE "C"). A search: the memberships whose person's e-mail, name, user name or
 * "first last" hold the term and the PENDING invitations whose e-mail does (the search indexes of
 * users and invitations find them; lib/storage/postgres/search/queries.ts).
 */
export function memberRowsWherePg(organizationId: string, q: MemberFilter): SQL {
  const conditions: SQL[] = [sql`ml.organization_id = ${organizationId}`];
  if (q.status) conditions.push(sql`ml.status = ${q.status}`);
  if (q.hasWallet !== undefined) conditions.push(sql`ml.has_wallet = ${q.hasWallet}`);
  if (q.search) conditions.push(sql`ml.id in (select hit.id from (${memberRows(organizationId, q.search)}) as hit)`);
  return sql.join(conditions, sql` and `);
}

/**
 * A9 on PostgreSQL: memberships and pending invitations as one list (member_list). Totals from
 * list_counts (a search: an exact count kept per write generation — a person's change moves the
 * generation of their organizations); the page's ids off the (organization[, filter], sort, id)
 * index, from the nearer end or a cached anchor. `status` sorts its ties by createdAt, then id, as on SQLite.
 */
export async function memberPage(db: Handle, organizationId: string, q: MemberPageRequest): Promise<IdsPage> {
  const from = sql`member_list as ml`;
  const where = memberRowsWherePg(organizationId, q);
  const total = q.search
    ? await countWhere(db, from, where, { organizationId, list: 'members', key: JSON.stringify([q.search, q.status, q.hasWallet]) })
    : await countOf(db, organizationId, 'members', q.status ?? null, q.hasWallet === undefined ? null : String(q.hasWallet));
  const ids = await pageIds(db, {
    organizationId,
    list: 'members',
    key: `${JSON.stringify([q.search, q.status, q.hasWallet])}|${q.sortBy}`,
    from,
    where,
    sort: sortColumns[q.sortBy],
    then: q.sortBy === 'status' ? sql`ml.created_at` : undefined,
    id: sql`ml.id`,
    direction: q.sortOrder,
    total,
    page: q.page,
    limit: q.limit,
  });
  return { ids, total };
}
