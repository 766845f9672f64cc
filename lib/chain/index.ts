import { eq } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import type { LocalAccount } from 'viem';
import type { Db } from '@/lib/storage/sqlite/client';
import { organizations } from '@/db/schema';
import { organizations as engineOrganizations } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import type { Store } from '@/lib/storage/store';
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
    return e.CHAIN === 'evm' ? new EvmChainClient(getStore, e.RPC_URL!, e.FAUCET_TOKEN_ADDRESS) : new LocalChainClient(getStore, e.FAUCET_TOKEN_ADDRESS);
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
export async function organizationAccountIn(store: Pick<Store, 'select'>, organizationId: string): Promise<LocalAccount | null> {
  const [row] = await store.select({ sealed: engineOrganizations.chainKeyEncrypted }).from(engineOrganizations).where(eq(engineOrganizations.id, organizationId)).limit(1);
  return accountOf(row?.sealed);
}

/** The synchronous SQLite twin of organizationAccountIn, for scripts/devchain.ts and the Playwright spec e2e/chain/states.spec.ts. */
export function organizationAccount(db: Db, organizationId: string): LocalAccount | null {
  const row = db.select({ sealed: organizations.chainKeyEncrypted }).from(organizations).where(eq(organizations.id, organizationId)).get();
  return accountOf(row?.sealed);
}

function accountOf(sealed: string | null | undefined): LocalAccount | null {
  return sealed ? privateKeyToAccount(open(sealed, CHAIN_KEY_PURPOSE) as `0x${string}`) : null;
}
