import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { createTestOrg } from '@/test/helpers';
import { registerUserInOrganization } from './registration';

let org: Awaited<ReturnType<typeof createTestOrg>>;
beforeAll(async () => {
  org = await createTestOrg();
});

const person = (n: string) => ({ email: `${n}@Example.test`, firstName: 'Ada', lastName: 'Lovelace', userName: `user.${n}` });

// The synchronous twin that SQLite fixtures call inside a better-sqlite3 transaction.
describe('registerUserInOrganization (SQLite twin)', () => {
  it('registers the same way and refuses the same duplicates', () => {
    const db = getDb();
    const result = db.transaction((tx) => registerUserInOrganization(tx, org.organization.id, person('twin1')));
    expect(result.user).toMatchObject({ email: 'twin1@example.test', isRegistered: true, name: 'Ada Lovelace' });
    expect(result.walletAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(() => db.transaction((tx) => registerUserInOrganization(tx, org.organization.id, { ...person('twin2'), userName: 'USER.TWIN1' }))).toThrow(
      /already registered/,
    );
  });
});
