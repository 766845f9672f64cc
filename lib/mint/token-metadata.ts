import { addContent } from '@/lib/content-store/store';
import { buildMetadataJson, metadataBytes, type MetadataSource, type NftMetadataJson } from './metadata';

/**
 * The metadata JSON a minted token's `uri(tokenId)` points at — the one function that decides
 * what goes on chain. Extensions (e.g. the signed copyright record's CID, once every holder has
 * authorized) are passed in `extras` and land under `properties`.
 */
export type TokenMetadataExtras = { properties?: Record<string, unknown> };

export type TokenMetadataJson = NftMetadataJson & { properties?: Record<string, unknown> };

export function buildTokenMetadata(nft: MetadataSource, extras: TokenMetadataExtras = {}): TokenMetadataJson {
  const base = buildMetadataJson(nft);
  return extras.properties && Object.keys(extras.properties).length ? { ...base, properties: extras.properties } : base;
}

/** Stores the token metadata in the content store: `ipfs://<CIDv1>`, the same CID any IPFS node computes. */
export async function publishTokenMetadata(nft: MetadataSource, extras: TokenMetadataExtras = {}): Promise<string> {
  const stored = await addContent(metadataBytes(buildTokenMetadata(nft, extras)), 'application/json');
  return `ipfs://${stored.cid}`;
}
