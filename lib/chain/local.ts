import { keccak256, parseGwei, type Address } from 'viem';
import { transferCall } from './transfer';
import type { ChainClient, SendTokensRequest, SendTokensResult } from './types';

/** Polygon Amoy: the local driver signs transactions as a testnet wallet would. */
export const LOCAL_CHAIN_ID = 80002;

/**
 * The embedded default driver: signs a real EIP-1559 transaction with the organization's dev key
 * and returns its hash (keccak256 of the signed serialization, exactly what a node would report),
 * but broadcasts nothing — there is no network here.
 */
export class LocalChainClient implements ChainClient {
  readonly name = 'local' as const;

  constructor(private readonly faucetToken?: Address) {}

  async sendTokens(req: SendTokensRequest): Promise<SendTokensResult> {
    const call = transferCall(req, this.faucetToken);
    const raw = await req.from.signTransaction({
      type: 'eip1559',
      chainId: LOCAL_CHAIN_ID,
      nonce: req.sequence,
      to: call.to,
      value: call.value,
      data: call.data,
      gas: call.gas,
      maxPriorityFeePerGas: parseGwei('30'),
      maxFeePerGas: parseGwei('60'),
    });
    return { transactionHash: keccak256(raw), broadcast: false, raw };
  }
}
