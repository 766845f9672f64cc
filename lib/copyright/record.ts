import { getAddress, keccak256, toBytes, verifyTypedData, zeroAddress, type Hex, type LocalAccount } from 'viem';

/**
 * The canonical copyright record of an NFT's split and its EIP-712 signature.
 *
 * The record is JSON with object keys sorted (recursively), no insignificant whitespace, UTF-8 —
 * so the same split always gives the same bytes, the same CID and the same hash. The signature is
 * EIP-712 typed data whose `recordHash` is keccak256 of exactly those bytes: change any byte of the
 * record and the signature no longer verifies. The readable fields (NFT, licence, holders with
 * basis points) are in the typed data too, so a wallet shows what it signs.
 */
export type CopyrightRecord = {
  /**
   * /1: EIP-712 domain {name, version "1", chainId 137/80002 from `env`} — records signed before
   * the collection's chain was known; they keep verifying with that domain.
   * /2: domain {name, version "2", chainId of the chain the collection is on, verifyingContract =
   * the collection's address (when it has one)}.
   */
  schema: 'cl2c.copyright-record/1' | 'cl2c.copyright-record/2';
  organization: { id: string; name: string; signer: string };
  nft: { id: string; name: string; description: string | null; imagePath: string | null };
  contract: { id: string; name: string; symbol: string; network: string; env: string; address: string | null; chainId?: number };
  licence: { id: string; name: string; url: string | null };
  round: number;
  holders: {
    userId: string;
    userName: string | null;
    walletAddress: string | null;
    percentage: number;
    decision: 'AUTHORIZED';
    location: string;
    decidedAt: string;
    /** How the holder proved it was them (their own session); absent in records signed before it existed. */
    evidence?: string;
  }[];
  copyrightedAt: string;
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function sortKeys(value: unknown): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value as Json;
}

/** The record's canonical JSON text (sorted keys, no whitespace). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** Chain id of the EIP-712 domain: Polygon mainnet (137) or its Amoy testnet (80002). */
export function recordChainId(env: string): number {
  return env === 'MAINNET' ? 137 : 80002;
}

export const copyrightRecordTypes = {
  Holder: [
    { name: 'wallet', type: 'address' },
    { name: 'basisPoints', type: 'uint16' },
    { name: 'decidedAt', type: 'string' },
    { name: 'location', type: 'string' },
  ],
  CopyrightRecord: [
    { name: 'nftId', type: 'string' },
    { name: 'licence', type: 'string' },
    { name: 'copyrightedAt', type: 'string' },
    { name: 'holders', type: 'Holder[]' },
    { name: 'recordHash', type: 'bytes32' },
  ],
} as const;

/** The EIP-712 domain a record version is signed under (see `CopyrightRecord.schema`). */
export function copyrightDomain(record: CopyrightRecord) {
  if (record.schema === 'cl2c.copyright-record/1') {
    return { name: 'CL2C Copyright Record', version: '1', chainId: recordChainId(record.contract.env) };
  }
  return {
    name: 'CL2C Copyright Record',
    version: '2',
    chainId: record.contract.chainId ?? recordChainId(record.contract.env),
    ...(record.contract.address ? { verifyingContract: getAddress(record.contract.address) } : {}),
  };
}

/** The EIP-712 typed data for a record's exact text, under its version's domain. */
export function copyrightTypedData(recordJson: string) {
  const record = JSON.parse(recordJson) as CopyrightRecord;
  return {
    domain: copyrightDomain(record),
    types: copyrightRecordTypes,
    primaryType: 'CopyrightRecord' as const,
    message: {
      nftId: record.nft.id,
      licence: record.licence.id,
      copyrightedAt: record.copyrightedAt,
      holders: record.holders.map((h) => ({
        wallet: h.walletAddress ? getAddress(h.walletAddress) : zeroAddress,
        basisPoints: Math.round(h.percentage * 100),
        decidedAt: h.decidedAt,
        location: h.location,
      })),
      recordHash: keccak256(toBytes(recordJson)),
    },
  };
}

export async function signCopyrightRecord(account: LocalAccount, recordJson: string): Promise<Hex> {
  return account.signTypedData(copyrightTypedData(recordJson));
}

/** True when `signature` is `signer`'s EIP-712 signature of exactly this record text. */
export async function verifyCopyrightRecord(recordJson: string, signature: string, signer: string): Promise<boolean> {
  try {
    return await verifyTypedData({
      address: getAddress(signer),
      ...copyrightTypedData(recordJson),
      signature: signature as Hex,
    });
  } catch {
    return false;
  }
}
