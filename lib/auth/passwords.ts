import { hashPassword } from 'better-auth/crypto';
import { eq, and } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { accounts } from '@/db/schema';

/** Gives a user an e-mail + password login (Better Auth's "credential" account). */
export async function setPassword(db: Db, userId: string, password: string) {
  const hash = await hashPassword(password);
  const existing = db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .get();
  if (existing) {
    db.update(accounts).set({ password: hash }).where(eq(accounts.id, existing.id)).run();
    return;
  }
  db.insert(accounts)
    .values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash })
    .run();
}

/**
 * The credential account of a new login, inserted inside the caller's (synchronous) transaction;
 * `hash` comes from `hashPassword`, computed before the transaction opens.
 */
export function insertCredentialAccount(tx: Pick<Db, 'insert'>, userId: string, hash: string) {
  tx.insert(accounts).values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash }).run();
}

/** Whether the user has a password login. */
export function hasLogin(db: Pick<Db, 'select'>, userId: string): boolean {
  return (
    db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .get() !== undefined
  );
}
