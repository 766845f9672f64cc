import { z } from 'zod';

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
