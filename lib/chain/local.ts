import {
  decodeFunctionData,
  erc20Abi,
  formatEther,
  getAddress,
  getContractAddress,
  keccak256,
  parseEther,
  parseGwei,
  parseTransaction,
  toHex,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { cL2CCollectionAbi } from '@/chain/artifacts';
import { and, count, eq, isNotNull, lte, notInArray } from 'drizzle-orm';
import { chainTransactions } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';
import { deployCall, mintCall, sendCall, type Call } from './calls';
import { chainInsufficient } from './errors';
import { findChainTxByHash, localMintsBefore, nextLocalNonce } from './ledger';
import { deployLogs, erc20TransferLogs, mintLogs } from './logs';
import { inAddressQueue, lockWalletNonce, type DriverOptions } from './nonce-lock';
import { localChainBalance } from './settings';
import { signAndRecord } from './sign';
import type { ChainClient, ChainIdentityFacts, ChainLog, ChainReceipt, DeployRequest, MintRequest, Rebroadcast, SendTokensRequest, SubmitResult } from './types';

const LOCAL_MAX_FEE = parseGwei('60');
const LOCAL_TIP = parseGwei('30');
/** A fixed, recognisable "genesis" for the embedded chain: it never changes, nothing to reconcile. */
const LOCAL_GENESIS = keccak256(toHex('cl2c embedded local chain'));

/**
 * What an address has signed away on the embedded chain: each transaction's simulated amount (the
 * value, or the token amount of a faucet send) plus its gas at its fee cap. Refused, cancelled and
 * orphaned rows spent nothing.
 */
export async function localSpent(store: Store, from: Address): Promise<bigint> {
  const rows = await store
    .select({ value: chainTransactions.valueWei, gas: chainTransactions.gasLimit, fee: chainTransactions.maxFeePerGas })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chain, 'local'),
        eq(chainTransactions.fromAddress, from),
        isNotNull(chainTransactions.nonce),
        notInArray(chainTransactions.status, ['FAILED', 'CANCELLED', 'ORPHANED']),
      ),
    );
  return rows.reduce((sum, r) => sum + BigInt(r.value ?? '0') + BigInt(r.gas ?? '0') * BigInt(r.fee ?? '0'), 0n);
}

/** The simulated balance of an organization wallet: LOCAL_CHAIN_BALANCE minus what it signed. */
export async function localBalance(store: Store, from: Address): Promise<bigint> {
  const left = localChainBalance() - (await localSpent(store, from));
  return left > 0n ? left : 0n;
}

/** What a local transaction will draw from the simulated balance (amount + gas at the fee cap). */
export function localCost(call: Pick<Call, 'value' | 'gas'>, amount?: string): bigint {
  return (amount ? parseEther(amount) : call.value) + call.gas * LOCAL_MAX_FEE;
}

/** Polygon Amoy: the local driver signs transactions as a testnet wallet would. */
export const LOCAL_CHAIN_ID = 80002;

/**
 * The embedded default driver (no network). It signs the real transactions — contract creation
 * with the committed bytecode, mint calldata, transfers — with the organization's key, taking
 * nonces from the ledger as a node would count them, and records them there. What it reports is
 * what a node would report for the same signed bytes: the hash is keccak256 of the serialization,
 * a created contract's address is derived from sender + nonce, token ids count from 1 per
 * collection in nonce order, and receipts (with the same event logs) are synthesized with
 * `broadcast: false`. Nothing here runs the EVM, so nothing here can revert.
 */
export class LocalChainClient implements ChainClient {
  readonly name = 'local' as const;

  constructor(
    private readonly store: () => Promise<Store>,
    private readonly faucetToken?: Address,
    private readonly options: DriverOptions = {},
  ) {}

  chainId() {
    return Promise.resolve(LOCAL_CHAIN_ID);
  }

  identity(): Promise<ChainIdentityFacts> {
    return Promise.resolve({ chainId: LOCAL_CHAIN_ID, genesisHash: LOCAL_GENESIS });
  }

  /** One transaction per block: the number of transactions signed so far. */
  async blockNumber() {
    const [row] = await (await this.store())
      .select({ n: count() })
      .from(chainTransactions)
      .where(and(eq(chainTransactions.chain, 'local'), isNotNull(chainTransactions.transactionHash)));
    return Number(row?.n ?? 0);
  }

  blockHashAt(blockNumber: number) {
    return this.blockNumber().then((head) => (blockNumber > head ? null : keccak256(toHex(`local block ${blockNumber}`))));
  }

  async confirmedNonce(address: Address) {
    return nextLocalNonce(await this.store(), this.name, address);
  }

  /** Nothing local is ever pending (its receipt is synthesized at once): nothing to replace. */
  replace() {
    return Promise.resolve(null);
  }

  deploy(req: DeployRequest) {
    return this.submit(req.ledgerId, req.from, deployCall(req));
  }

  mint(req: MintRequest) {
    return this.submit(req.ledgerId, req.from, mintCall(req));
  }

  sendTokens(req: SendTokensRequest) {
    return this.submit(req.ledgerId, req.from, sendCall(req, this.faucetToken), req.amount);
  }

  /**
   * Balance, nonce, signature and ledger record in ONE transaction: the nonce is the ledger's next
   * (taken under the wallet's nonce lock, lib/chain/nonce-lock.ts), and what is signed is recorded
   * with it or not at all. Signing with a local viem account settles within the same turn of the
   * event loop (no I/O), which the SQLite engine's transactions require.
   */
  private submit(ledgerId: string, from: LocalAccount, call: Call, amount?: string): Promise<SubmitResult> {
    return inAddressQueue(this.options, from.address, async () => {
      const store = await this.store();
      return store.transaction(async (tx) => {
        await lockWalletNonce(tx, this.name, from.address);
        const cost = localCost(call, amount);
        const balance = await localBalance(tx, from.address);
        if (cost > balance) {
          throw chainInsufficient(
            `${amount ? `amount ${amount} plus gas` : 'gas'} (${formatEther(cost)}) exceeds the simulated balance of ${from.address} on the local chain (${formatEther(balance)} left of LOCAL_CHAIN_BALANCE ${formatEther(localChainBalance())})`,
          );
        }
        const nonce = await nextLocalNonce(tx, this.name, from.address);
        const tokenId = call.to && call.abi === cL2CCollectionAbi ? (await localMintsBefore(tx, this.name, call.to, nonce)) + 1 : null;
        const signed = await signAndRecord(tx, {
          ledgerId,
          chain: this.name,
          chainId: LOCAL_CHAIN_ID,
          from,
          call,
          nonce,
          gasLimit: call.gas,
          maxFeePerGas: LOCAL_MAX_FEE,
          maxPriorityFeePerGas: LOCAL_TIP,
          genesisHash: LOCAL_GENESIS,
          valueWei: amount ? parseEther(amount) : call.value,
          tokenId,
        });
        return { ...signed, from: from.address, broadcast: false };
      });
    });
  }

  /** The receipt a node would give for a signed ledger transaction (one transaction per block). */
  async getReceipt(transactionHash: Hex): Promise<ChainReceipt | null> {
    const store = await this.store();
    const row = await findChainTxByHash(store, transactionHash);
    if (!row?.raw || !row.fromAddress || row.nonce == null) return null;
    const tx = parseTransaction(row.raw as Hex);
    const from = getAddress(row.fromAddress);
    let logs: ChainLog[] = [];
    let tokenId: number | null = null;
    let contractAddress: Address | null = null;
    if (!tx.to) {
      contractAddress = getContractAddress({ from, nonce: BigInt(row.nonce) });
      logs = deployLogs(contractAddress, from);
    } else if (tx.data && tx.data !== '0x') {
      const to = getAddress(tx.to);
      const mint = tryDecode(() => decodeFunctionData({ abi: cL2CCollectionAbi, data: tx.data! }));
      if (mint?.functionName === 'mint') {
        const [recipient, amount, uri] = mint.args;
        tokenId = (await localMintsBefore(store, this.name, to, row.nonce)) + 1;
        logs = mintLogs(to, from, recipient, BigInt(tokenId), amount, uri);
      } else {
        const transfer = tryDecode(() => decodeFunctionData({ abi: erc20Abi, data: tx.data! }));
        if (transfer?.functionName === 'transfer') logs = erc20TransferLogs(to, from, transfer.args[0], transfer.args[1]);
      }
    }
    const blockNumber = await localBlockNumber(store, row.id);
    return {
      transactionHash,
      status: 'success',
      blockNumber,
      blockHash: keccak256(toHex(`local block ${blockNumber}`)),
      confirmations: 1,
      gasUsed: (tx.gas ?? 0n).toString(),
      effectiveGasPrice: (tx.maxFeePerGas ?? 0n).toString(),
      blockTime: row.createdAt,
      contractAddress,
      tokenId,
      logs,
      reason: null,
      broadcast: false,
    };
  }

  async rebroadcast(raw: Hex): Promise<Rebroadcast> {
    return (await findChainTxByHash(await this.store(), keccak256(raw)))
      ? { accepted: true }
      : { accepted: false, kind: 'refused', reason: 'node refused: unknown to the local chain' };
  }

  /** The simulated balance (LOCAL_CHAIN_BALANCE minus what the wallet signed). */
  async getBalance(address: Address) {
    return localBalance(await this.store(), getAddress(address));
  }
}

function tryDecode<T>(decode: () => T): T | null {
  try {
    return decode();
  } catch {
    return null;
  }
}

/** One transaction per block on the embedded chain: the block number is the ledger position. */
async function localBlockNumber(store: Store, id: string): Promise<number> {
  const position = store.select({ seq: chainTransactions.seq }).from(chainTransactions).where(eq(chainTransactions.id, id));
  const [row] = await store
    .select({ n: count() })
    .from(chainTransactions)
    .where(and(eq(chainTransactions.chain, 'local'), isNotNull(chainTransactions.transactionHash), lte(chainTransactions.seq, position)));
  return Number(row?.n ?? 0);
}
