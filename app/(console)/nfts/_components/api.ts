import type { z } from 'zod';
import { apiFetch, ApiError, type QueryValue } from '@/lib/http/client';
import type {
  CreateNftBody,
  holderView,
  nftCreatedView,
  nftDetailView,
  nftMetadataJson,
  nftView,
  UpdateNftBody,
  UpdateNftStatusBody,
} from '@/lib/nfts/schemas';

export type NftItem = z.infer<typeof nftView>;
export type NftCreated = z.infer<typeof nftCreatedView>;
export type NftDetail = z.infer<typeof nftDetailView>;
export type NftMetadata = z.infer<typeof nftMetadataJson>;
export type Holder = z.infer<typeof holderView>;
type Page<T> = {
  data: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasNext: boolean; hasPrev: boolean };
  filters: Record<string, unknown>;
};

const BASE = '/api/v1/cl2c/nft';

/** One key factory for the NFTs area; mutations invalidate `nftKeys.all`. */
export const nftKeys = {
  all: ['nfts'] as const,
  lists: () => [...nftKeys.all, 'list'] as const,
  list: (params: Record<string, QueryValue>) => [...nftKeys.lists(), params] as const,
  detail: (id: string) => [...nftKeys.all, 'detail', id] as const,
  metadata: (id: string) => [...nftKeys.all, 'metadata', id] as const,
};

export const fetchNfts = (query: Record<string, QueryValue>, signal?: AbortSignal) =>
  apiFetch<Page<NftItem>>(BASE, { query, signal });
export const fetchNft = (id: string, signal?: AbortSignal) => apiFetch<NftDetail>(`${BASE}/${encodeURIComponent(id)}`, { signal });
export const fetchNftMetadata = (id: string, signal?: AbortSignal) =>
  apiFetch<NftMetadata>(`${BASE}/${encodeURIComponent(id)}/metadata`, { signal });

export const createNft = (body: CreateNftBody) => apiFetch<NftCreated>(BASE, { method: 'POST', body });
export const updateNft = (id: string, body: UpdateNftBody) =>
  apiFetch<NftItem>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const updateNftStatus = (body: UpdateNftStatusBody) => apiFetch<NftItem>(BASE, { method: 'PUT', body });

/** `ipfs://<cid>[/path]` → this app's gateway URL; anything else → null. */
export function gatewayUrl(uri: string | null | undefined): string | null {
  if (!uri?.startsWith('ipfs://')) return null;
  const rest = uri.slice('ipfs://'.length).replace(/^ipfs\//, '');
  const cid = rest.split(/[/?#]/)[0];
  return cid ? `/ipfs/${cid}` : null;
}

/** The CID of an `ipfs://` URI, for display. */
export function cidOf(uri: string | null | undefined): string | null {
  if (!uri?.startsWith('ipfs://')) return null;
  return uri.slice('ipfs://'.length).replace(/^ipfs\//, '').split(/[/?#]/)[0] ?? null;
}

/** Server detail paths (`copyright[1].userId`) in react-hook-form's dotted form (`copyright.1.userId`). */
export function withFormPaths(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const details = error.details.map((line) => line.replace(/\[(\d+)\]/g, '.$1'));
  return new ApiError(error.status, error.message, details, error.requestId);
}
