import { createPublicClient, http, type Address } from 'viem';
import { transferCall } from './transfer';
import type { ChainClient, SendTokensRequest, SendTokensResult } from './types';

/**
 * A real EVM network over JSON-RPC (`CHAIN=evm`, `RPC_URL`): the node supplies chain id, nonce,
 * fees and gas; the transaction is signed here with the organization's key and sent raw.
 * Not exercised against a node in this repository's tests (there is no network); kept minimal.
 */
export class EvmChainClient implements ChainClient {
  readonly name = 'evm' as const;
  private readonly client;

  constructor(rpcUrl: string, private readonly faucetToken?: Address) {
    this.client = createPublicClient({ transport: http(rpcUrl, { timeout: 15_000 }) });
  }

  async sendTokens(req: SendTokensRequest): Promise<SendTokensResult> {
    const call = transferCall(req, this.faucetToken);
    const prepared = await this.client.prepareTransactionRequest({
      account: req.from,
      chain: null,
      to: call.to,
      value: call.value,
      data: call.data,
      type: 'eip1559',
    });
    const raw = await req.from.signTransaction(prepared);
    const transactionHash = await this.client.sendRawTransaction({ serializedTransaction: raw });
    return { transactionHash, broadcast: true, raw };
  }
}
