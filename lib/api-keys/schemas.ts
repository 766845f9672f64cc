import { z } from 'zod';
import { limitParam, pageParam, searchParam, sortByParam, sortOrderParam } from '@/lib/shared/query';

export const apiKeyFamily = z.enum(['A', 'B']);

/** Console / CLI input for a new key. */
export const createApiKeyBody = z.strictObject({
  family: apiKeyFamily,
  name: z.string().trim().min(1, 'is required').max(100),
  expiresAt: z.iso
    .datetime({ offset: true })
    .optional()
    .refine((v) => v === undefined || new Date(v).getTime() > Date.now(), 'must be in the future'),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKeyStatuses = ['active', 'expired', 'revoked'] as const;
export const apiKeySortFields = ['createdAt', 'name', 'lastUsedAt', 'expiresAt'] as const;

/** Console list query (GET /api/console/api-keys). */
export const listApiKeysQuery = z.strictObject({
  page: pageParam,
  limit: limitParam,
  search: searchParam,
  family: apiKeyFamily.optional(),
  status: z.enum(apiKeyStatuses).optional(),
  sortBy: sortByParam(apiKeySortFields),
  sortOrder: sortOrderParam,
});
export type ListApiKeysQuery = z.output<typeof listApiKeysQuery>;
