import { eq } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import type { LocalAccount } from 'viem';
import { getDb, type Db } from '@/db/client';
import { organizations } from '@/db/schema';
import { open } from '@/lib/crypto/secret-box';
import { env } from '@/lib/env';
import { CHAIN_KEY_PURPOSE } from '@/lib/tenants/service';
import { EvmChainClient } from './evm';
import { LocalChainClient } from './local';
import type { ChainClient } from './types';
import { runtimeSlot } from '@/lib/runtime';

export type { ChainClient, ChainReceipt, SendTokensRequest, SubmitResult } from './types';

const chainSlot = runtimeSlot<ChainClient>('chainClient');

/** The process-wide chain driver chosen by `CHAIN` (`local` by default, `evm` with `RPC_URL`). */
export function getChainClient(): ChainClient {
  return chainSlot.getOrCreate(() => {
    const e = env();
    return e.CHAIN === 'evm' ? new EvmChainClient(getDb, e.RPC_URL!, e.FAUCET_TOKEN_ADDRESS) : new LocalChainClient(getDb, e.FAUCET_TOKEN_ADDRESS);
  });
}

/** Test hook: forget the process-wide driver (after changing CHAIN/RPC_URL). */
export function resetChainClient(): void {
  chainSlot.set(undefined);
}

/**
 * The organization's signing account, or null when it has no key. The key is opened only
 * into viem's account closure; the returned object's fields carry the address, never the key.
 */
export function organizationAccount(db: Db, organizationId: string): LocalAccount | null {
  const row = db
    .select({ sealed: organizations.chainKeyEncrypted })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .get();
  if (!row?.sealed) return null;
  return privateKeyToAccount(open(row.sealed, CHAIN_KEY_PURPOSE) as `0x${string}`);
}
