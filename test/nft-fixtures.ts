import { getDb } from '@/db/client';
import { copyrightShares, nfts, smartContracts, userOrganizations, users, type Nft, type SmartContract } from '@/db/schema';

/** Inserts a contract directly (the NFT engineer's A-routes are not needed for B tests). */
export function insertContract(organizationId: string, values: Partial<typeof smartContracts.$inferInsert> = {}): SmartContract {
  return getDb()
    .insert(smartContracts)
    .values({ organizationId, name: `Contract ${crypto.randomUUID().slice(0, 6)}`, symbol: 'TST', ...values })
    .returning()
    .get();
}

export function insertNft(
  organizationId: string,
  smartContractId: string,
  values: Partial<typeof nfts.$inferInsert> = {},
): Nft {
  return getDb()
    .insert(nfts)
    .values({ organizationId, smartContractId, name: `NFT ${crypto.randomUUID().slice(0, 6)}`, ...values })
    .returning()
    .get();
}

/** A user with an ACTIVE membership, for copyright shares. */
export function insertMember(organizationId: string, values: Partial<typeof users.$inferInsert> = {}) {
  const db = getDb();
  const user = db
    .insert(users)
    .values({ email: `m-${crypto.randomUUID().slice(0, 8)}@example.test`, isRegistered: true, ...values })
    .returning()
    .get();
  db.insert(userOrganizations).values({ organizationId, userId: user.id, status: 'ACTIVE' }).run();
  return user;
}

export function insertShare(nftId: string, userId: string, status: 'PENDING' | 'AUTHORIZED' | 'REJECTED', percentage = 50) {
  getDb().insert(copyrightShares).values({ nftId, userId, status, percentage }).run();
}
