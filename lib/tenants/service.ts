import { eq, or } from 'drizzle-orm';
import { generatePrivateKey } from 'viem/accounts';
import { organizations, userOrganizations, users } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';
import { createApiKey } from '@/lib/api-keys/service';
import { setPassword } from '@/lib/auth/passwords';
import { seal } from '@/lib/crypto/secret-box';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import { issueLines } from '@/lib/http/zod-issues';
import { provisionCustodialWallet } from '@/lib/wallets/service';
import { createOrganizationInput, type CreateOrganizationInput } from './schemas';

export const CHAIN_KEY_PURPOSE = 'org-chain-key';

export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug.length >= 2 ? slug : `org-${slug}`.replace(/-$/, '');
}

/**
 * Creates an organization, its OWNER admin (with a console password and a custodial wallet)
 * and one API key of each family owned by that admin.
 */
export async function createOrganization(store: Store, raw: CreateOrganizationInput) {
  const parsed = createOrganizationInput.safeParse(raw);
  if (!parsed.success) throw new ValidationError('Invalid organization input.', issueLines(parsed.error, 'input'));
  const input = parsed.data;
  const tenant = input.tenant ?? (await uniqueTenant(store, slugify(input.name)));
  if ((await store.select({ id: organizations.id }).from(organizations).where(eq(organizations.tenant, tenant))).length) {
    throw new ConflictError(`Tenant "${tenant}" is already taken.`, [`tenant: "${tenant}" is already taken`]);
  }
  const result = await store.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: input.name, tenant, chainKeyEncrypted: seal(generatePrivateKey(), CHAIN_KEY_PURPOSE) })
      .returning();
    let [admin] = await tx.select().from(users).where(eq(users.email, input.adminEmail));
    if (!admin) {
      [admin] = await tx
        .insert(users)
        .values({
          email: input.adminEmail,
          name: input.adminName ?? input.adminEmail.split('@')[0]!,
          emailConfirmed: true,
          isRegistered: true,
        })
        .returning();
    }
    await provisionCustodialWallet(tx, admin!.id);
    await tx.insert(userOrganizations).values({ organizationId: org!.id, userId: admin!.id, role: 'OWNER', status: 'ACTIVE' });
    return { org: org!, admin: admin! };
  });
  await setPassword(store, result.admin.id, input.adminPassword);
  const base = { organizationId: result.org.id, userId: result.admin.id };
  const apiKey = await createApiKey(store, { ...base, family: 'A', name: 'Provisioned (Family A)' });
  const tenantApiKey = await createApiKey(store, { ...base, family: 'B', name: 'Provisioned (Family B)' });
  return {
    organization: { id: result.org.id, name: result.org.name, tenant: result.org.tenant },
    admin: { id: result.admin.id, email: result.admin.email },
    apiKey: apiKey.key,
    tenantApiKey: tenantApiKey.key,
  };
}

async function uniqueTenant(store: Store, base: string): Promise<string> {
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? base : `${base}-${i + 1}`;
    if (!(await store.select({ id: organizations.id }).from(organizations).where(eq(organizations.tenant, candidate))).length) {
      return candidate;
    }
  }
}

/** An organization by id or tenant slug. */
export async function findOrganization(store: Store, idOrTenant: string) {
  const [org] = await store
    .select()
    .from(organizations)
    .where(or(eq(organizations.id, idOrTenant), eq(organizations.tenant, idOrTenant)));
  if (!org) throw new NotFoundError(`Organization "${idOrTenant}"`);
  return org;
}
