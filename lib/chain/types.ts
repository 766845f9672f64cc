import type { Address, Hex, LocalAccount } from 'viem';
import type { tokenTypes } from '@/db/schema';

export type TokenType = (typeof tokenTypes)[number];

/** Every submission names its ledger row (lib/chain/ledger.ts), written PREPARED before the call. */
type Submission = {
  /** The `chain_transactions` row this transaction fills in (nonce, hash, raw) before broadcast. */
  ledgerId: string;
  /** The organization's signing account; holds no key material in its fields. */
  from: LocalAccount;
};

export type CollectionArgs = {
  name: string;
  symbol: string;
  owner: Address;
  royaltyReceiver: Address;
  /** ERC-2981 default royalty in basis points (500 = 5 %). */
  royaltyBps: number;
};
export type TokenArgs = { name: string; symbol: string; owner: Address; initialSupply: bigint };

export type DeployRequest = Submission &
  ({ contract: 'CL2CCollection'; args: CollectionArgs } | { contract: 'CL2CToken'; args: TokenArgs });

export type MintRequest = Submission & {
  /** The deployed CL2CCollection. */
  contract: Address;
  to: Address;
  amount: bigint;
  tokenUri: string;
};

export type SendTokensRequest = Submission & {
  to: Address;
  /** Decimal string in whole tokens (18 decimals), e.g. "1.5". Never a float. */
  amount: string;
  tokenType: TokenType;
};

export type Rebroadcast = { accepted: true } | { accepted: false; kind: 'insufficient_funds' | 'nonce_conflict' | 'nonce_ahead' | 'refused'; reason: string };

export type ReplaceRequest = {
  ledgerId: string;
  from: LocalAccount;
  purpose: 'speedup' | 'cancel';
  bumpPercent: number;
  maxFeePerGas: bigint;
};

/**
 * The receipt worker's question for a wallet with a pending transaction at `below`: is a lower nonce
 * free — above what the node has pending, held by no counting ledger row, and untouched since
 * `quietSince` (a send being allocated now would take it) — so that the sends from it up wait
 * forever? Then fill it (lib/chain/evm.ts `fillNonceGap`).
 */
export type NonceGapRequest = {
  organizationId: string;
  address: Address;
  below: number;
  quietSince: Date;
  /** The wallet's key, opened only when there is a hole to fill. */
  account: () => Promise<LocalAccount | null>;
};

/** The filler signed, recorded (a `filler` ledger row) and handed to the node. */
export type FilledGap = { ledgerId: string; nonce: number; transactionHash: Hex };

export type SubmitResult = {
  transactionHash: Hex;
  /** false when the transaction was only signed (the `local` driver). */
  broadcast: boolean;
  /** The signed, serialized transaction. */
  raw: Hex;
  nonce: number;
  from: Address;
  /** Contract creation: the address derived from sender + nonce. */
  contractAddress: Address | null;
};

export type ChainLog = { address: Address; topics: Hex[]; data: Hex; logIndex: number };

export type ChainReceipt = {
  transactionHash: Hex;
  status: 'success' | 'reverted';
  blockNumber: number;
  /** The block it is in: a different hash at that height later means a reorg. */
  blockHash: Hex;
  /** Blocks from its block to the head, its own included (1 = just mined). */
  confirmations: number;
  /** Wei, decimal strings. */
  gasUsed: string;
  effectiveGasPrice: string;
  blockTime: Date;
  contractAddress: Address | null;
  /** The token id the collection assigned (its `Minted` event), for mints. */
  tokenId: number | null;
  logs: ChainLog[];
  /** Why it reverted, when the node can tell. */
  reason: string | null;
  /** false: synthesized by the `local` driver, never on a network. */
  broadcast: boolean;
};

/** Which chain a node serves: its id and its genesis block (a restarted dev node has a new one). */
export type ChainIdentityFacts = { chainId: number; genesisHash: Hex };

/** What the service needs from a blockchain. Implementations: LocalChainClient, EvmChainClient. */
export interface ChainClient {
  readonly name: 'local' | 'evm';
  chainId(): Promise<number>;
  identity(): Promise<ChainIdentityFacts>;
  blockNumber(): Promise<number>;
  /** Hash of the canonical block at this height; null above the head. */
  blockHashAt(blockNumber: number): Promise<Hex | null>;
  /** Transactions of the address in blocks (`latest`): a nonce below it is consumed. */
  confirmedNonce(address: Address): Promise<number>;
  /**
   * Re-signs a pending ledger row's nonce — the same call with higher fees (`speedup`), or a
   * zero-value transfer to itself (`cancel`) — records it among the row's attempts and broadcasts it.
   * Returns null (nothing signed) when the raised fee would exceed `maxFeePerGas`.
   */
  replace(request: ReplaceRequest): Promise<{ transactionHash: Hex } | null>;
  deploy(request: DeployRequest): Promise<SubmitResult>;
  mint(request: MintRequest): Promise<SubmitResult>;
  sendTokens(request: SendTokensRequest): Promise<SubmitResult>;
  /** null while the transaction is not (yet) in a block. */
  getReceipt(transactionHash: Hex): Promise<ChainReceipt | null>;
  /** Sends an already signed transaction again (recovery); accepted when the node has it. */
  rebroadcast(raw: Hex): Promise<Rebroadcast>;
  /** Native balance in wei. */
  getBalance(address: Address): Promise<bigint>;
  /**
   * Fills the lowest hole in a wallet's nonces below a pending transaction with a zero-value transfer
   * to itself, or answers null (no hole, or a young one). Only drivers whose node queues
   * transactions behind a missing nonce have it (`evm`; the `local` chain has no queue and no holes).
   */
  fillNonceGap?(request: NonceGapRequest): Promise<FilledGap | null>;
}
