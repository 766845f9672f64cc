import { hashPassword } from 'better-auth/crypto';
import { eq, and } from 'drizzle-orm';
import { accounts } from '@/lib/storage/tables';
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

/** A credential login for `userId` with an already computed hash (inside the caller's transaction). */
export async function insertCredentialAccount(store: Store, userId: string, hash: string) {
  await store.insert(accounts).values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash });
}

/** Whether the user has a password login. */
export async function hasLogin(store: Store, userId: string): Promise<boolean> {
  const [row] = await store
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return row !== undefined;
}
