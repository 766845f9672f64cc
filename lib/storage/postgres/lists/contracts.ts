import { and, desc, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { smartContracts } from '@/db/schema-pg';
import type { ContractFilter, ContractPageRequest } from '../../list-requests';
import type { IdsPage } from '../../lists';
import { contractMatch } from '../search/queries';
import { countOf, countWhere, pageIds, type Handle } from './paging';

const sortColumns = {
  createdAt: sql`c.created_at`,
  updatedAt: sql`c.updated_at`,
  name: sql`c.name collate "C"`,
  symbol: sql`c.symbol collate "C"`,
  status: sql`c.status`,
  deployedAt: sql`c.deployed_at`,
} as const satisfies Record<ContractPageRequest['sortBy'], SQL>;

/** The rows an A1 list is about (`c` = smart_contracts): the organization's, in `status`, matching `search`. */
export function contractRowsWherePg(organizationId: string, q: ContractFilter): SQL {
  const conditions: SQL[] = [sql`c.organization_id = ${organizationId}`];
  if (q.status) conditions.push(sql`c.status = ${q.status}`);
  if (q.search) conditions.push(contractMatch(q.search));
  return sql.join(conditions, sql` and `);
}

/**
 * A1 on PostgreSQL: the total from list_counts (a search: an exact count through the search
 * indexes, kept per write generation), the page's ids off the (organization, sort, id) index, from
 * the nearer end or a cached anchor.
 */
export async function contractPage(db: Handle, organizationId: string, q: ContractPageRequest): Promise<IdsPage> {
  const from = sql`smart_contracts as c`;
  const where = contractRowsWherePg(organizationId, q);
  const total = q.search
    ? await countWhere(db, from, where, { organizationId, list: 'contracts', key: JSON.stringify([q.search, q.status]) })
    : await countOf(db, organizationId, 'contracts', q.status ?? null, null);
  const ids = await pageIds(db, {
    organizationId,
    list: 'contracts',
    key: `${JSON.stringify([q.search, q.status])}|${q.sortBy}`,
    from,
    where,
    // A status filter fixes the status sort: the id alone orders the rows (paging.ts OrderedQuery.sort).
    sort: q.status && q.sortBy === 'status' ? null : sortColumns[q.sortBy],
    nullable: q.sortBy === 'deployedAt',
    seek: !q.search,
    id: sql`c.id`,
    direction: q.sortOrder,
    total,
    page: q.page,
    limit: q.limit,
  });
  return { ids, total };
}

/** `smart_contracts as c`, so that contractRowsWherePg's conditions name its columns. */
const c = alias(smartContracts, 'c');

/**
 * One chunk of the A1 export: the filter's contracts newest first (id breaks ties), after `after`
 * (the last row of the previous chunk), keyset over the (organization, created_at, id) index.
 */
export function contractExportRows(
  db: Handle,
  organizationId: string,
  q: ContractFilter,
  after: { at: number; id: string } | null,
  limit: number,
): Promise<(typeof smartContracts.$inferSelect)[]> {
  const past = after ? sql`(c.created_at, c.id) < (${new Date(after.at).toISOString()}::timestamptz, ${after.id})` : undefined;
  return db
    .select()
    .from(c)
    .where(and(contractRowsWherePg(organizationId, q), past))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(limit);
}
