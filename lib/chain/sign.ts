import { getContractAddress, keccak256, type Address, type Hex, type LocalAccount } from 'viem';
import type { Store } from '@/lib/storage/store';
import type { Call } from './calls';
import { recordSigned } from './ledger';
import { advanceWalletNonce } from './nonce-lock';

/** One transaction a driver signs: the call, the nonce it chose under the wallet's nonce lock, and its gas and fees. */
export type Signing = {
  ledgerId: string;
  chain: string;
  chainId: number;
  from: LocalAccount;
  call: Call;
  nonce: number;
  gasLimit: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  genesisHash: Hex | null;
  /** What the ledger counts as paid out when it differs from the call's value (the local chain's simulated token amount). */
  valueWei?: bigint;
  /** The token id a mint gets, when the driver knows it before the receipt (the local chain). */
  tokenId?: number | null;
};

export type Signed = { raw: Hex; transactionHash: Hex; nonce: number; contractAddress: Address | null };

/**
 * Signs an EIP-1559 transaction and records it in the ledger inside the caller's transaction — the
 * one that holds the wallet's nonce row (lib/chain/nonce-lock.ts) — so a signature exists only
 * together with its ledger row and the nonce it used: a crash rolls all three back. Both drivers
 * sign through here (lib/chain/local.ts, lib/chain/evm.ts); only how they choose the nonce and
 * fees differs. Signing with a local viem account does no I/O, which the SQLite engine's
 * transactions require.
 */
export async function signAndRecord(tx: Store, s: Signing): Promise<Signed> {
  const { call, from, nonce } = s;
  const raw = await from.signTransaction({
    type: 'eip1559',
    chainId: s.chainId,
    nonce,
    to: call.to,
    value: call.value,
    data: call.data,
    gas: s.gasLimit,
    maxFeePerGas: s.maxFeePerGas,
    maxPriorityFeePerGas: s.maxPriorityFeePerGas,
  });
  const transactionHash = keccak256(raw);
  const contractAddress = call.to ? null : getContractAddress({ from: from.address, nonce: BigInt(nonce) });
  await recordSigned(tx, s.ledgerId, {
    chain: s.chain,
    chainId: s.chainId,
    from: from.address,
    to: call.to,
    nonce,
    transactionHash,
    raw,
    contractAddress,
    tokenId: s.tokenId ?? null,
    valueWei: s.valueWei ?? call.value,
    gasLimit: s.gasLimit,
    maxFeePerGas: s.maxFeePerGas,
    maxPriorityFeePerGas: s.maxPriorityFeePerGas,
    genesisHash: s.genesisHash,
  });
  await advanceWalletNonce(tx, s.chain, from.address, nonce);
  return { raw, transactionHash, nonce, contractAddress };
}
