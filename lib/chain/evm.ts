import {
  BaseError,
  createPublicClient,
  decodeErrorResult,
  getAddress,
  getContractAddress,
  http,
  HttpRequestError,
  keccak256,
  TimeoutError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import type { Db } from '@/db/client';
import { deployCall, mintCall, sendCall, type Call } from './calls';
import { ChainError, chainRejected, chainUnavailable, chainUncertain, shortReason } from './errors';
import { markSubmitted, recordSigned } from './ledger';
import { mintedTokenId } from './logs';
import { withAddressLock } from './nonce-lock';
import type { ChainClient, ChainReceipt, DeployRequest, MintRequest, SendTokensRequest, SubmitResult } from './types';

/**
 * A real EVM network over JSON-RPC (`CHAIN=evm`, `RPC_URL`). Per signing address, one at a time:
 * the node gives chain id, pending nonce, a gas estimate (a call that would revert is refused here,
 * with its reason, before anything is signed) and fees; the transaction is signed with the
 * organization's key, recorded in the ledger, and only then broadcast. Receipts are followed by
 * the caller and the receipt worker.
 */
export class EvmChainClient implements ChainClient {
  readonly name = 'evm' as const;
  private readonly client;
  private cachedChainId: number | undefined;

  constructor(
    private readonly db: () => Db,
    rpcUrl: string,
    private readonly faucetToken?: Address,
  ) {
    this.client = createPublicClient({ transport: http(rpcUrl, { timeout: 15_000, retryCount: 0 }) });
  }

  async chainId(): Promise<number> {
    this.cachedChainId ??= await this.client.getChainId();
    return this.cachedChainId;
  }

  deploy(req: DeployRequest) {
    return this.submit(req.ledgerId, req.from, deployCall(req));
  }

  mint(req: MintRequest) {
    return this.submit(req.ledgerId, req.from, mintCall(req));
  }

  sendTokens(req: SendTokensRequest) {
    return this.submit(req.ledgerId, req.from, sendCall(req, this.faucetToken));
  }

  private submit(ledgerId: string, from: LocalAccount, call: Call): Promise<SubmitResult> {
    return withAddressLock(from.address, async () => {
      let chainId: number, nonce: number, gas: bigint, fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
      try {
        chainId = await this.chainId();
        nonce = await this.client.getTransactionCount({ address: from.address, blockTag: 'pending' });
        gas = await this.client.estimateGas({ account: from.address, to: call.to, data: call.data, value: call.value });
        fees = await this.client.estimateFeesPerGas();
        const balance = await this.client.getBalance({ address: from.address });
        const upfront = call.value + ((gas * 12n) / 10n) * fees.maxFeePerGas;
        if (balance < upfront) {
          throw chainRejected(`insufficient funds: the wallet ${from.address} holds ${balance} wei and this transaction may cost up to ${upfront} wei`);
        }
      } catch (error) {
        if (error instanceof ChainError) throw error;
        throw isTransportError(error) ? chainUnavailable(shortReason(error)) : chainRejected(revertReason(error, call));
      }
      const raw = await from.signTransaction({
        type: 'eip1559',
        chainId,
        nonce,
        to: call.to,
        value: call.value,
        data: call.data,
        gas: (gas * 12n) / 10n,
        ...fees,
      });
      const transactionHash = keccak256(raw);
      const contractAddress = call.to ? null : getContractAddress({ from: from.address, nonce: BigInt(nonce) });
      const db = this.db();
      recordSigned(db, ledgerId, { chain: this.name, chainId, from: from.address, to: call.to, nonce, transactionHash, raw, contractAddress });
      try {
        await this.client.sendRawTransaction({ serializedTransaction: raw });
      } catch (error) {
        throw isTransportError(error) ? chainUncertain(shortReason(error)) : chainRejected(revertReason(error, call));
      }
      markSubmitted(db, ledgerId);
      return { transactionHash, raw, nonce, from: from.address, contractAddress, broadcast: true };
    });
  }

  async getReceipt(transactionHash: Hex): Promise<ChainReceipt | null> {
    let receipt;
    try {
      receipt = await this.client.getTransactionReceipt({ hash: transactionHash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw isTransportError(error) ? chainUnavailable(shortReason(error)) : error;
    }
    const block = await this.client.getBlock({ blockNumber: receipt.blockNumber });
    const logs = receipt.logs.map((l) => ({ address: getAddress(l.address), topics: l.topics as Hex[], data: l.data, logIndex: l.logIndex }));
    let reason: string | null = null;
    if (receipt.status === 'reverted') reason = await this.replayReason(transactionHash, receipt.blockNumber);
    return {
      transactionHash,
      status: receipt.status,
      blockNumber: Number(receipt.blockNumber),
      blockTime: new Date(Number(block.timestamp) * 1000),
      contractAddress: receipt.contractAddress ? getAddress(receipt.contractAddress) : null,
      tokenId: receipt.status === 'success' ? mintedTokenId(logs, receipt.to) : null,
      logs,
      reason,
      broadcast: true,
    };
  }

  /** Why a mined transaction reverted: the same call replayed at its block. */
  private async replayReason(hash: Hex, blockNumber: bigint): Promise<string> {
    try {
      const tx = await this.client.getTransaction({ hash });
      await this.client.call({ account: tx.from, to: tx.to, data: tx.input, value: tx.value, gas: tx.gas, blockNumber });
      return 'reverted (out of gas or state changed before the block)';
    } catch (error) {
      return revertReason(error);
    }
  }

  async rebroadcast(raw: Hex): Promise<boolean> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
      return true;
    } catch (error) {
      if (isTransportError(error)) throw chainUnavailable(shortReason(error));
      if (/already known|known transaction|already imported/i.test(errorText(error))) return true;
      return false;
    }
  }

  async getBalance(address: Address): Promise<bigint> {
    try {
      return await this.client.getBalance({ address });
    } catch (error) {
      throw isTransportError(error) ? chainUnavailable(shortReason(error)) : error;
    }
  }
}

function errorText(error: unknown): string {
  if (error instanceof BaseError) return [error.shortMessage, error.details, error.message].join(' ');
  return error instanceof Error ? error.message : String(error);
}

/** The node could not be reached (connection refused, HTTP failure, timeout). */
export function isTransportError(error: unknown): boolean {
  if (!(error instanceof BaseError)) return /fetch failed|ECONNREFUSED/i.test(String(error));
  return Boolean(error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError));
}

/** A readable reason: a custom error decoded with the contract's ABI, else the node's message. */
export function revertReason(error: unknown, call?: Pick<Call, 'abi'>): string {
  if (error instanceof BaseError && call?.abi) {
    const withData = error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null;
    const data = withData?.data ?? (/return data: (0x[0-9a-fA-F]+)/.exec(errorText(error))?.[1] as Hex | undefined);
    if (data && data.length >= 10) {
      try {
        const decoded = decodeErrorResult({ abi: call.abi, data });
        return `reverted: ${decoded.errorName}(${(decoded.args ?? []).map(String).join(', ')})`;
      } catch {
        // fall through to the node's own words
      }
    }
  }
  if (error instanceof BaseError) {
    const head = error.shortMessage.split('\n')[0]!;
    const details = error.details && error.details !== error.shortMessage ? `: ${error.details.split('\n')[0]}` : '';
    return `${head}${details}`.slice(0, 300);
  }
  return shortReason(error);
}
