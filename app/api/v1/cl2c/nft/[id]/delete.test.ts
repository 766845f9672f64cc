import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getStore } from '@/lib/storage/current';
import { auditEvents, copyrightShares, nfts } from '@/lib/storage/tables';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { call, createTestOrg } from '@/test/helpers';
import { DELETE as deleteContract } from '../../contract/[id]/route';
import { POST as createContract } from '../../contract/route';
import { POST as createNft } from '../route';
import { DELETE, GET } from './route';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let holderId: string;
const h = (key = org.apiKey) => ({ 'x-api-key': key });
const uniq = () => crypto.randomUUID().slice(0, 8);

async function newContract() {
  const res = await call(createContract, { method: 'POST', headers: h(), body: { name: `C ${uniq()}`, symbol: 'DEL' } });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

async function newNft(smartContractId: string, withShare = false) {
  const body = { smartContractId, name: `N ${uniq()}`, copyright: withShare ? [{ userId: holderId, percentage: 100 }] : [] };
  const res = await call(createNft, { method: 'POST', headers: h(), body });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; name: string };
}

const del = (id: string, key = org.apiKey) => call(DELETE, { method: 'DELETE', headers: h(key), params: { id } });

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  const email = `holder-${uniq()}@example.test`;
  holderId = (
    await (await getStore()).transaction((tx) =>
      registerUserInOrganizationIn(tx, org.organization.id, { email, firstName: 'H', lastName: 'Older', userName: `holder_${uniq()}` }),
    )
  ).user.id;
});

describe('DELETE /cl2c/nft/{id}', () => {
  it('deletes an unminted NFT with its shares, audits it, and then A4 can delete the contract', async () => {
    const contractId = await newContract();
    const nft = await newNft(contractId, true);
    expect((await (await getStore()).select().from(copyrightShares).where(eq(copyrightShares.nftId, nft.id)))).toHaveLength(1);
    expect((await call(deleteContract, { method: 'DELETE', headers: h(), params: { id: contractId } })).status).toBe(409);

    const res = await del(nft.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: 'NFT deleted.', deletedNft: { id: nft.id, name: nft.name } });
    expect((await (await getStore()).select().from(nfts).where(eq(nfts.id, nft.id)))[0]).toBeUndefined();
    expect((await (await getStore()).select().from(copyrightShares).where(eq(copyrightShares.nftId, nft.id)))).toEqual([]);
    const audit = (await (await getStore()).select().from(auditEvents).where(eq(auditEvents.entityId, nft.id)));
    expect(audit.map((a) => a.action)).toContain('nft.delete');
    expect((await call(GET, { headers: h(), params: { id: nft.id } })).status).toBe(404);
    expect((await del(nft.id)).status).toBe(404);

    const a4 = await call(deleteContract, { method: 'DELETE', headers: h(), params: { id: contractId } });
    expect(a4.status, a4.text).toBe(200);
  });

  it('409 once minted or copyrighted, and nothing changes', async () => {
    const contractId = await newContract();
    const minted = await newNft(contractId);
    const copyrighted = await newNft(contractId, true);
    const db = await getStore();
    await db.update(nfts).set({ status: 'MINTED', mintedAt: new Date() }).where(eq(nfts.id, minted.id));
    await db.update(nfts).set({ copyrightedAt: new Date('2026-11-22T10:00:00.000Z') }).where(eq(nfts.id, copyrighted.id));
    const before = (await db.select().from(nfts).where(eq(nfts.smartContractId, contractId)));

    const a = await del(minted.id);
    expect(a.status).toBe(409);
    expect(a.json).toEqual({ error: 'A minted NFT cannot be deleted: it exists on chain.', details: [`id: NFT ${minted.id} is MINTED`] });
    const b = await del(copyrighted.id);
    expect(b.status).toBe(409);
    expect(b.json.error).toMatch(/copyrighted/);
    expect(b.json.details).toEqual([`id: NFT ${copyrighted.id} was copyrighted at 2026-11-22T10:00:00.000Z`]);

    expect((await db.select().from(nfts).where(eq(nfts.smartContractId, contractId)))).toEqual(before);
    expect((await db.select().from(copyrightShares).where(eq(copyrightShares.nftId, copyrighted.id)))).toHaveLength(1);
    expect((await db.select().from(auditEvents).where(eq(auditEvents.entityId, minted.id))).map((e) => e.action)).not.toContain('nft.delete');
  });

  it('another organization’s NFT is 404 and stays; no key is 401', async () => {
    const nft = await newNft(await newContract());
    const res = await del(nft.id, other.apiKey);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'NFT not found.', details: [] });
    expect((await call(DELETE, { method: 'DELETE', params: { id: nft.id } })).status).toBe(401);
    expect((await (await getStore()).select().from(nfts).where(eq(nfts.id, nft.id)))[0]).toBeDefined();
  });
});
