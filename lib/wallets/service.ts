import { and, eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Db } from '@/lib/storage/sqlite/client';
import * as sqliteSchema from '@/db/schema';
import { wallets } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';
import { open, seal } from '@/lib/crypto/secret-box';

const PURPOSE = 'wallet-key';

type Tx = Pick<Db, 'select' | 'insert'>;

/**
 * Gives a user a custodial primary wallet unless they already have a primary one.
 * The private key is sealed with AES-256-GCM and never leaves this module in clear.
 */
export async function provisionCustodialWallet(store: Store, userId: string): Promise<{ address: string }> {
  const [existing] = await store
    .select({ address: wallets.address })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.isPrimary, true)));
  if (existing) return existing;
  const row = newWallet(userId);
  await store.insert(wallets).values(row);
  return { address: row.address };
}

/** A fresh primary wallet of `userId`: its address and its key, sealed. */
function newWallet(userId: string) {
  const privateKey = generatePrivateKey();
  const { address } = privateKeyToAccount(privateKey);
  return { userId, address, isPrimary: true, encryptedPrivateKey: seal(privateKey, PURPOSE) };
}

/**
 * The synchronous twin of provisionCustodialWallet, for services not yet on the Store (SQLite
 * only; docs/architecture.md, "Services on the Store").
 */
export function provisionCustodialWalletSync(tx: Tx, userId: string): { address: string } {
  const existing = tx
    .select({ address: sqliteSchema.wallets.address })
    .from(sqliteSchema.wallets)
    .where(and(eq(sqliteSchema.wallets.userId, userId), eq(sqliteSchema.wallets.isPrimary, true)))
    .get();
  if (existing) return existing;
  const row = newWallet(userId);
  tx.insert(sqliteSchema.wallets).values(row).run();
  return { address: row.address };
}

/** For signing only (chain drivers); never serialise the result. */
export function unsealWalletKey(sealed: string): `0x${string}` {
  return open(sealed, PURPOSE) as `0x${string}`;
}
