import type { z } from 'zod';
import type { contractView } from '@/lib/contracts/schemas';

/** A contract as the Family A API returns it (dates as ISO strings). */
export type Contract = z.infer<typeof contractView>;

export type ContractList = {
  data: Contract[];
  pagination: {
    page: number;
    limit: number;
    total: number;
    totalPages: number;
    hasNext: boolean;
    hasPrev: boolean;
  };
  filters: Record<string, unknown>;
};

export const CONTRACTS_PATH = '/api/v1/cl2c/contract';
/** One contract by id (console session). */
export const CONSOLE_CONTRACT_PATH = '/api/v1/console/contracts';

/** react-query keys of the contracts area; mutations invalidate `contractKeys.all`. */
export const contractKeys = {
  all: ['contracts'] as const,
  lists: () => [...contractKeys.all, 'list'] as const,
  list: (query: Record<string, string | number>) => [...contractKeys.lists(), query] as const,
  detail: (id: string) => [...contractKeys.all, 'detail', id] as const,
};
