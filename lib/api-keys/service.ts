import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ApiKey } from '@/db/schema';
import { apiKeys, users } from '@/lib/storage/tables';
import { recordAuditIn, recordAuditsIn } from '@/lib/audit/service';
import { preparedQuery } from '@/lib/storage/prepared';
import type { Store } from '@/lib/storage/store';
import { NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import { envelope } from '@/lib/shared/query';
import { matchesSearch } from '@/lib/storage/like';
import { generateApiKey, hashApiKey, type KeyFamily } from './keys';
import type { CreateApiKeyBody, ListApiKeysQuery } from './schemas';
import { runtimeSlot } from '@/lib/runtime';

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
export async function createApiKey(
  store: Store,
  input: { organizationId: string; userId: string; family: KeyFamily; name: string; expiresAt?: Date | null },
): Promise<{ id: string; key: string; prefix: string; family: KeyFamily }> {
  const { key, prefix, hash } = generateApiKey(input.family);
  const [row] = await store
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
    .returning({ id: apiKeys.id });
  return { id: row!.id, key, prefix, family: input.family };
}

/** The key with this hash (every API-key request looks it up: prepared once per connection). */
const keyByHash = preparedQuery((store: Store) =>
  store
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .prepare('cl2c_api_key_by_hash'),
);

/** The active key of `family` matching `key`, or null (unknown, revoked, expired). */
export async function findActiveKey(store: Store, key: string, family: KeyFamily, now = new Date()): Promise<ApiKey | null> {
  const [row] = await keyByHash(store).execute({ hash: hashApiKey(key) });
  if (!row || row.family !== family || row.revokedAt) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return null;
  await markUsed(store, row.id, now);
  return row;
}

const touches = runtimeSlot<Map<string, number>>('apiKeyTouches');

/** Records last use at most once a minute per key, keeping writes off the hot path. */
async function markUsed(store: Store, id: string, now: Date) {
  const lastTouched = touches.getOrCreate(() => new Map());
  const previous = lastTouched.get(id) ?? 0;
  if (now.getTime() - previous < 60_000) return;
  lastTouched.set(id, now.getTime());
  await store.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
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

export async function listApiKeys(store: Store, organizationId: string): Promise<ApiKeyView[]> {
  const rows = await store
    .select(listColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ ownerId, ownerEmail, ...rest }) => ({ ...rest, owner: { id: ownerId, email: ownerEmail } }));
}

/** Revokes a key of the organization (or any organization when none is given). Idempotent. */
export async function revokeApiKey(store: Store, id: string, organizationId?: string): Promise<{ id: string; revokedAt: Date }> {
  const where = organizationId
    ? and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId))
    : eq(apiKeys.id, id);
  const [row] = await store.select().from(apiKeys).where(where);
  if (!row) throw new NotFoundError('API key');
  if (row.revokedAt) return { id, revokedAt: row.revokedAt };
  const revokedAt = new Date();
  await store.update(apiKeys).set({ revokedAt }).where(eq(apiKeys.id, id));
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
export async function listApiKeysPage(store: Store, organizationId: string, q: ListApiKeysQuery, now = new Date()) {
  const conditions: SQL[] = [eq(apiKeys.organizationId, organizationId)];
  if (q.family) conditions.push(eq(apiKeys.family, q.family));
  if (q.status === 'revoked') conditions.push(isNotNull(apiKeys.revokedAt));
  if (q.status === 'expired') conditions.push(isNull(apiKeys.revokedAt), lte(apiKeys.expiresAt, now));
  if (q.status === 'active') conditions.push(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))!);
  if (q.search) {
    conditions.push(matchesSearch(q.search, [apiKeys.name, apiKeys.prefix, users.email]));
  }
  const where = and(...conditions);
  const direction = q.sortOrder === 'asc' ? asc : desc;
  const [counted] = await store.select({ n: count() }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(where);
  const total = counted?.n ?? 0;
  const rows = await store
    .select(listColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(where)
    .orderBy(direction(consoleSort[q.sortBy]), direction(apiKeys.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
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
export function issueApiKey(store: Store, actor: Actor, input: CreateApiKeyBody) {
  return store.transaction(async (tx) => {
    const created = await createApiKey(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      family: input.family,
      name: input.name,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    await recordAuditIn(tx, actor, {
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
export async function revokeKeysOfMember(
  tx: Store,
  actor: Actor,
  organizationId: string,
  userId: string,
  reason: 'member.remove' | 'member.demote' | 'member.suspend',
): Promise<string[]> {
  const now = new Date();
  const rows = await tx
    .update(apiKeys)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  const revoked = rows.map((r) => r.id);
  await recordAuditsIn(
    tx,
    actor,
    revoked.map((id) => ({ action: 'api_key.revoke', entityType: 'api_key', entityId: id, data: { reason, ownerId: userId } })),
  );
  return revoked;
}

/** Console revoke: the key stops working on its next use (findActiveKey reads revokedAt every call). */
export function revokeOrganizationKey(store: Store, actor: Actor, id: string) {
  return store.transaction(async (tx) => {
    const result = await revokeApiKey(tx, id, actor.organizationId);
    await recordAuditIn(tx, actor, { action: 'api_key.revoke', entityType: 'api_key', entityId: id });
    return { ...result, message: 'API key revoked.' };
  });
}
