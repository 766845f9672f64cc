import { formatEther } from 'viem';
import type { Store } from '@/lib/storage/store';
import { ConflictError } from '@/lib/errors';
import { ChainError } from './errors';
import { organizationAccountIn } from './index';
import type { ChainClient } from './types';

export type WalletView = {
  address: string;
  chain: 'local' | 'evm';
  chainId: number;
  /** Native balance in whole units (18 decimals) as a decimal string; "0" on the embedded chain. */
  balance: string;
};

/** The organization's wallet: it pays for deployments, mints and sends. The key is never returned. */
export async function getWallet(store: Store, chain: ChainClient, organizationId: string): Promise<WalletView> {
  const account = await organizationAccountIn(store, organizationId);
  if (!account) throw new ConflictError('The organization has no signing key.', ['organization: no chain key configured']);
  try {
    const [chainId, balance] = await Promise.all([chain.chainId(), chain.getBalance(account.address)]);
    return { address: account.address, chain: chain.name, chainId, balance: formatEther(balance) };
  } catch (error) {
    if (error instanceof ChainError) throw error;
    throw new ChainError(502, 'unavailable', error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
}
