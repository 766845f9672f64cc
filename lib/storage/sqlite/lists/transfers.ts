import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { tokenTransfers, userOrganizations, users } from '@/db/schema';
import { containsAny } from '../../like';
import type { TransferPageRequest } from '../../list-requests';
import type { IdsPage } from '../../lists';

export type { TransferPageRequest };

/**
 * The token-send history on SQLite: sends of the organization by creation time, ties in insertion
 * (`seq`) order, the page's ids read through the (organization, created_at, seq) index first. A search
 * matches the member's e-mail or name, the transaction hash or the address (LIKE).
 */
export function transferPage(db: Db, organizationId: string, q: TransferPageRequest): IdsPage {
  const conditions: SQL[] = [eq(tokenTransfers.organizationId, organizationId)];
  if (q.status) conditions.push(eq(tokenTransfers.status, q.status));
  if (q.tokenType) conditions.push(eq(tokenTransfers.tokenType, q.tokenType));
  if (q.search) {
    conditions.push(containsAny(q.search, [users.email, users.name, tokenTransfers.transactionHash, tokenTransfers.toAddress]));
  }
  const where = and(...conditions);
  const direction = q.sortOrder === 'asc' ? asc : desc;
  const memberJoin = eq(userOrganizations.id, tokenTransfers.userOrganizationId);
  const userJoin = eq(users.id, userOrganizations.userId);
  const total =
    db
      .select({ n: count() })
      .from(tokenTransfers)
      .leftJoin(userOrganizations, memberJoin)
      .leftJoin(users, userJoin)
      .where(where)
      .get()?.n ?? 0;
  const ids = db
    .select({ id: tokenTransfers.id })
    .from(tokenTransfers)
    .leftJoin(userOrganizations, memberJoin)
    .leftJoin(users, userJoin)
    .where(where)
    .orderBy(direction(tokenTransfers.createdAt), direction(tokenTransfers.seq))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .all()
    .map((r) => r.id);
  return { ids, total };
}
