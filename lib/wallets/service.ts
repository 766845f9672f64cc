import { and, eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Db } from '@/db/client';
import { wallets } from '@/db/schema';
import { open, seal } from '@/lib/crypto/secret-box';

const PURPOSE = 'wallet-key';

type Tx = Pick<Db, 'select' | 'insert'>;

/**
 * Gives a user a custodial primary wallet unless they already have a primary one.
 * The private key is sealed with AES-256-GCM and never leaves this module in clear.
 */
export function provisionCustodialWallet(tx: Tx, userId: string): { address: string } {
  const existing = tx
    .select({ address: wallets.address })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.isPrimary, true)))
    .get();
  if (existing) return existing;
  const privateKey = generatePrivateKey();
  const { address } = privateKeyToAccount(privateKey);
  tx.insert(wallets)
    .values({ userId, address, isPrimary: true, encryptedPrivateKey: seal(privateKey, PURPOSE) })
    .run();
  return { address };
}

/** The user's primary wallet address, or null. */
export function primaryWalletAddress(db: Db, userId: string): string | null {
  return (
    db
      .select({ address: wallets.address })
      .from(wallets)
      .where(and(eq(wallets.userId, userId), eq(wallets.isPrimary, true)))
      .get()?.address ?? null
  );
}

/** For signing only (chain drivers); never serialise the result. */
export function unsealWalletKey(sealed: string): `0x${string}` {
  return open(sealed, PURPOSE) as `0x${string}`;
}
