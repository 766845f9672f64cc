import { apiFetch, type QueryValue } from '@/lib/http/client';

/** One key as the console API lists it (dates are ISO strings). */
export type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  family: 'A' | 'B';
  owner: { id: string; email: string };
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
};

export type ApiKeyPage = {
  data: ApiKeyRow[];
  pagination: {
    page: number;
    limit: number;
    total: number;
    totalPages: number;
    hasNext: boolean;
    hasPrev: boolean;
  };
};

/** The clear key, returned once by create. */
export type CreatedApiKey = {
  id: string;
  key: string;
  prefix: string;
  family: 'A' | 'B';
  name: string;
  expiresAt: string | null;
};

export const API_KEYS_PATH = '/api/console/api-keys';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (params: Record<string, QueryValue>) => [...apiKeyKeys.all, 'list', params] as const,
};

export function fetchApiKeys(params: Record<string, QueryValue>, signal?: AbortSignal) {
  return apiFetch<ApiKeyPage>(API_KEYS_PATH, { query: params, signal });
}

/** The two API families named by what they open, with the endpoints each key reaches. */
export const apiChoices = [
  {
    value: 'A',
    label: 'Organization API',
    hint: 'Contracts, NFTs, members, invitations and token sends: /api/v1/cl2c/… with the x-api-key header.',
  },
  {
    value: 'B',
    label: 'Tenant API',
    hint: 'NFT search and the tenant’s users: /v1/cl2c/… with the tenant and X-API-Key headers; calls act as you.',
  },
] as const;

export const apiName = (family: string) => (family === 'A' ? 'Organization API' : 'Tenant API');
