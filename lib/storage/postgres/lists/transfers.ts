import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { tokenTransfers, userOrganizations, users } from '@/db/schema-pg';
import { asciiLower, containsAny } from '../../like';
import type { TransferPageRequest } from '../../list-requests';
import type { IdsPage } from '../../lists';
import type { Handle } from './paging';

/**
 * The token-send history on PostgreSQL, answering what the SQLite module answers: sends of the
 * organization by creation time, ties in insertion (`seq`) order, off the (organization,
 * created_at, seq) index. A search matches the member's e-mail or name, the transaction hash or the
 * address, ASCII letters folded as SQLite's LIKE folds them (cl2c_ascii_lower on both sides).
 */
export async function transferPagePg(db: Handle, organizationId: string, q: TransferPageRequest): Promise<IdsPage> {
  const conditions: SQL[] = [eq(tokenTransfers.organizationId, organizationId)];
  if (q.status) conditions.push(eq(tokenTransfers.status, q.status));
  if (q.tokenType) conditions.push(eq(tokenTransfers.tokenType, q.tokenType));
  if (q.search) {
    const columns = [users.email, users.name, tokenTransfers.transactionHash, tokenTransfers.toAddress];
    conditions.push(containsAny(asciiLower(q.search), columns.map((c) => sql`cl2c_ascii_lower(${c})`)));
  }
  const where = and(...conditions);
  const direction = q.sortOrder === 'asc' ? asc : desc;
  const memberJoin = eq(userOrganizations.id, tokenTransfers.userOrganizationId);
  const userJoin = eq(users.id, userOrganizations.userId);
  const [counted] = await db.select({ n: count() }).from(tokenTransfers).leftJoin(userOrganizations, memberJoin).leftJoin(users, userJoin).where(where);
  const rows = await db
    .select({ id: tokenTransfers.id })
    .from(tokenTransfers)
    .leftJoin(userOrganizations, memberJoin)
    .leftJoin(users, userJoin)
    .where(where)
    .orderBy(direction(tokenTransfers.createdAt), direction(tokenTransfers.seq))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { ids: rows.map((r) => r.id), total: Number(counted?.n ?? 0) };
}
