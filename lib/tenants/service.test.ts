import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, organizations, userOrganizations, users, wallets } from '@/lib/storage/tables';
import { findActiveKey } from '@/lib/api-keys/service';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import { getStore } from '@/lib/storage/current';
import { createOrganization, findOrganization } from './service';

/*
 * Provisioning an organization on the engine of this run (the "sqlite" and "postgres" Vitest
 * projects both run this file): everything it writes, read back through the same Store.
 */
const unique = () => crypto.randomUUID().slice(0, 8);
const countOrganizations = async () => (await (await getStore()).select({ id: organizations.id }).from(organizations)).length;

describe('createOrganization', () => {
  it('writes the organization, its OWNER with a wallet and a password login, and one working key per family', async () => {
    const store = await getStore();
    const email = `Owner-${unique()}@Example.test`;
    const created = await createOrganization(store, { name: 'Harbor Rights', adminEmail: email, adminPassword: 'correct horse battery' });
    expect(created.organization).toEqual({ id: expect.any(String), name: 'Harbor Rights', tenant: expect.stringMatching(/^harbor-rights(-\d+)?$/) });
    expect(created.admin.email).toBe(email.toLowerCase());

    const [membership] = await store
      .select()
      .from(userOrganizations)
      .where(and(eq(userOrganizations.organizationId, created.organization.id), eq(userOrganizations.userId, created.admin.id)));
    expect(membership).toMatchObject({ role: 'OWNER', status: 'ACTIVE' });
    const primary = await store.select().from(wallets).where(eq(wallets.userId, created.admin.id));
    expect(primary).toHaveLength(1);
    expect(primary[0]!.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(primary[0]!.encryptedPrivateKey).not.toMatch(/^0x/);
    const logins = await store.select().from(accounts).where(eq(accounts.userId, created.admin.id));
    expect(logins.map((a) => a.providerId)).toEqual(['credential']);
    expect(logins[0]!.password).not.toContain('correct horse');

    const a = await findActiveKey(store, created.apiKey, 'A');
    const b = await findActiveKey(store, created.tenantApiKey, 'B');
    expect([a?.organizationId, b?.organizationId]).toEqual([created.organization.id, created.organization.id]);
    expect(await findActiveKey(store, created.apiKey, 'B')).toBeNull();
  });

  it('gives a second organization of the same name the next free tenant, and reuses a known admin', async () => {
    const store = await getStore();
    const email = `twice-${unique()}@example.test`;
    const name = `Same Name ${unique()}`;
    const first = await createOrganization(store, { name, adminEmail: email, adminPassword: 'correct horse battery' });
    const second = await createOrganization(store, { name, adminEmail: email, adminPassword: 'correct horse battery' });
    expect(second.organization.tenant).toBe(`${first.organization.tenant}-2`);
    expect(second.admin.id).toBe(first.admin.id);
    expect(await store.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    // One primary wallet for the person, whatever the number of organizations.
    expect(await store.select().from(wallets).where(eq(wallets.userId, first.admin.id))).toHaveLength(1);
  });

  it('refuses a taken tenant (409) and invalid input (400, naming each field), writing nothing', async () => {
    const store = await getStore();
    const tenant = `taken-${unique()}`;
    await createOrganization(store, { name: 'First', tenant, adminEmail: `a-${unique()}@example.test`, adminPassword: 'correct horse battery' });
    const before = await countOrganizations();
    const email = `b-${unique()}@example.test`;
    await expect(createOrganization(store, { name: 'Second', tenant, adminEmail: email, adminPassword: 'correct horse battery' })).rejects.toThrow(
      ConflictError,
    );
    const invalid = await createOrganization(store, { name: '', tenant: 'Bad Slug', adminEmail: 'nope', adminPassword: 'short' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ValidationError);
    const details = (invalid as ValidationError).details.join('\n');
    for (const field of ['name', 'tenant', 'adminEmail', 'adminPassword']) expect(details).toMatch(new RegExp(`^${field}: `, 'm'));
    expect(await countOrganizations()).toBe(before);
    expect(await store.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('findOrganization', () => {
  it('finds by id or tenant, and 404s for anything else', async () => {
    const store = await getStore();
    const created = await createOrganization(store, { name: 'Findable', adminEmail: `f-${unique()}@example.test`, adminPassword: 'correct horse battery' });
    expect((await findOrganization(store, created.organization.id)).tenant).toBe(created.organization.tenant);
    expect((await findOrganization(store, created.organization.tenant)).id).toBe(created.organization.id);
    await expect(findOrganization(store, 'no-such-tenant')).rejects.toThrow(NotFoundError);
  });
});
