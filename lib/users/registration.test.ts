import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { invitations, userOrganizations, wallets } from '@/db/schema';
import { createTestOrg } from '@/test/helpers';
import { registerUserInOrganization } from './registration';

let org: Awaited<ReturnType<typeof createTestOrg>>;
beforeAll(async () => {
  org = await createTestOrg();
});

const person = (n: string) => ({ email: `${n}@Example.test`, firstName: 'Ada', lastName: 'Lovelace', userName: `user.${n}` });

describe('registerUserInOrganization', () => {
  it('creates a registered user, an ACTIVE membership, a sealed wallet, and accepts the invitation', () => {
    const db = getDb();
    db.insert(invitations)
      .values({ organizationId: org.organization.id, email: 'ada1@example.test', tokenHash: 'h1', expiresAt: new Date(Date.now() + 1e6) })
      .run();
    const result = db.transaction((tx) => registerUserInOrganization(tx, org.organization.id, person('ada1')));
    expect(result.user).toMatchObject({ email: 'ada1@example.test', isRegistered: true, name: 'Ada Lovelace' });
    expect(result.walletAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const membership = db.select().from(userOrganizations).where(eq(userOrganizations.id, result.membershipId)).get();
    expect(membership).toMatchObject({ status: 'ACTIVE', role: 'MEMBER' });
    const wallet = db.select().from(wallets).where(eq(wallets.userId, result.user.id)).get();
    expect(wallet?.encryptedPrivateKey).toMatch(/^v1\./);
    const invite = db.select().from(invitations).where(eq(invitations.tokenHash, 'h1')).get();
    expect(invite).toMatchObject({ status: 'ACCEPTED', userOrganizationId: result.membershipId });
  });

  it('409 on a registered e-mail, a user name in another case, or a used phone — and writes nothing', () => {
    const db = getDb();
    db.transaction((tx) => registerUserInOrganization(tx, org.organization.id, { ...person('ada2'), phoneNumber: '+15550001' }));
    const attempt = (input: Parameters<typeof registerUserInOrganization>[2]) => () =>
      db.transaction((tx) => registerUserInOrganization(tx, org.organization.id, input));
    expect(attempt(person('ada2'))).toThrow(/already registered/);
    expect(attempt({ ...person('ada3'), userName: 'USER.ADA2' })).toThrow(/already registered/);
    expect(attempt({ ...person('ada4'), phoneNumber: '+15550001' })).toThrow(/already registered/);
  });
});
