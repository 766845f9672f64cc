import { encodeDeployData, encodeFunctionData, type Address, type Hex } from 'viem';
import { cL2CCollectionAbi, cL2CCollectionBytecode, cL2CTokenAbi, cL2CTokenBytecode } from '@/chain/artifacts';
import { transferCall } from './transfer';
import type { DeployRequest, MintRequest, SendTokensRequest } from './types';

/** A transaction before nonce, fees and signature. `to: null` creates a contract. */
export type Call = {
  to: Address | null;
  value: bigint;
  data?: Hex;
  /** Gas the `local` driver signs with (the `evm` driver asks the node to estimate). */
  gas: bigint;
  /** For revert reasons: the ABI of the contract called. */
  abi?: typeof cL2CCollectionAbi | typeof cL2CTokenAbi;
};

export function deployCall(req: DeployRequest): Call {
  if (req.contract === 'CL2CCollection') {
    const a = req.args;
    return {
      to: null,
      value: 0n,
      gas: 3_000_000n,
      abi: cL2CCollectionAbi,
      data: encodeDeployData({
        abi: cL2CCollectionAbi,
        bytecode: cL2CCollectionBytecode,
        args: [a.name, a.symbol, a.owner, a.royaltyReceiver, BigInt(a.royaltyBps)],
      }),
    };
  }
  const a = req.args;
  return {
    to: null,
    value: 0n,
    gas: 1_500_000n,
    abi: cL2CTokenAbi,
    data: encodeDeployData({ abi: cL2CTokenAbi, bytecode: cL2CTokenBytecode, args: [a.name, a.symbol, a.owner, a.initialSupply] }),
  };
}

export function mintCall(req: MintRequest): Call {
  return {
    to: req.contract,
    value: 0n,
    gas: 300_000n,
    abi: cL2CCollectionAbi,
    data: encodeFunctionData({ abi: cL2CCollectionAbi, functionName: 'mint', args: [req.to, req.amount, req.tokenUri] }),
  };
}

/** A zero-value transfer of a wallet to itself: what cancels a stuck transaction or fills a nonce nothing else takes. */
export function selfTransferCall(address: Address): Call {
  return { to: address, value: 0n, gas: 21_000n };
}

export function sendCall(req: SendTokensRequest, faucetToken?: Address): Call {
  const call = transferCall(req, faucetToken);
  return { ...call, abi: call.data ? cL2CTokenAbi : undefined };
}
