import { eq, or } from 'drizzle-orm';
import { generatePrivateKey } from 'viem/accounts';
import type { Db } from '@/db/client';
import { organizations, userOrganizations, users } from '@/db/schema';
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
export async function createOrganization(db: Db, raw: CreateOrganizationInput) {
  const parsed = createOrganizationInput.safeParse(raw);
  if (!parsed.success) throw new ValidationError('Invalid organization input.', issueLines(parsed.error, 'input'));
  const input = parsed.data;
  const tenant = input.tenant ?? uniqueTenant(db, slugify(input.name));
  if (db.select({ id: organizations.id }).from(organizations).where(eq(organizations.tenant, tenant)).get()) {
    throw new ConflictError(`Tenant "${tenant}" is already taken.`, [`tenant: "${tenant}" is already taken`]);
  }
  const result = db.transaction((tx) => {
    const [org] = tx
      .insert(organizations)
      .values({ name: input.name, tenant, chainKeyEncrypted: seal(generatePrivateKey(), CHAIN_KEY_PURPOSE) })
      .returning()
      .all();
    let admin = tx.select().from(users).where(eq(users.email, input.adminEmail)).get();
    if (!admin) {
      [admin] = tx
        .insert(users)
        .values({
          email: input.adminEmail,
          name: input.adminName ?? input.adminEmail.split('@')[0]!,
          emailConfirmed: true,
          isRegistered: true,
        })
        .returning()
        .all();
    }
    provisionCustodialWallet(tx, admin!.id);
    tx.insert(userOrganizations).values({ organizationId: org!.id, userId: admin!.id, role: 'OWNER', status: 'ACTIVE' }).run();
    return { org: org!, admin: admin! };
  });
  await setPassword(db, result.admin.id, input.adminPassword);
  const base = { organizationId: result.org.id, userId: result.admin.id };
  const apiKey = createApiKey(db, { ...base, family: 'A', name: 'Provisioned (Family A)' });
  const tenantApiKey = createApiKey(db, { ...base, family: 'B', name: 'Provisioned (Family B)' });
  return {
    organization: { id: result.org.id, name: result.org.name, tenant: result.org.tenant },
    admin: { id: result.admin.id, email: result.admin.email },
    apiKey: apiKey.key,
    tenantApiKey: tenantApiKey.key,
  };
}

function uniqueTenant(db: Db, base: string): string {
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? base : `${base}-${i + 1}`;
    if (!db.select({ id: organizations.id }).from(organizations).where(eq(organizations.tenant, candidate)).get()) {
      return candidate;
    }
  }
}

/** An organization by id or tenant slug. */
export function findOrganization(db: Db, idOrTenant: string) {
  const org = db
    .select()
    .from(organizations)
    .where(or(eq(organizations.id, idOrTenant), eq(organizations.tenant, idOrTenant)))
    .get();
  if (!org) throw new NotFoundError(`Organization "${idOrTenant}"`);
  return org;
}
