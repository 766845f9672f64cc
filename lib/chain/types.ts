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

/** What the service needs from a blockchain. Implementations: LocalChainClient, EvmChainClient. */
export interface ChainClient {
  readonly name: 'local' | 'evm';
  chainId(): Promise<number>;
  deploy(request: DeployRequest): Promise<SubmitResult>;
  mint(request: MintRequest): Promise<SubmitResult>;
  sendTokens(request: SendTokensRequest): Promise<SubmitResult>;
  /** null while the transaction is not (yet) in a block. */
  getReceipt(transactionHash: Hex): Promise<ChainReceipt | null>;
  /** Sends an already signed transaction again (recovery); true when the node has it. */
  rebroadcast(raw: Hex): Promise<boolean>;
  /** Native balance in wei. */
  getBalance(address: Address): Promise<bigint>;
}
