import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { smartContracts, type SmartContract } from '@/db/schema';
import { containsAny } from '../../like';
import type { ContractFilter, ContractPageRequest } from '../../list-requests';
import type { IdsPage } from '../../lists';
import { cachedCount } from '../search/count-cache';
import { readCounter } from '../search/counters';
import { columnMatch, ftsPhrase, matchRowids } from '../search/fts';
import { anchoredPageIds } from '../search/paging';

const sortColumns = {
  createdAt: smartContracts.createdAt,
  updatedAt: smartContracts.updatedAt,
  name: smartContracts.name,
  symbol: smartContracts.symbol,
  status: smartContracts.status,
  deployedAt: smartContracts.deployedAt,
} as const satisfies Record<ContractPageRequest['sortBy'], unknown>;

/**
 * The rows an A1 list or export is about: the organization's, in `status`, matching `search`
 * (FTS5 trigram candidates by rowid when the term has three characters or more, then the LIKE
 * decides, so the answer is LIKE's exactly).
 */
export function contractRowsWhere(organizationId: string, q: ContractFilter): SQL | undefined {
  const conditions: SQL[] = [eq(smartContracts.organizationId, organizationId)];
  if (q.status) conditions.push(eq(smartContracts.status, q.status));
  if (q.search) {
    const phrase = ftsPhrase(q.search, 'A');
    if (phrase) {
      conditions.push(matchRowids(sql`"smart_contracts"."rowid"`, 'search_contracts', columnMatch(['name', 'symbol', 'description'], phrase)));
    }
    conditions.push(containsAny(q.search, [smartContracts.name, smartContracts.symbol, smartContracts.description]));
  }
  return and(...conditions);
}

/**
 * A1 on SQLite: the total from trigger-kept counters (a search: an exact count cached per write
 * generation), the page's ids off the (organization, sort column, id) index from the nearest
 * cached anchor.
 */
export function contractPage(db: Db, organizationId: string, q: ContractPageRequest): IdsPage {
  const where = contractRowsWhere(organizationId, q);
  const total = q.search
    ? cachedCount(db, organizationId, `contracts:${JSON.stringify([q.search, q.status])}`, () =>
        db.select({ n: count() }).from(smartContracts).where(where).get()?.n ?? 0,
      )
    : readCounter(db, organizationId, q.status ? `contracts:status:${q.status}` : 'contracts');
  const ids = anchoredPageIds(db, {
    organizationId,
    key: `contracts|${JSON.stringify([q.search, q.status])}|${q.sortBy}`,
    from: sql`${smartContracts}`,
    id: sql`${smartContracts.id}`,
    where,
    // A status filter fixes the status sort: the id alone orders the rows (search/paging.ts AnchoredQuery.sort).
    sort: q.status && q.sortBy === 'status' ? null : sql`${sortColumns[q.sortBy]}`,
    direction: q.sortOrder,
    total,
    page: q.page,
    limit: q.limit,
  });
  return { ids, total };
}

/**
 * One chunk of the A1 export: the filter's contracts newest first (id breaks ties), after `after`
 * (the last row of the previous chunk), keyset over the (organization, created_at, id) index.
 */
export function contractExportRows(
  db: Db,
  organizationId: string,
  q: ContractFilter,
  after: { at: number; id: string } | null,
  limit: number,
): SmartContract[] {
  const past = after ? sql`(${smartContracts.createdAt}, ${smartContracts.id}) < (${after.at}, ${after.id})` : undefined;
  return db
    .select()
    .from(smartContracts)
    .where(and(contractRowsWhere(organizationId, q), past))
    .orderBy(desc(smartContracts.createdAt), desc(smartContracts.id))
    .limit(limit)
    .all();
}
