/**
 * ERC-721 / OpenSea metadata JSON for an NFT. `attributes` comes from the NFT's `metadata`:
 * its own `attributes` array when it has one, otherwise one `{trait_type, value}` per top-level
 * string, number or boolean entry. Keys are written in a fixed order so the same NFT always gives
 * the same bytes (and so the same CID).
 */
export type MetadataSource = {
  name: string;
  description: string | null;
  externalUrl: string | null;
  imagePath: string | null;
  metadata: Record<string, unknown> | null;
};

export type NftMetadataJson = {
  name: string;
  description: string;
  image?: string;
  external_url?: string;
  attributes: unknown[];
};

export function metadataAttributes(metadata: Record<string, unknown> | null): unknown[] {
  if (!metadata) return [];
  if (Array.isArray(metadata.attributes)) return metadata.attributes as unknown[];
  return Object.entries(metadata)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map(([trait_type, value]) => ({ trait_type, value }));
}

export function buildMetadataJson(nft: MetadataSource): NftMetadataJson {
  return {
    name: nft.name,
    description: nft.description ?? '',
    ...(nft.imagePath ? { image: nft.imagePath } : {}),
    ...(nft.externalUrl ? { external_url: nft.externalUrl } : {}),
    attributes: metadataAttributes(nft.metadata),
  };
}

export function metadataBytes(json: NftMetadataJson): Buffer {
  return Buffer.from(JSON.stringify(json, null, 2) + '\n', 'utf8');
}
