import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyrightRequests, nfts, outboxEmails } from '@/lib/storage/tables';
import type { Actor } from '@/lib/shared/actor';
import { createNft, updateNft, updateNftStatus } from '@/lib/nfts/service';
import { getStore } from '@/lib/storage/current';
import type { Store } from '@/lib/storage/store';
import { createTestOrg } from '@/test/helpers';
import { insertContract, insertMember } from '@/test/nft-fixtures';
import { decideByToken } from './service';
import { refreshCopyrightStatus } from './split';

/*
 * The split beside the NFT's own status: A6 without holders (which asks mintIfReady) and A7's
 * MINTED (which asks assertNftManualStatus). Written on the Store, but SQLite only for now: those
 * two are the chain helper's and still read through better-sqlite3 (lib/mint/service.ts,
 * lib/chain/manual-status.ts). When they take a Store this file joins test/postgres/suite.ts.
 */

let store: Store;
let actor: Actor;
let contractId: string;

const nftRow = async (id: string) => (await store.select().from(nfts).where(eq(nfts.id, id)))[0]!;

/** The only holder answers through the newest link mailed to them, signed in as themselves. */
async function authorizeAs(user: { id: string; email: string }) {
  const [mail] = await store.select().from(outboxEmails).where(eq(outboxEmails.to, user.email)).orderBy(desc(outboxEmails.createdAt)).limit(1);
  const token = mail!.text.match(/\/copyright\/([A-Za-z0-9_-]{43})/)![1]!;
  return decideByToken(store, token, { decision: 'AUTHORIZE', location: 'Lisbon, Portugal' }, {
    requestId: crypto.randomUUID(),
    clientAddress: null,
    person: { userId: user.id, email: user.email, sessionIdHash: 'test-session' },
  });
}

beforeAll(async () => {
  store = await getStore();
  const org = await createTestOrg();
  actor = { kind: 'api_key', keyId: 'test-key', userId: org.admin.id, organizationId: org.organization.id, requestId: 'req-test' };
  contractId = (await insertContract(org.organization.id, { name: 'Status Collection' })).id;
});

describe('an NFT without holders', () => {
  it('has no requests and its licence applies at once', async () => {
    const nft = await createNft(store, actor, { name: 'Solo', smartContractId: contractId, supply: 1, copyright: [], licence: 'CC-BY-4.0' });
    expect(nft.copyrightStatus).toBe('NONE');
    expect((await nftRow(nft.id)).licence).toBe('CC-BY-4.0');
    expect(await store.select().from(copyrightRequests).where(eq(copyrightRequests.nftId, nft.id))).toHaveLength(0);
  });

  it('is stored settled: recomputing its split changes nothing', async () => {
    for (const licence of ['CC-BY-4.0', undefined] as const) {
      const nft = await createNft(store, actor, { name: 'Solo', smartContractId: contractId, supply: 1, copyright: [], licence });
      const split = async (id: string) => {
        const { copyrightStatus, copyrightedAt, licence, licenceOffered, signature, copyrightMetadata, copyrightRecordCid } = await nftRow(id);
        return { copyrightStatus, copyrightedAt, licence, licenceOffered, signature, copyrightMetadata, copyrightRecordCid };
      };
      const stored = await split(nft.id);
      expect(stored).toMatchObject({ copyrightStatus: 'NONE', licence: licence ?? null, licenceOffered: licence ?? null });
      await store.transaction((tx) => refreshCopyrightStatus(tx, nft.id));
      expect(await split(nft.id)).toEqual(stored);
    }
  });
});

describe('A7 MINTED and the split', () => {
  it('a split still awaiting cannot be marked minted (409); a copyrighted one can, and is then frozen', async () => {
    const holder = await insertMember(actor.organizationId);
    const nft = await createNft(store, actor, {
      name: 'Split',
      smartContractId: contractId,
      supply: 1,
      copyright: [{ userId: holder.id, percentage: 100 }],
    });
    await expect(updateNftStatus(store, actor, { id: nft.id, status: 'MINTED' })).rejects.toMatchObject({
      status: 409,
      details: ['status: the copyright split is AWAITING'],
    });
    expect((await nftRow(nft.id)).status).toBe('CREATED');
    expect((await authorizeAs(holder)).copyrightStatus).toBe('COPYRIGHTED');
    await updateNftStatus(store, actor, { id: nft.id, status: 'MINTED' });
    await expect(updateNft(store, actor, nft.id, { licence: 'CC-BY-NC-4.0' })).rejects.toMatchObject({
      status: 409,
      details: ['licence: the NFT is MINTED'],
    });
    const row = await nftRow(nft.id);
    expect(row).toMatchObject({ status: 'MINTED', copyrightStatus: 'COPYRIGHTED' });
    expect(await store.select().from(copyrightRequests).where(and(eq(copyrightRequests.nftId, nft.id), eq(copyrightRequests.status, 'OPEN')))).toHaveLength(0);
  });
});
