import {
  BaseError,
  BlockNotFoundError,
  createPublicClient,
  decodeErrorResult,
  getAddress,
  http,
  HttpRequestError,
  keccak256,
  parseTransaction,
  TimeoutError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { cL2CCollectionAbi, cL2CTokenAbi } from '@/chain/artifacts';
import type { Store } from '@/lib/storage/store';
import { deployCall, mintCall, selfTransferCall, sendCall, type Call } from './calls';
import { ChainError, chainRejected, chainUnavailable, chainUncertain, classifyRefusal, shortReason } from './errors';
import { recordedIdentity } from './identity';
import { errorFields, log } from '@/lib/logger';
import { releaseChainTx } from '@/lib/storage/chain-claims';
import { chainInstanceId } from './instance';
import { freeLedgerNonce, getChainTx, markSubmitted, nonceTouchedSince, noteWaiting, prepareChainTx, recordReplacement } from './ledger';
import { mintedTokenId } from './logs';
import { inAddressQueue, lockWalletNonce, type DriverOptions } from './nonce-lock';
import { bumped } from './settings';
import { signAndRecord } from './sign';
import type {
  ChainClient,
  ChainIdentityFacts,
  ChainReceipt,
  DeployRequest,
  FilledGap,
  MintRequest,
  NonceGapRequest,
  Rebroadcast,
  ReplaceRequest,
  SendTokensRequest,
  SubmitResult,
} from './types';

/** Every custom error our contracts (and the OpenZeppelin code in them) can revert with. */
export const contractErrorsAbi = [...cL2CCollectionAbi, ...cL2CTokenAbi].filter(
  (item, i, all) => item.type === 'error' && all.findIndex((o) => o.type === 'error' && o.name === item.name) === i,
);

/** Waits (ms) before offering a "nonce too high" transaction again: ~1.6 s in all (EvmChainClient.broadcast). */
const NONCE_AHEAD_WAITS = [25, 50, 100, 200, 400, 800];

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
    private readonly store: () => Promise<Store>,
    rpcUrl: string,
    private readonly faucetToken?: Address,
    private readonly options: DriverOptions = {},
  ) {
    this.client = createPublicClient({ transport: http(rpcUrl, { timeout: 15_000, retryCount: 0 }) });
  }

  async chainId(): Promise<number> {
    this.cachedChainId ??= await this.rpc(() => this.client.getChainId());
    return this.cachedChainId;
  }

  /** Never cached: a restarted node answers the same chain id with a new genesis block. */
  async identity(): Promise<ChainIdentityFacts> {
    const [chainId, genesis] = await this.rpc(() => Promise.all([this.client.getChainId(), this.client.getBlock({ blockNumber: 0n })]));
    return { chainId, genesisHash: genesis.hash };
  }

  blockNumber(): Promise<number> {
    return this.rpc(async () => Number(await this.client.getBlockNumber({ cacheTime: 0 })));
  }

  async blockHashAt(blockNumber: number): Promise<Hex | null> {
    try {
      return (await this.client.getBlock({ blockNumber: BigInt(blockNumber) })).hash;
    } catch (error) {
      if (error instanceof BlockNotFoundError) return null;
      throw isTransportError(error) ? chainUnavailable(shortReason(error)) : error;
    }
  }

  confirmedNonce(address: Address): Promise<number> {
    return this.rpc(() => this.client.getTransactionCount({ address, blockTag: 'latest' }));
  }

  private async rpc<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw isTransportError(error) ? chainUnavailable(shortReason(error)) : error;
    }
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
    return inAddressQueue(this.options, from.address, async () => {
      let chainId: number, pending: number, gas: bigint, fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
      try {
        chainId = await this.chainId();
        pending = await this.client.getTransactionCount({ address: from.address, blockTag: 'pending' });
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
      const gasLimit = (gas * 12n) / 10n;
      const store = await this.store();
      const genesisHash = ((await recordedIdentity(store, this.name))?.genesisHash ?? null) as Hex | null;
      // Nonce, signature and record in one transaction under the wallet's nonce row (lib/chain/nonce-lock.ts).
      const { raw, transactionHash, nonce, contractAddress } = await store.transaction(async (tx) => {
        await lockWalletNonce(tx, this.name, from.address);
        // The lowest nonce from the node's pending count up that no counted ledger row holds: never one
        // this ledger already signed (a node that lost pending transactions must not get their nonces
        // for new payments), and a hole left by a send refused after signing is filled by the next one.
        const nonce = await freeLedgerNonce(tx, this.name, from.address, genesisHash, pending);
        return signAndRecord(tx, { ledgerId, chain: this.name, chainId, from, call, nonce, gasLimit, ...fees, genesisHash });
      });
      await this.broadcastAndMark(store, ledgerId, raw, call);
      return { transactionHash, raw, nonce, from: from.address, contractAddress, broadcast: true };
    });
  }

  /**
   * A hole in the wallet's nonces: a send refused after it was signed and recorded (FAILED, its nonce
   * never used) while later sends — maybe another instance's — were signed above it. The node keeps
   * those queued until something takes the hole; without a next send, nothing would. The receipt
   * worker asks here for each pending row it follows (lib/jobs/chain-worker.ts). Under the wallet's
   * nonce lock, in the transaction that records the filler, so no allocation can race the decision:
   * the lowest nonce from the node's pending count up that no counting ledger row holds
   * (`freeLedgerNonce`, the rule every send allocates by) — if it is below `request.below` and no
   * ledger row at it changed since `quietSince` — gets a zero-value transfer from the wallet to
   * itself, signed and recorded like any send (`signAndRecord`; a ledger row of kind `filler`, no
   * client record), then broadcast. Once recorded it counts like any signed row: a second worker or
   * instance finds no hole, and after a crash before the broadcast the worker sends the same bytes.
   * A broadcast refused or lost here leaves the filler SIGNED for the worker to send again, like any
   * other row (fee bumps included); only its nonce taken by something else fails it.
   */
  fillNonceGap(req: NonceGapRequest): Promise<FilledGap | null> {
    return inAddressQueue(this.options, req.address, async () => {
      const pending = await this.rpc(() => this.client.getTransactionCount({ address: req.address, blockTag: 'pending' }));
      if (req.below <= pending) return null;
      const from = await req.account();
      if (!from || from.address.toLowerCase() !== req.address.toLowerCase()) return null;
      const [chainId, fees] = await this.rpc(() => Promise.all([this.chainId(), this.client.estimateFeesPerGas()]));
      const store = await this.store();
      const genesisHash = ((await recordedIdentity(store, this.name))?.genesisHash ?? null) as Hex | null;
      const filled = await store.transaction(async (tx) => {
        await lockWalletNonce(tx, this.name, from.address);
        const hole = await freeLedgerNonce(tx, this.name, from.address, genesisHash, pending);
        if (hole >= req.below) return null;
        // Young: the send that left it failed a moment ago; a send being allocated now may take it.
        if (await nonceTouchedSince(tx, this.name, from.address, genesisHash, hole, req.quietSince)) return null;
        const row = await prepareChainTx(tx, { organizationId: req.organizationId, kind: 'filler', entityId: `nonce-gap:${this.name}:${from.address}:${hole}`, chain: this.name });
        const call = selfTransferCall(from.address);
        const signed = await signAndRecord(tx, { ledgerId: row.id, chain: this.name, chainId, from, call, nonce: hole, gasLimit: call.gas, ...fees, genesisHash });
        return { ledgerId: row.id, ...signed };
      });
      if (!filled) return null;
      const fields = { ledgerId: filled.ledgerId, address: from.address, nonce: filled.nonce, waitingNonce: req.below, transactionHash: filled.transactionHash };
      log('warn', 'chain nonce gap: filler signed (zero-value transfer of the wallet to itself)', fields);
      try {
        await this.broadcastAndMark(store, filled.ledgerId, filled.raw);
      } catch (error) {
        log('warn', 'chain nonce gap: filler not accepted yet; the receipt worker sends it again', { ...fields, ...errorFields(error) });
      } finally {
        await releaseChainTx(store, filled.ledgerId, chainInstanceId).catch(() => {});
      }
      return { ledgerId: filled.ledgerId, nonce: filled.nonce, transactionHash: filled.transactionHash };
    });
  }

  /**
   * Hands a ledger row's signed bytes to the node, then records it SUBMITTED at the current block —
   * or, while the node still wants lower nonces first, leaves it SIGNED with a "waiting" note: the
   * receipt worker offers the same bytes again once those have arrived.
   */
  private async broadcastAndMark(store: Store, ledgerId: string, raw: Hex, call?: Pick<Call, 'abi'>) {
    const waiting = await this.broadcast(raw, call);
    if (waiting) {
      log('warn', 'chain broadcast waits for lower nonces; the receipt worker sends the same bytes once they arrive', { ledgerId, reason: waiting });
      await noteWaiting(store, ledgerId, `waiting: ${waiting}; the receipt worker sends it once the lower nonces have reached the node`);
      return;
    }
    await markSubmitted(store, ledgerId, { now: new Date(), block: await this.blockNumber().catch(() => null) });
  }

  /**
   * Hands signed bytes to the node; a node that already has them counts as accepted (null). Nonces
   * are chosen under the wallet's lock but broadcast after it (lib/chain/nonce-lock.ts), so a lower
   * nonce — another instance's broadcast on its way, or a send an instance signed and recorded just
   * before it stopped — may reach the node after this one: a node that queues nothing above a missing
   * nonce refuses it ("nonce too high"). The same bytes are offered again a few times
   * (NONCE_AHEAD_WAITS, ~1.6 s in all); after that the refusal is not a refusal of this send — every
   * nonce below it is held by a ledger row (`freeLedgerNonce`) that the receipt worker sends, or
   * fills if it fails — so the reason is returned and the row stays SIGNED, never FAILED: failing it
   * would free a nonce that the later sends above it wait for. The same bytes: never a second payment.
   */
  private async broadcast(raw: Hex, call?: Pick<Call, 'abi'>): Promise<string | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.client.sendRawTransaction({ serializedTransaction: raw });
        return null;
      } catch (error) {
        if (isTransportError(error)) throw chainUncertain(shortReason(error));
        const refusal = classifyRefusal(errorText(error));
        if (refusal.kind === 'known') return null;
        if (refusal.kind === 'nonce_ahead') {
          const wait = NONCE_AHEAD_WAITS[attempt];
          if (wait === undefined) return refusal.reason;
          await new Promise((r) => setTimeout(r, wait));
          continue;
        }
        await this.refused(error, raw, refusal, call);
        return null;
      }
    }
  }

  /**
   * A refusal that stands — unless the bytes were mined anyway: an automining node reports a
   * transaction that reverted in its block as an error, yet it was mined and gas was spent; a
   * receipt means it was sent (the receipt tells the revert).
   */
  private async refused(error: unknown, raw: Hex, refusal: ReturnType<typeof classifyRefusal>, call?: Pick<Call, 'abi'>) {
    const mined = await this.client.getTransactionReceipt({ hash: keccak256(raw) }).catch(() => null);
    if (mined) return;
    throw chainRejected(refusal.kind === 'refused' ? revertReason(error, call) : refusal.reason);
  }

  replace(req: ReplaceRequest): Promise<{ transactionHash: Hex } | null> {
    return inAddressQueue(this.options, req.from.address, async () => {
      const store = await this.store();
      const row = await getChainTx(store, req.ledgerId);
      if (!row?.raw || row.nonce == null || (row.status !== 'SIGNED' && row.status !== 'SUBMITTED')) return null;
      const previous = parseTransaction(row.raw as Hex);
      const current = await this.rpc(() => this.client.estimateFeesPerGas());
      let maxPriorityFeePerGas = bumped(BigInt(row.maxPriorityFeePerGas ?? previous.maxPriorityFeePerGas ?? 0n), req.bumpPercent);
      if (current.maxPriorityFeePerGas > maxPriorityFeePerGas) maxPriorityFeePerGas = current.maxPriorityFeePerGas;
      let maxFeePerGas = bumped(BigInt(row.maxFeePerGas ?? previous.maxFeePerGas ?? 0n), req.bumpPercent);
      if (current.maxFeePerGas > maxFeePerGas) maxFeePerGas = current.maxFeePerGas;
      if (maxPriorityFeePerGas > maxFeePerGas) maxFeePerGas = maxPriorityFeePerGas;
      if (maxFeePerGas > req.maxFeePerGas) return null;
      const call = req.purpose === 'cancel' ? selfTransferCall(req.from.address) : previous;
      const raw = await req.from.signTransaction({
        type: 'eip1559',
        chainId: row.chainId ?? (await this.chainId()),
        nonce: row.nonce,
        to: call.to,
        value: call.value,
        data: call.data,
        gas: call.gas,
        maxFeePerGas,
        maxPriorityFeePerGas,
      });
      const transactionHash = keccak256(raw);
      // Recorded only while the row is still pending as read: a receipt applied meanwhile wins.
      const recorded = await store.transaction((tx) => recordReplacement(tx, row, { purpose: req.purpose, transactionHash, raw, maxFeePerGas, maxPriorityFeePerGas }));
      if (!recorded) return null;
      await this.broadcastAndMark(store, row.id, raw);
      return { transactionHash };
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
    const [block, head] = await Promise.all([this.client.getBlock({ blockNumber: receipt.blockNumber }), this.client.getBlockNumber({ cacheTime: 0 })]);
    const logs = receipt.logs.map((l) => ({ address: getAddress(l.address), topics: l.topics as Hex[], data: l.data, logIndex: l.logIndex }));
    let reason: string | null = null;
    if (receipt.status === 'reverted') reason = await this.replayReason(transactionHash, receipt.blockNumber);
    return {
      transactionHash,
      status: receipt.status,
      blockNumber: Number(receipt.blockNumber),
      blockHash: receipt.blockHash,
      confirmations: Math.max(1, Number(head - receipt.blockNumber) + 1),
      gasUsed: receipt.gasUsed.toString(),
      effectiveGasPrice: receipt.effectiveGasPrice.toString(),
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
      return revertReason(error, { abi: contractErrorsAbi });
    }
  }

  async rebroadcast(raw: Hex): Promise<Rebroadcast> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
      return { accepted: true };
    } catch (error) {
      if (isTransportError(error)) throw chainUnavailable(shortReason(error));
      const refusal = classifyRefusal(errorText(error));
      return refusal.kind === 'known' ? { accepted: true } : { accepted: false, kind: refusal.kind, reason: refusal.reason };
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

export function errorText(error: unknown): string {
  if (error instanceof BaseError) return [error.shortMessage, error.details, error.message].join(' ');
  return error instanceof Error ? error.message : String(error);
}

/** The node could not be reached (connection refused, HTTP failure, timeout). */
export function isTransportError(error: unknown): boolean {
  if (!(error instanceof BaseError)) return /fetch failed|ECONNREFUSED/i.test(String(error));
  return Boolean(error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError));
}

/** A readable reason: a custom error decoded with the contract's ABI, else the node's message. */
export function revertReason(error: unknown, call?: { abi?: Call['abi'] | typeof contractErrorsAbi }): string {
  if (error instanceof BaseError && call?.abi) {
    const withData = error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null;
    const data = withData?.data ?? (/return data: (0x[0-9a-fA-F]+)/.exec(errorText(error))?.[1] as Hex | undefined);
    if (data && data.length >= 10) {
      try {
        const decoded = decodeErrorResult({ abi: [...call.abi, ...contractErrorsAbi], data });
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
