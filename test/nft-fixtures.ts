import { copyrightShares, nfts, smartContracts, userOrganizations, users } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';

/*
 * Rows inserted directly, on the engine of this run (the routes that create them are not what a
 * test that needs them is about).
 */

/** Inserts a contract of the organization. */
export async function insertContract(
  organizationId: string,
  values: Partial<typeof smartContracts.$inferInsert> = {},
) {
  const [row] = await (
    await getStore()
  )
    .insert(smartContracts)
    .values({
      organizationId,
      name: `Contract ${crypto.randomUUID().slice(0, 6)}`,
      symbol: 'TST',
      ...values,
    })
    .returning();
  return row!;
}

export async function insertNft(
  organizationId: string,
  smartContractId: string,
  values: Partial<typeof nfts.$inferInsert> = {},
) {
  const [row] = await (
    await getStore()
  )
    .insert(nfts)
    .values({
      organizationId,
      smartContractId,
      name: `NFT ${crypto.randomUUID().slice(0, 6)}`,
      ...values,
    })
    .returning();
  return row!;
}

/** A user with an ACTIVE membership, for copyright shares. */
export async function insertMember(
  organizationId: string,
  values: Partial<typeof users.$inferInsert> = {},
) {
  const store = await getStore();
  const [user] = await store
    .insert(users)
    .values({
      email: `m-${crypto.randomUUID().slice(0, 8)}@example.test`,
      isRegistered: true,
      ...values,
    })
    .returning();
  await store
    .insert(userOrganizations)
    .values({ organizationId, userId: user!.id, status: 'ACTIVE' });
  return user!;
}

export async function insertShare(
  nftId: string,
  userId: string,
  status: 'PENDING' | 'AUTHORIZED' | 'REJECTED',
  percentage = 50,
) {
  await (await getStore()).insert(copyrightShares).values({ nftId, userId, status, percentage });
}
