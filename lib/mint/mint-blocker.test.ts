import { describe, expect, it } from 'vitest';
import { getStore } from '@/lib/storage/current';
import { NotFoundError } from '@/lib/errors';
import { createTestOrg } from '@/test/helpers';
import { insertContract, insertMember, insertNft, insertShare } from '@/test/nft-fixtures';
import { mintBlocker } from './service';

/** Every reason `mintBlocker` gives (A6 mints at once when there is none; A7 shows it as mintBlockedBy). */
describe('mintBlocker', () => {
  it('names each reason an NFT cannot be minted now, and none when it can', async () => {
    const org = await createTestOrg();
    const orgId = org.organization.id;
    const db = await getStore();
    const deployed = await insertContract(orgId, {
      status: 'DEPLOYED',
      contractAddress: `0x${'1'.repeat(40)}`,
      deploymentTransactionHash: `0x${'a'.repeat(64)}`,
    });
    const byHand = await insertContract(orgId, {
      status: 'DEPLOYED',
      contractAddress: `0x${'2'.repeat(40)}`,
    });
    const notDeployed = await insertContract(orgId);
    const holder = await insertMember(orgId);
    const blocker = async (
      values: Parameters<typeof insertNft>[2],
      contractId = deployed.id,
      shares = false,
    ) => {
      const nft = await insertNft(orgId, contractId, values);
      if (shares) await insertShare(nft.id, holder.id, 'AUTHORIZED', 100);
      return mintBlocker(db, orgId, nft.id);
    };

    expect(await blocker({})).toBeNull();
    expect(await blocker({ status: 'MINTED' })).toBe('status: the NFT is already minted');
    expect(await blocker({ status: 'PENDING' })).toBe('status: the NFT is already being minted');
    expect(await blocker({}, notDeployed.id)).toBe(
      `smartContractId: contract ${notDeployed.id} is not deployed yet`,
    );
    expect(await blocker({}, byHand.id)).toMatch(
      /^smartContractId: contract .* was registered by hand \(A3\)/,
    );
    expect(await blocker({}, deployed.id, true)).toBe(
      'copyright: waiting for every copyright holder to authorize',
    );
    expect(await blocker({ copyrightedAt: new Date() }, deployed.id, true)).toBe(
      'copyright: the signed copyright record is not stored yet',
    );
    expect(
      await blocker(
        { copyrightedAt: new Date(), copyrightRecordCid: 'bafkreigh2akiscaildc' },
        deployed.id,
        true,
      ),
    ).toBeNull();
  });

  it("is 404 for another organization's NFT", async () => {
    const org = await createTestOrg();
    const other = await createTestOrg();
    const nft = await insertNft(
      other.organization.id,
      (await insertContract(other.organization.id)).id,
    );
    await expect(mintBlocker(await getStore(), org.organization.id, nft.id)).rejects.toThrow(NotFoundError);
  });
});
