import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitations, userOrganizations, users, wallets } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import type { Store } from '@/lib/storage/store';
import { createTestOrg } from '@/test/helpers';
import { registerUserInOrganizationIn } from './registration';

let org: Awaited<ReturnType<typeof createTestOrg>>;
let store: Store;
beforeAll(async () => {
  org = await createTestOrg();
  store = await getStore();
});

const person = (n: string) => ({ email: `${n}@Example.test`, firstName: 'Ada', lastName: 'Lovelace', userName: `user.${n}` });
const register = (input: Parameters<typeof registerUserInOrganizationIn>[2]) =>
  store.transaction((tx) => registerUserInOrganizationIn(tx, org.organization.id, input));

describe('registerUserInOrganizationIn', () => {
  it('creates a registered user, an ACTIVE membership, a sealed wallet, and accepts the invitation', async () => {
    await store.insert(invitations).values({ organizationId: org.organization.id, email: 'ada1@example.test', tokenHash: 'h1', expiresAt: new Date(Date.now() + 1e6) });
    const result = await register(person('ada1'));
    expect(result.user).toMatchObject({ email: 'ada1@example.test', isRegistered: true, name: 'Ada Lovelace' });
    expect(result.walletAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const [membership] = await store.select().from(userOrganizations).where(eq(userOrganizations.id, result.membershipId));
    expect(membership).toMatchObject({ status: 'ACTIVE', role: 'MEMBER' });
    const [wallet] = await store.select().from(wallets).where(eq(wallets.userId, result.user.id));
    expect(wallet?.encryptedPrivateKey).toMatch(/^v1\./);
    const [invite] = await store.select().from(invitations).where(eq(invitations.tokenHash, 'h1'));
    expect(invite).toMatchObject({ status: 'ACCEPTED', userOrganizationId: result.membershipId });
  });

  it('409 on a registered e-mail, a user name in another case, or a used phone — and writes nothing', async () => {
    await register({ ...person('ada2'), phoneNumber: '+15550001' });
    const count = async () => (await store.select({ id: users.id }).from(users)).length;
    const before = await count();
    await expect(register(person('ada2'))).rejects.toThrow(/already registered/);
    await expect(register({ ...person('ada3'), userName: 'USER.ADA2' })).rejects.toThrow(/already registered/);
    await expect(register({ ...person('ada4'), phoneNumber: '+15550001' })).rejects.toThrow(/already registered/);
    expect(await count()).toBe(before);
  });
});
