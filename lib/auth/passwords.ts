import { hashPassword } from 'better-auth/crypto';
import { eq, and } from 'drizzle-orm';
import type { Db } from '@/db/client';
import * as sqliteSchema from '@/db/schema';
import { accounts } from '@/db/tables';
import type { Store } from '@/lib/storage/store';

/** Gives a user an e-mail + password login (Better Auth's "credential" account). */
export async function setPassword(store: Store, userId: string, password: string) {
  const hash = await hashPassword(password);
  const [existing] = await store
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (existing) {
    await store.update(accounts).set({ password: hash }).where(eq(accounts.id, existing.id));
    return;
  }
  await store.insert(accounts).values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash });
}

export function insertCredentialAccount(tx: Pick<Db, 'insert'>, userId: string, hash: string) {
  tx.insert(sqliteSchema.accounts).values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash }).run();
}

/** Whether the user has a password login. */
export function hasLogin(db: Pick<Db, 'select'>, userId: string): boolean {
  return (
    db
      .select({ id: sqliteSchema.accounts.id })
      .from(sqliteSchema.accounts)
      .where(and(eq(sqliteSchema.accounts.userId, userId), eq(sqliteSchema.accounts.providerId, 'credential')))
      .get() !== undefined
  );
}
