import type { WalletView } from '@/lib/chain/wallet';
import { toBaseUnits } from '@/lib/tokens/amount';

/**
 * Why the confirm dialog refuses a send before anything is signed, or null. Only on a chain that
 * broadcasts (`evm`): the embedded `local` chain signs without sending, so its 0 balance blocks
 * nothing. The wallet's native balance pays every send's network fee and, for `mainnet` sends,
 * the amount itself; a `faucet` ERC-20 balance is not read here — the node's own check refuses
 * that send with its reason.
 */
export function sendRefusal(wallet: Pick<WalletView, 'chain' | 'balance' | 'address'> | undefined, amount: string, tokenType: 'mainnet' | 'faucet'): string | null {
  if (!wallet || wallet.chain !== 'evm') return null;
  const balance = toBaseUnits(wallet.balance);
  if (balance === 0n) {
    return `The organization’s wallet holds 0, so it cannot pay the network fee. Fund ${wallet.address} first.`;
  }
  if (tokenType === 'mainnet' && toBaseUnits(amount) >= balance) {
    return `The organization’s wallet holds ${wallet.balance}: it cannot cover ${amount} plus the network fee. Send less or fund ${wallet.address}.`;
  }
  return null;
}
