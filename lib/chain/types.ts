import type { Address, Hex, LocalAccount } from 'viem';
import type { tokenTypes } from '@/db/schema';

export type TokenType = (typeof tokenTypes)[number];

export type SendTokensRequest = {
  /** The organization's signing account (its dev key); holds no key material in its fields. */
  from: LocalAccount;
  to: Address;
  /** Decimal string in whole tokens (18 decimals), e.g. "1.5". Never a float. */
  amount: string;
  tokenType: TokenType;
  /**
   * The organization's transfer sequence number. The `local` driver has no chain to ask for a
   * nonce, so it uses this one (distinct per transfer, so equal sends get distinct hashes);
   * the `evm` driver ignores it and asks the node for the pending nonce.
   */
  sequence: number;
};

export type SendTokensResult = {
  transactionHash: Hex;
  /** false when the transaction was only signed (the `local` driver). */
  broadcast: boolean;
  /** The signed, serialized transaction. */
  raw?: Hex;
};

/** What the service needs from a blockchain. Deploy and mint come later. */
export interface ChainClient {
  readonly name: 'local' | 'evm';
  sendTokens(request: SendTokensRequest): Promise<SendTokensResult>;
}
