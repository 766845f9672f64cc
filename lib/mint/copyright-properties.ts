import type { Nft } from '@/db/schema';

/**
 * What a minted token's metadata says about its copyright: the signed record's CID, the agreed
 * licence and the signature — so the token carries the consent it was minted with. Empty for an
 * NFT without a signed record (no holders).
 */
export function copyrightTokenProperties(
  nft: Pick<Nft, 'copyrightRecordCid' | 'licence' | 'signature' | 'copyrightedAt'>,
): Record<string, unknown> {
  if (!nft.copyrightRecordCid) return {};
  return {
    copyright: {
      record: `ipfs://${nft.copyrightRecordCid}`,
      licence: nft.licence,
      signature: nft.signature,
      copyrightedAt: nft.copyrightedAt?.toISOString() ?? null,
      standard: 'EIP-712 (CL2C Copyright Record v1)',
    },
  };
}
