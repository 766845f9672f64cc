import { z } from 'zod';
import { nftStatuses } from '@/db/schema';
import { searchFieldNames } from './fields';

export const filterLogics = ['and', 'or', 'xor'] as const;
export const filterOperators = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'contains', 'startswith', 'endswith'] as const;
export type FilterLogic = (typeof filterLogics)[number];
export type FilterOperator = (typeof filterOperators)[number];

export const MAX_PAGE_SIZE = 100;
export const MAX_FILTER_DEPTH = 12;
export const MAX_FILTER_NODES = 500;

export const uuidString = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'must be a UUID in the format 00000000-0000-0000-0000-000000000000')
  .transform((v) => v.toLowerCase())
  .meta({ type: 'string', format: 'uuid' });

/** A filter value as JSON gives it; converted to the field's type by the translator. */
export const filterValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

export type AdvancedFilterInput = {
  logic?: string | null;
  filters?: AdvancedFilterInput[] | null;
  field?: string | null;
  operator?: string | null;
  value?: string | number | boolean | null;
};

/** Nesting depth of a filter tree (a leaf is 1), counted without recursion; stops past the limit. */
export function filterDepth(root: unknown): number {
  let max = 0;
  const stack: { node: unknown; depth: number }[] = [{ node: root, depth: 1 }];
  while (stack.length && max <= MAX_FILTER_DEPTH) {
    const { node, depth } = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    max = Math.max(max, depth);
    const children = (node as { filters?: unknown }).filters;
    if (Array.isArray(children)) for (const child of children) stack.push({ node: child, depth: depth + 1 });
  }
  return max;
}

/**
 * A node of the advanced filter tree: a group (`logic` + `filters`) or a leaf
 * (`field` + `operator` + `value`). Names are checked by the translator so every problem is
 * reported with its exact path.
 */
export const advancedFilter: z.ZodType<AdvancedFilterInput> = z.lazy(() =>
  z
    .object({
      logic: z
        .string()
        .nullish()
        .meta({ type: 'string', nullable: true, enum: [...filterLogics, null], description: 'A group’s logic over `filters` (case-insensitive). Absent on a leaf.' }),
      filters: z.array(advancedFilter).nullish().meta({ description: 'The group’s members: leaves or nested groups.' }),
      field: z
        .string()
        .nullish()
        .meta({ type: 'string', nullable: true, enum: [...searchFieldNames, null], description: 'A leaf’s field, as named in the search item (case-insensitive).' }),
      operator: z
        .string()
        .nullish()
        .meta({ type: 'string', nullable: true, enum: [...filterOperators, null], description: 'A leaf’s comparison (case-insensitive); strings compare case-insensitively.' }),
      value: filterValue.optional().meta({ description: 'Converted to the field type; null means IS NULL (eq) / IS NOT NULL (neq).' }),
    })
    .meta({ id: 'AdvancedFilter', description: 'A group `{logic, filters}` or a leaf `{field, operator, value}`.' }),
);

/** `"field"` or `"field asc|desc"`, field as in the search item. */
export const orderByPattern = `^\\s*(${searchFieldNames.join('|')})(\\s+(asc|desc))?\\s*$`;


/** B1 body. Every property may be null, as .NET clients commonly send. */
export const searchNftsBody = z
  .object({
    advancedSearch: z
      .object({
        fields: z
          .array(z.string().meta({ type: 'string', enum: [...searchFieldNames] }))
          .max(50)
          .nullish()
          .meta({ description: 'Fields to search (case-insensitive names); empty or absent = every searchable field.' }),
        keyword: z.string().max(200).nullish().meta({ description: 'Ignored when empty.' }),
      })
      .nullish()
      .meta({ description: 'The same substring search over the named fields only; OR-ed with `keyword`.' }),
    keyword: z.string().max(200).nullish().meta({ description: 'Case-insensitive substring over every searchable field (not ids).' }),
    // The depth is measured (iteratively) before zod recurses into the tree: 1,000 levels were a stack overflow (500).
    advancedFilter: z.preprocess((v, ctx) => {
      if (filterDepth(v) <= MAX_FILTER_DEPTH) return v;
      ctx.addIssue({ code: 'custom', message: `filters may be nested at most ${MAX_FILTER_DEPTH} levels deep` });
      return z.NEVER;
    }, advancedFilter.nullish()),
    pageNumber: z
      .number()
      .int('must be an integer')
      .min(-2_147_483_648)
      .max(2_147_483_647)
      .nullish()
      .meta({ description: '1-based; ≤ 0 means 1 (the default).' }),
    pageSize: z
      .number()
      .int('must be an integer')
      .min(-2_147_483_648)
      .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
      .nullish()
      .meta({ description: `≤ 0 means 10 (the default); at most ${MAX_PAGE_SIZE}.` }),
    orderBy: z
      .array(z.string().max(100).meta({ type: 'string', pattern: orderByPattern, example: 'mintedAt desc' }))
      .max(20)
      .nullish()
      .meta({ description: '`"field"` or `"field desc"`; the first entry sorts first. Default: createdAt descending.' }),
    smartContractId: uuidString.nullish().meta({ description: 'Only NFTs of this smart contract.' }),
  })
  .meta({ id: 'SearchNftsRequest' });
export type SearchNftsBody = z.output<typeof searchNftsBody>;

/** B2 path. */
export const nftIdParams = z.object({ id: uuidString });

const iso = z.string().datetime().nullable();

const nftCommon = {
  id: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  externalUrl: z.string().nullable(),
  imagePath: z.string().nullable(),
  status: z.enum(nftStatuses),
  supply: z.number().int(),
  minted: z.boolean(),
  mintedAt: iso,
  mintTransactionHash: z.string().nullable(),
  mintLogs: z.string().nullable(),
  tokenId: z.number().int().nullable(),
  tokenUri: z.string().nullable(),
  tokenOwner: z.string().nullable(),
  copyrighted: z.boolean(),
  copyrightMetadata: z.string().nullable(),
  copyrightedAt: iso,
  licence: z.string().nullable(),
  signature: z.string().nullable(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
};

export const nftSearchItem = z
  .object({ ...nftCommon, smartContractId: z.string().uuid(), smartContractName: z.string() })
  .meta({ id: 'NftSearchItem' });

export const nftSearchResponse = z
  .object({
    data: z.array(nftSearchItem),
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalCount: z.number().int(),
    pageSize: z.number().int(),
    hasPreviousPage: z.boolean(),
    hasNextPage: z.boolean(),
  })
  .meta({ id: 'NftSearchResponse' });

export const nftDetail = z
  .object({
    ...nftCommon,
    smartContract: z.object({
      id: z.string().uuid(),
      name: z.string(),
      symbol: z.string(),
      network: z.string(),
      deployed: z.boolean(),
      deploymentTransactionHash: z.string().nullable(),
      deploymentLogs: z.string().nullable(),
      contractAddress: z.string().nullable(),
      creatorAddress: z.string().nullable(),
      totalSupply: z.number().int(),
      description: z.string().nullable(),
    }),
  })
  .meta({ id: 'NftDetail' });
