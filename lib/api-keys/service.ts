import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { preparedQuery } from '@/lib/db/prepared';
import { apiKeys, users, type ApiKey } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import { NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/http/actor';
import { envelope } from '@/lib/http/query';
import { containsAny } from '@/lib/storage/like';
import { generateApiKey, hashApiKey, type KeyFamily } from './keys';
import type { CreateApiKeyBody, ListApiKeysQuery } from './schemas';

export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  family: KeyFamily;
  owner: { id: string; email: string };
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

/** Creates a key and returns the clear key once; only the SHA-256 hash is kept. */
export function createApiKey(
  db: Pick<Db, 'insert'>,
  input: { organizationId: string; userId: string; family: KeyFamily; name: string; expiresAt?: Date | null },
): { id: string; key: string; prefix: string; family: KeyFamily } {
  const { key, prefix, hash } = generateApiKey(input.family);
  const [row] = db
    .insert(apiKeys)
    .values({
      organizationId: input.organizationId,
      userId: input.userId,
      family: input.family,
      name: input.name,
      prefix,
      keyHash: hash,
      expiresAt: input.expiresAt ?? null,
    })
    .returning({ id: apiKeys.id })
    .all();
  return { id: row!.id, key, prefix, family: input.family };
}

/** The key with this hash (every API-key request looks it up: prepared once per connection). */
const keyByHash = preparedQuery((db: Db) =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .prepare(),
);

/** The active key of `family` matching `key`, or null (unknown, revoked, expired). */
export function findActiveKey(db: Db, key: string, family: KeyFamily, now = new Date()): ApiKey | null {
  const row = keyByHash(db).get({ hash: hashApiKey(key) });
  if (!row || row.family !== family || row.revokedAt) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return null;
  markUsed(db, row.id, now);
  return row;
}

const lastTouched = new Map<string, number>();

/** Records last use at most once a minute per key, keeping writes off the hot path. */
function markUsed(db: Db, id: string, now: Date) {
  const previous = lastTouched.get(id) ?? 0;
  if (now.getTime() - previous < 60_000) return;
  lastTouched.set(id, now.getTime());
  db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id)).run();
}

/** What a key list shows: never the hash, only the display prefix. */
const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  family: apiKeys.family,
  ownerId: users.id,
  ownerEmail: users.email,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
};

export function listApiKeys(db: Db, organizationId: string): ApiKeyView[] {
  return db
    .select(listColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .all()
    .map(({ ownerId, ownerEmail, ...rest }) => ({ ...rest, owner: { id: ownerId, email: ownerEmail } }));
}

/** Revokes a key of the organization (or any organization when none is given). Idempotent. */
export function revokeApiKey(db: Pick<Db, 'select' | 'update'>, id: string, organizationId?: string): { id: string; revokedAt: Date } {
  const where = organizationId
    ? and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId))
    : eq(apiKeys.id, id);
  const row = db.select().from(apiKeys).where(where).get();
  if (!row) throw new NotFoundError('API key');
  if (row.revokedAt) return { id, revokedAt: row.revokedAt };
  const revokedAt = new Date();
  db.update(apiKeys).set({ revokedAt }).where(eq(apiKeys.id, id)).run();
  return { id, revokedAt };
}

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

export function keyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

const consoleSort = {
  createdAt: apiKeys.createdAt,
  name: apiKeys.name,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
} as const;

/** Console list: one page of the organization's keys (never the key itself, only its prefix). */
export function listApiKeysPage(db: Db, organizationId: string, q: ListApiKeysQuery, now = new Date()) {
  const conditions: SQL[] = [eq(apiKeys.organizationId, organizationId)];
  if (q.family) conditions.push(eq(apiKeys.family, q.family));
  if (q.status === 'revoked') conditions.push(isNotNull(apiKeys.revokedAt));
  if (q.status === 'expired') conditions.push(isNull(apiKeys.revokedAt), lte(apiKeys.expiresAt, now));
  if (q.status === 'active') conditions.push(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))!);
  if (q.search) {
    conditions.push(containsAny(q.search, [apiKeys.name, apiKeys.prefix, users.email]));
  }
  const where = and(...conditions);
  const direction = q.sortOrder === 'asc' ? asc : desc;
  const total =
    db.select({ n: count() }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(where).get()?.n ?? 0;
  const rows = db
    .select(listColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(where)
    .orderBy(direction(consoleSort[q.sortBy]), direction(apiKeys.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .all();
  const data = rows.map(({ ownerId, ownerEmail, ...rest }) => ({
    ...rest,
    owner: { id: ownerId, email: ownerEmail },
    status: keyStatus(rest, now),
  }));
  return envelope(data, { page: q.page, limit: q.limit, total }, {
    search: q.search,
    family: q.family ?? null,
    status: q.status ?? null,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  });
}

/** Console create: a key owned by the signed-in admin; the clear key is returned this once. */
export function issueApiKey(db: Db, actor: Actor, input: CreateApiKeyBody) {
  return db.transaction((tx) => {
    const created = createApiKey(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      family: input.family,
      name: input.name,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    recordAudit(tx, actor, {
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: created.id,
      data: { family: created.family, prefix: created.prefix, name: input.name },
    });
    return { ...created, name: input.name, expiresAt: input.expiresAt ?? null };
  });
}

/**
 * Keys die with their owner's access (issue 26 finding 3): when a person is removed from an
 * organization, demoted below ADMIN, or suspended, every active key they hold there is revoked in
 * the caller's transaction, with one `api_key.revoke` audit event per key naming the reason.
 */
export function revokeKeysOfMember(
  tx: Pick<Db, 'select' | 'update' | 'insert'>,
  actor: Actor,
  organizationId: string,
  userId: string,
  reason: 'member.remove' | 'member.demote' | 'member.suspend',
): string[] {
  const now = new Date();
  const revoked = tx
    .update(apiKeys)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id })
    .all()
    .map((r) => r.id);
  for (const id of revoked) {
    recordAudit(tx, actor, { action: 'api_key.revoke', entityType: 'api_key', entityId: id, data: { reason, ownerId: userId } });
  }
  return revoked;
}

/** Console revoke: the key stops working on its next use (findActiveKey reads revokedAt every call). */
export function revokeOrganizationKey(db: Db, actor: Actor, id: string) {
  return db.transaction((tx) => {
    const result = revokeApiKey(tx, id, actor.organizationId);
    recordAudit(tx, actor, { action: 'api_key.revoke', entityType: 'api_key', entityId: id });
    return { ...result, message: 'API key revoked.' };
  });
}
