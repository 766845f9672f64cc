import { z } from 'zod';

export const tenantSlug = z
  .string()
  .trim()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens');

export const createOrganizationInput = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(100),
  tenant: tenantSlug.optional(),
  adminEmail: z.email('must be a valid e-mail address').transform((v) => v.toLowerCase()),
  adminPassword: z.string().min(8, 'must be at least 8 characters').max(128),
  adminName: z.string().trim().max(150).optional(),
});
export type CreateOrganizationInput = z.input<typeof createOrganizationInput>;
