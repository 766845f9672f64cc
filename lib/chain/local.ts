import {
  decodeFunctionData,
  erc20Abi,
  getAddress,
  getContractAddress,
  keccak256,
  parseGwei,
  parseTransaction,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { cL2CCollectionAbi } from '@/chain/artifacts';
import type { Db } from '@/db/client';
import { deployCall, mintCall, sendCall, type Call } from './calls';
import { findChainTxByHash, localMintsBefore, nextLocalNonce, recordSigned } from './ledger';
import { deployLogs, erc20TransferLogs, mintLogs } from './logs';
import { withAddressLock } from './nonce-lock';
import type { ChainClient, ChainLog, ChainReceipt, DeployRequest, MintRequest, SendTokensRequest, SubmitResult } from './types';

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
    private readonly db: () => Db,
    private readonly faucetToken?: Address,
  ) {}

  chainId() {
    return Promise.resolve(LOCAL_CHAIN_ID);
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
      const db = this.db();
      const nonce = nextLocalNonce(db, this.name, from.address);
      const raw = await from.signTransaction({
        type: 'eip1559',
        chainId: LOCAL_CHAIN_ID,
        nonce,
        to: call.to,
        value: call.value,
        data: call.data,
        gas: call.gas,
        maxPriorityFeePerGas: parseGwei('30'),
        maxFeePerGas: parseGwei('60'),
      });
      const transactionHash = keccak256(raw);
      const contractAddress = call.to ? null : getContractAddress({ from: from.address, nonce: BigInt(nonce) });
      const tokenId = call.to && call.abi === cL2CCollectionAbi ? localMintsBefore(db, this.name, call.to, nonce) + 1 : null;
      recordSigned(db, ledgerId, { chain: this.name, chainId: LOCAL_CHAIN_ID, from: from.address, to: call.to, nonce, transactionHash, raw, contractAddress, tokenId });
      return { transactionHash, raw, nonce, from: from.address, contractAddress, broadcast: false };
    });
  }

  /** The receipt a node would give for a signed ledger transaction (one transaction per block). */
  getReceipt(transactionHash: Hex): Promise<ChainReceipt | null> {
    const db = this.db();
    const row = findChainTxByHash(db, transactionHash);
    if (!row?.raw || !row.fromAddress || row.nonce == null) return Promise.resolve(null);
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
        tokenId = localMintsBefore(db, this.name, to, row.nonce) + 1;
        logs = mintLogs(to, from, recipient, BigInt(tokenId), amount, uri);
      } else {
        const transfer = tryDecode(() => decodeFunctionData({ abi: erc20Abi, data: tx.data! }));
        if (transfer?.functionName === 'transfer') logs = erc20TransferLogs(to, from, transfer.args[0], transfer.args[1]);
      }
    }
    return Promise.resolve({
      transactionHash,
      status: 'success',
      blockNumber: localBlockNumber(db, row.id),
      blockTime: row.createdAt,
      contractAddress,
      tokenId,
      logs,
      reason: null,
      broadcast: false,
    });
  }

  rebroadcast(raw: Hex) {
    return Promise.resolve(Boolean(findChainTxByHash(this.db(), keccak256(raw))));
  }

  /** The embedded chain keeps no balances: it reports 0 (nothing is ever spent either). */
  getBalance(address: Address) {
    void address;
    return Promise.resolve(0n);
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
function localBlockNumber(db: Db, id: string): number {
  const row = db.$client
    .prepare(`select count(*) as n from chain_transactions where chain = 'local' and transaction_hash is not null and rowid <= (select rowid from chain_transactions where id = ?)`)
    .get(id) as { n: number };
  return row.n;
}
