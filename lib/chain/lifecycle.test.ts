import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getContractAddress, keccak256, type Hex } from 'viem';
import { getStore } from '@/lib/storage/current';
import { releaseDeadChainClaims } from '@/lib/storage/sqlite/chain-claims';
import { sqliteDbOf } from '@/lib/storage/sqlite/store';
import type { ChainTransaction } from '@/db/schema';
import { chainTransactions, nfts, tokenTransfers } from '@/lib/storage/tables';
import { call, createTestOrg } from '@/test/helpers';
import { insertMember } from '@/test/nft-fixtures';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { getContent, parseCid } from '@/lib/content-store/store';
import { runChainWorkerOnce } from '@/lib/jobs/chain-worker';
import {
  POST as createContractRoute,
  PUT as updateContractRoute,
} from '@/app/api/v1/cl2c/contract/route';
import { POST as deployRoute } from '@/app/api/v1/cl2c/contract/[id]/deploy/route';
import { POST as createNftRoute, PUT as updateNftRoute } from '@/app/api/v1/cl2c/nft/route';
import { POST as mintRoute } from '@/app/api/v1/cl2c/nft/[id]/mint/route';
import { GET as walletRoute } from '@/app/api/v1/cl2c/wallet/route';
import { POST as sendRoute } from '@/app/api/v1/cl2c/token/route';
import { getChainClient, organizationAccountIn } from './index';
import { nextChainSeqIn } from '@/lib/chain/sequence';

/** The whole lifecycle on the embedded `local` driver, through the real route handlers. */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let wallet: `0x${string}`;
const h = (key = org.apiKey) => ({ 'x-api-key': key });

async function ledger(entityId: string): Promise<ChainTransaction[]> {
  return (await getStore()).select().from(chainTransactions).where(eq(chainTransactions.entityId, entityId));
}
async function nftRow(id: string) {
  const [row] = await (await getStore()).select().from(nfts).where(eq(nfts.id, id)).limit(1);
  return row;
}
/** Sets columns of an NFT the way another part of the product (or a crash) would leave them. */
async function setNft(id: string, values: Partial<typeof nfts.$inferInsert>) {
  await (await getStore()).update(nfts).set(values).where(eq(nfts.id, id));
}
async function newContract(name = 'Harbor') {
  const res = await call(createContractRoute, {
    method: 'POST',
    headers: h(),
    body: { name, symbol: 'HBR', metadata: { royaltyBps: 250 } },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string };
}
const deploy = (id: string, key = org.apiKey) =>
  call(deployRoute, { method: 'POST', headers: h(key), params: { id } });
const mint = (id: string, key = org.apiKey) =>
  call(mintRoute, { method: 'POST', headers: h(key), params: { id } });
/** What the copyright flow leaves on a fully authorized NFT (lib/copyright tests run the real flow). */
const copyrightedStandIn = () => ({
  copyrightedAt: new Date(),
  copyrightStatus: 'COPYRIGHTED' as const,
  copyrightRecordCid: 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
});
const createNft = (body: Record<string, unknown>) =>
  call(createNftRoute, { method: 'POST', headers: h(), body });

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  wallet = (await organizationAccountIn(await getStore(), org.organization.id))!.address;
});

describe('deploy (POST /cl2c/contract/{id}/deploy) on the local driver', () => {
  let contractId: string;

  it('DEPLOYED at the address derived from the wallet and nonce, with hash, creator, block time and logs', async () => {
    contractId = (await newContract()).id;
    expect((await deploy(contractId, other.apiKey)).status).toBe(404);
    const res = await deploy(contractId);
    expect(res.status, res.text).toBe(200);
    const [row] = await ledger(contractId);
    expect(row).toMatchObject({
      kind: 'deploy',
      status: 'CONFIRMED',
      chain: 'local',
      chainId: 80002,
      fromAddress: wallet,
      broadcast: false,
    });
    expect(row!.transactionHash).toBe(keccak256(row!.raw as Hex));
    expect(res.json).toMatchObject({
      status: 'DEPLOYED',
      contractAddress: getContractAddress({ from: wallet, nonce: BigInt(row!.nonce!) }),
      creatorAddress: wallet,
      deploymentTransactionHash: row!.transactionHash,
      deployedAt: expect.any(String),
    });
    expect(JSON.parse(res.json.deploymentLogs as string)).toEqual([
      expect.objectContaining({ address: res.json.contractAddress }),
    ]);
  });

  it('a deployed contract cannot be deployed again (409), and A3 may not rewrite what the receipt decided', async () => {
    expect((await deploy(contractId)).status).toBe(409);
    const put = (body: Record<string, unknown>) =>
      call(updateContractRoute, { method: 'PUT', headers: h(), body: { id: contractId, ...body } });
    const bad = await put({ status: 'FAILED' });
    expect(bad.status).toBe(409);
    expect(bad.json.details).toEqual([expect.stringMatching(/^status: set by deployment 0x/)]);
    expect(
      (await put({ contractAddress: '0x52908400098527886E0F7030069857D2E4169EE7' })).status,
    ).toBe(409);
    expect((await put({ status: 'DEPLOYED' })).status).toBe(200); // repeating the receipt's values is fine
    expect(await ledger(contractId)).toHaveLength(1);
  });

  it('a contract registered by hand (A3) keeps working as before, but the service will not mint on it', async () => {
    const { id } = await newContract('Elsewhere');
    const put = await call(updateContractRoute, {
      method: 'PUT',
      headers: h(),
      body: {
        id,
        status: 'DEPLOYED',
        contractAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      },
    });
    expect(put.status).toBe(200);
    const nft = await createNft({ smartContractId: id, name: 'External' });
    expect(nft.json.status).toBe('CREATED');
    const res = await mint(nft.json.id as string);
    expect(res.status).toBe(409);
    expect(res.json.details[0]).toMatch(/registered by hand/);
    // Bookkeeping for contracts deployed elsewhere: A7 may still mark it MINTED.
    expect(
      (
        await call(updateNftRoute, {
          method: 'PUT',
          headers: h(),
          body: { id: nft.json.id, status: 'MINTED' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('mint', () => {
  let contractId: string;
  beforeAll(async () => {
    contractId = (await newContract('Reef')).id;
  });

  it('on a contract not yet deployed the NFT stays CREATED; the Mint action is refused until it is deployed', async () => {
    const nft = await createNft({ smartContractId: contractId, name: 'Early', supply: 3 });
    expect(nft.json.status).toBe('CREATED');
    const refused = await mint(nft.json.id as string);
    expect(refused.status).toBe(409);
    expect(refused.json.details).toEqual([
      expect.stringMatching(/^smartContractId: .* is not deployed yet/),
    ]);
    expect(await ledger(nft.json.id as string)).toEqual([]);
    expect((await deploy(contractId)).json.status).toBe('DEPLOYED');
    const res = await mint(nft.json.id as string);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      status: 'MINTED',
      tokenId: 1,
      tokenOwner: wallet,
      mintBlockedBy: 'status: the NFT is already minted',
    });
    expect(res.json.tokenUri).toMatch(/^ipfs:\/\/b[a-z2-7]+$/);
    const stored = await getContent(parseCid((res.json.tokenUri as string).slice(7))!);
    expect(JSON.parse(stored!.bytes.toString('utf8'))).toMatchObject({ name: 'Early' });
    const [row] = await ledger(nft.json.id as string);
    expect(row).toMatchObject({
      kind: 'mint',
      status: 'CONFIRMED',
      tokenId: 1,
      transactionHash: res.json.mintTransactionHash,
    });
    const minted = (await nftRow(nft.json.id as string))!;
    expect(minted.mintedAt).toBeInstanceOf(Date);
    expect(JSON.parse(minted.mintLogs!).length).toBe(3);
    expect((await mint(nft.json.id as string)).status).toBe(409);
  });

  it('A6 mints at once when the NFT has no shares and its contract is deployed: token ids follow mint order', async () => {
    const res = await createNft({ smartContractId: contractId, name: 'Second' });
    expect(res.status).toBe(201);
    expect(res.json.status).toBe('MINTED');
    expect(await nftRow(res.json.id as string)).toMatchObject({ tokenId: 2, tokenOwner: wallet });
  });

  it('with copyright shares it waits for authorization: CREATED, and the Mint action answers 409', async () => {
    const a = await insertMember(org.organization.id);
    const b = await insertMember(org.organization.id);
    const res = await createNft({
      smartContractId: contractId,
      name: 'Shared',
      copyright: [
        { userId: a.id, percentage: 60 },
        { userId: b.id, percentage: 40 },
      ],
    });
    expect(res.json.status).toBe('CREATED');
    const refused = await mint(res.json.id as string);
    expect(refused.status).toBe(409);
    expect(refused.json.details).toEqual([
      'copyright: waiting for every copyright holder to authorize',
    ]);
    // Once authorized (the copyright flow sets copyrightedAt and stores the signed record), the same entry point mints it.
    await setNft(res.json.id as string, copyrightedStandIn());
    expect((await mint(res.json.id as string)).json).toMatchObject({
      status: 'MINTED',
      tokenId: 3,
    });
  });

  it('A7 cannot write PENDING/MINTED by hand on a contract the service deployed, nor change a minted NFT', async () => {
    const a = await insertMember(org.organization.id);
    const waiting = await createNft({
      smartContractId: contractId,
      name: 'Hand',
      copyright: [{ userId: a.id, percentage: 100 }],
    });
    const put = (body: Record<string, unknown>) =>
      call(updateNftRoute, { method: 'PUT', headers: h(), body });
    const hand = await put({ id: waiting.json.id, status: 'MINTED' });
    expect(hand.status).toBe(409);
    expect(hand.json.details).toEqual([
      `status: use POST /api/v1/cl2c/nft/${waiting.json.id as string}/mint`,
    ]);
    expect((await put({ id: waiting.json.id, status: 'FAILED' })).status).toBe(200);
    const minted = await createNft({ smartContractId: contractId, name: 'Done' });
    expect((await put({ id: minted.json.id, status: 'CREATED' })).status).toBe(409);
    expect((await put({ id: minted.json.id, mintedAt: '2020-01-01T00:00:00.000Z' })).status).toBe(
      409,
    );
    expect((await put({ id: minted.json.id, name: 'Renamed' })).status).toBe(200);
  });
});

describe('wallet (GET /cl2c/wallet)', () => {
  it('shows the paying address and chain, never a key', async () => {
    const res = await call(walletRoute, { headers: h() });
    expect(res.status).toBe(200);
    // The simulated balance: LOCAL_CHAIN_BALANCE (1000) minus what the wallet signed so far.
    expect(res.json).toMatchObject({ address: wallet, chain: 'local', chainId: 80002 });
    expect(Number(res.json.balance)).toBeGreaterThan(0);
    expect(Number(res.json.balance)).toBeLessThanOrEqual(1000);
    expect((await call(walletRoute, { headers: h(other.apiKey) })).json.address).not.toBe(wallet);
  });
});

describe('receipt worker: nothing is lost across a crash', () => {
  async function member() {
    const label = crypto.randomUUID().slice(0, 8);
    return (await getStore()).transaction((tx) =>
      registerUserInOrganizationIn(tx, org.organization.id, {
        email: `w-${label}@example.test`,
        firstName: 'W',
        lastName: label,
        userName: `w_${label}`,
      }),
    );
  }

  /** What a crash between "row written" and "chain called" leaves behind: PENDING + PREPARED, held by nobody. */
  async function interruptedSend() {
    const m = await member();
    const key = `crash-${crypto.randomUUID()}`;
    const body = { memberId: m.membershipId, amount: 1, tokenType: 'mainnet' };
    const first = await call(sendRoute, {
      method: 'POST',
      headers: { ...h(), 'idempotency-key': key },
      body,
    });
    const transferId = first.json.transferId as string;
    const store = await getStore();
    await store
      .update(tokenTransfers)
      .set({ status: 'PENDING', transactionHash: null })
      .where(eq(tokenTransfers.id, transferId));
    // As a killed request leaves it: prepared, held by its (now dead) process for a minute.
    await store
      .update(chainTransactions)
      .set({ status: 'PREPARED', transactionHash: null, raw: null, nonce: null, claimedBy: 'dead-process', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(chainTransactions.entityId, transferId));
    return { key, body, transferId };
  }

  /** The key's answer is the send's current state, never a 502: FAILED, nothing was sent; nothing is left to do. */
  async function expectFinalAnswer({ key, body, transferId }: Awaited<ReturnType<typeof interruptedSend>>) {
    const retry = await call(sendRoute, {
      method: 'POST',
      headers: { ...h(), 'idempotency-key': key },
      body,
    });
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({
      transferId,
      success: false,
      status: 'FAILED',
      state: 'errored',
      error: 'interrupted before the transaction was signed; nothing was sent',
    });
    expect(await runChainWorkerOnce(await getStore(), getChainClient(), { boot: true })).toEqual({
      settled: 0,
      failed: 0,
      retried: 0,
      replaced: 0,
      filled: 0,
      halted: null,
    });
  }

  it.runIf(!process.env.DATABASE_URL)('a send interrupted before signing becomes FAILED at boot, and its Idempotency-Key then gets that final answer (SQLite: one process, so at boot nothing is in flight)', async () => {
    const send = await interruptedSend();
    // What a server start does before the worker's boot pass (lib/storage/sqlite/server.ts).
    expect(releaseDeadChainClaims(sqliteDbOf(await getStore()))).toBeGreaterThanOrEqual(1);
    const report = await runChainWorkerOnce(await getStore(), getChainClient(), { boot: true });
    expect(report.failed).toBeGreaterThanOrEqual(1);
    await expectFinalAnswer(send);
  });

  it.runIf(!!process.env.DATABASE_URL)('a send interrupted before signing becomes FAILED once nobody holds it and it is a minute old — not at one instance\'s boot — and its Idempotency-Key then gets that final answer (PostgreSQL: several instances)', async () => {
    const send = await interruptedSend();
    const store = await getStore();
    const state = async () => (await ledger(send.transferId))[0]!.status;
    await runChainWorkerOnce(store, getChainClient(), { boot: true });
    expect(await state()).toBe('PREPARED');
    const report = await runChainWorkerOnce(store, getChainClient(), { now: new Date(Date.now() + 61_000) });
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect(await state()).toBe('FAILED');
    await expectFinalAnswer(send);
  });

  it('a mint signed but never settled (crash after signing) is finished at boot: MINTED with its token id', async () => {
    const { id } = await newContract('Crash');
    await deploy(id);
    const a = await insertMember(org.organization.id);
    const nft = await createNft({
      smartContractId: id,
      name: 'Crashy',
      copyright: [{ userId: a.id, percentage: 100 }],
    });
    await setNft(nft.json.id as string, copyrightedStandIn());
    await mint(nft.json.id as string);
    // Roll the NFT and its ledger row back to "signed, process died".
    await setNft(nft.json.id as string, { status: 'PENDING', tokenId: null, mintedAt: null, mintLogs: null });
    await (await getStore())
      .update(chainTransactions)
      .set({ status: 'SIGNED', tokenId: null })
      .where(eq(chainTransactions.entityId, nft.json.id as string));
    await runChainWorkerOnce(await getStore(), getChainClient(), { boot: true });
    expect(await nftRow(nft.json.id as string)).toMatchObject({ status: 'MINTED', tokenId: 1 });
  });

  it('a PENDING transfer with no ledger row (from before the ledger) is failed at boot', async () => {
    const m = await member();
    const store = await getStore();
    const [row] = await store
      .insert(tokenTransfers)
      .values({
        seq: await nextChainSeqIn(store, 'token_transfers'),
        organizationId: org.organization.id,
        userOrganizationId: m.membershipId,
        toAddress: m.walletAddress,
        amount: '1',
        tokenType: 'mainnet',
      })
      .returning();
    await runChainWorkerOnce(store, getChainClient(), { boot: true });
    const [after] = await store.select().from(tokenTransfers).where(eq(tokenTransfers.id, row!.id));
    expect(after!.status).toBe('FAILED');
  });
});
