import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users, type ApiKey } from '@/db/schema';
import { NotFoundError } from '@/lib/errors';
import { generateApiKey, hashApiKey, type KeyFamily } from './keys';

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
  db: Db,
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

/** The active key of `family` matching `key`, or null (unknown, revoked, expired). */
export function findActiveKey(db: Db, key: string, family: KeyFamily, now = new Date()): ApiKey | null {
  const row = db.select().from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(key))).get();
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

export function listApiKeys(db: Db, organizationId: string): ApiKeyView[] {
  return db
    .select({
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
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .all()
    .map(({ ownerId, ownerEmail, ...rest }) => ({ ...rest, owner: { id: ownerId, email: ownerEmail } }));
}

/** Revokes a key of the organization (or any organization when none is given). Idempotent. */
export function revokeApiKey(db: Db, id: string, organizationId?: string): { id: string; revokedAt: Date } {
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
