import { encodeFunctionData, erc20Abi, getAddress, parseEther, parseUnits, type Address, type Hex } from 'viem';
import type { SendTokensRequest } from './types';

export type TransferCall = { to: Address; value: bigint; data?: Hex; gas: bigint };

/**
 * What a send puts on chain. `mainnet`: a native transfer of `amount` (18 decimals).
 * `faucet`: when a faucet token contract is configured, an ERC-20 `transfer(to, amount)` call on
 * it (18 decimals); otherwise the same native transfer as `mainnet` — the row's tokenType then
 * is the only difference, which is what a faucet payout from the organization's dev wallet is.
 */
export function transferCall(req: Pick<SendTokensRequest, 'to' | 'amount' | 'tokenType'>, faucetToken?: Address): TransferCall {
  if (req.tokenType === 'faucet' && faucetToken) {
    return {
      to: getAddress(faucetToken),
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [req.to, parseUnits(req.amount, 18)] }),
      gas: 65_000n,
    };
  }
  return { to: req.to, value: parseEther(req.amount), gas: 21_000n };
}
