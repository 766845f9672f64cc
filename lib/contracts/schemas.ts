import { z } from 'zod';
import { chainFactsView } from '@/lib/chain/schemas';
import { chainEnvs, contractStatuses, networks } from '@/db/enums';
import { limitParam, pageParam, searchParam, sortByParam, sortOrderParam } from '@/lib/shared/query';
import { evmAddress, isoDateTime, jsonObject } from '@/lib/shared/schemas';

export const contractSortFields = ['createdAt', 'updatedAt', 'name', 'symbol', 'status', 'deployedAt'] as const;

export const contractStatus = z.enum(contractStatuses);

/** A1 query. */
export const listContractsQuery = z.strictObject({
  page: pageParam,
  limit: limitParam,
  search: searchParam,
  status: contractStatus.optional().meta({ description: 'Only contracts in this status.' }),
  sortBy: sortByParam(contractSortFields),
  sortOrder: sortOrderParam,
});
export type ListContractsQuery = z.output<typeof listContractsQuery>;

/** The contracts' CSV export: the list's filters and search, every row (no page). */
export const exportContractsQuery = listContractsQuery.omit({ page: true, limit: true });

/** A2 body (also the console's create form). */
export const createContractBody = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  symbol: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(16, 'must be at most 16 characters')
    .regex(/^[A-Za-z0-9]+$/, 'must contain only letters and digits'),
  description: z.string().max(2000, 'must be at most 2000 characters').optional(),
  network: z.enum(networks).default('POLYGON'),
  env: z.enum(chainEnvs).default('TESTNET'),
  metadata: jsonObject.optional(),
});
export type CreateContractBody = z.output<typeof createContractBody>;
export type CreateContractInput = z.input<typeof createContractBody>;

/** A3 body (also the console's edit form). */
export const updateContractBody = z.strictObject({
  id: z.string().min(1, 'is required'),
  status: contractStatus.optional(),
  contractAddress: evmAddress.optional(),
  deployedAt: isoDateTime.optional(),
});
export type UpdateContractBody = z.output<typeof updateContractBody>;
export type UpdateContractInput = z.input<typeof updateContractBody>;

/** Response shape (documentation and console typing). */
export const contractView = z
  .object({
    id: z.string(),
    name: z.string(),
    symbol: z.string(),
    description: z.string().nullable(),
    network: z.string(),
    env: z.string(),
    status: contractStatus,
    contractAddress: z.string().nullable(),
    deployedAt: z.string().datetime().nullable(),
    metadata: z.record(z.string(), z.unknown()).meta({ description: 'Free-form; `{}` when none was given (never null).' }),
    creatorAddress: z.string().nullable().describe('The wallet that deployed it (set from the deployment receipt).'),
    deploymentTransactionHash: z.string().nullable().describe('Set as soon as the service signs the deployment.'),
    deploymentLogs: z
      .string()
      .nullable()
      .describe('JSON: the receipt logs once DEPLOYED, or {"error": reason} when the deployment FAILED.'),
    totalNFTs: z.number().int(),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .meta({ id: 'SmartContract' });

/** A contract with its latest deployment's chain facts (GET /cl2c/contract/{id}, deploy). */
export const contractChainView = contractView
  .extend({ chainTransaction: chainFactsView.nullable().meta({ description: 'The latest deployment on chain; null when never deployed here.' }) })
  .meta({ id: 'SmartContractWithChain' });
export type ContractChainView = z.infer<typeof contractChainView>;

export const deleteContractResponse = z.object({
  message: z.string(),
  deletedContract: z.object({ id: z.string(), name: z.string() }),
});
