import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { outboxEmails } from '@/lib/storage/tables';
import { DEVNODE_FUNDER_KEY, startDevNode, type DevNode } from '@/lib/chain/devnode';
import { organizationAccountIn, resetChainClient } from '@/lib/chain';
import { resetEnvCache } from '@/lib/env';
import { runWebhookWorkerOnce } from '@/lib/jobs/webhook-worker';
import { getStore } from '@/lib/storage/current';
import { webhookQueueFor } from '@/lib/storage/webhook-queue';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { call, createTestOrg, memberSessionHeaders } from '@/test/helpers';
import { startReceiver, type Receiver } from '@/test/webhook-receiver';
import { POST as deployRoute } from '@/app/api/v1/cl2c/contract/[id]/deploy/route';
import { POST as createContractRoute } from '@/app/api/v1/cl2c/contract/route';
import { GET as getNftRoute } from '@/app/api/v1/cl2c/nft/[id]/route';
import { GET as copyrightRoute } from '@/app/api/v1/cl2c/nft/[id]/copyright/route';
import { POST as createNftRoute } from '@/app/api/v1/cl2c/nft/route';
import { POST as sendRoute } from '@/app/api/v1/cl2c/token/route';
import { POST as decideRoute } from '@/app/api/copyright/[token]/route';
import { POST as createHook } from '@/app/api/v1/cl2c/webhook/route';
import { installWebhooks } from '@/lib/wiring/webhooks';

/**
 * The event sequences a webhook-only client sees, on a real Hardhat node (CHAIN=evm) through the
 * real route handlers, every message verified with the standardwebhooks library.
 */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
type Message = { type: string; timestamp: string; sequence: number; data: Record<string, any> };
let node: DevNode;
let org: Org;
let receiver: Receiver;
let secret: string;
const h = () => ({ 'x-api-key': org.apiKey });

async function member() {
  const label = crypto.randomUUID().slice(0, 8);
  return (await getStore()).transaction((tx) =>
    registerUserInOrganizationIn(tx, org.organization.id, { email: `w-${label}@example.test`, firstName: 'W', lastName: label, userName: `w_${label}` }),
  );
}

async function tokenFor(email: string): Promise<string> {
  const [mail] = await (await getStore()).select().from(outboxEmails).where(eq(outboxEmails.to, email)).orderBy(desc(outboxEmails.createdAt)).limit(1);
  return mail!.text.match(/\/copyright\/([A-Za-z0-9_-]{43})/)![1]!;
}

/**
 * Delivers everything due and returns the messages that arrived since `from`, verified, in the
 * order they were recorded as the receiver sees it — by the message's `timestamp`, then its
 * `sequence` (a pass sends concurrently: arrival order is not promised), leaving out the
 * member.joined of the test's own fixtures. Messages of different resources recorded in the same
 * millisecond would tie, but the steps below are a request (or a chain confirmation) apart.
 */
async function deliver(from: number): Promise<Message[]> {
  await runWebhookWorkerOnce(webhookQueueFor(await getStore()));
  return receiver.received
    .slice(from)
    .map((r) => receiver.verify(r, secret) as Message)
    .sort((x, y) => x.timestamp.localeCompare(y.timestamp) || x.sequence - y.sequence)
    .filter((m) => m.type !== 'member.joined');
}

beforeAll(async () => {
  node = await startDevNode({ portRange: [3810, 3849] });
  process.env.CHAIN = 'evm';
  process.env.RPC_URL = node.url;
  process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = '1';
  resetEnvCache();
  resetChainClient();
  installWebhooks();
  org = await createTestOrg();
  const wallet = (await organizationAccountIn(await getStore(), org.organization.id))!.address;
  const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(node.url) });
  const hash = await funder.sendTransaction({ to: wallet, value: parseEther('20'), chain: null });
  await createPublicClient({ transport: http(node.url) }).waitForTransactionReceipt({ hash });
  receiver = await startReceiver();
  const hook = await call(createHook, { method: 'POST', headers: h(), body: { url: receiver.url } });
  secret = hook.json.secret as string;
}, 90_000);

afterAll(async () => {
  await receiver?.close();
  await node?.stop();
  delete process.env.CHAIN;
  delete process.env.RPC_URL;
  delete process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK;
  resetEnvCache();
  resetChainClient();
});

describe('webhook sequences on a Hardhat node', () => {
  it('a two-holder NFT from creation to mint: deployed, authorized ×2, completed, minted — each carrying the resource as the API returns it', async () => {
    const from = receiver.received.length;
    const contract = await call(createContractRoute, { method: 'POST', headers: h(), body: { name: 'Hooked', symbol: 'HKD' } });
    const deployed = await call(deployRoute, { method: 'POST', headers: h(), params: { id: contract.json.id as string } });
    expect(deployed.json.status).toBe('DEPLOYED');
    const a = await member();
    const b = await member();
    const nft = await call(createNftRoute, {
      method: 'POST',
      headers: h(),
      body: { name: 'Two Keys', smartContractId: contract.json.id, copyright: [{ userId: a.user.id, percentage: 60 }, { userId: b.user.id, percentage: 40 }] },
    });
    expect(nft.status, nft.text).toBe(201);
    const nftId = nft.json.id as string;
    // Each holder decides with their own session (a link alone is not the person).
    const decide = async (user: { id: string; email: string }) =>
      call(decideRoute, { method: 'POST', params: { token: await tokenFor(user.email) }, headers: await memberSessionHeaders(user), body: { decision: 'AUTHORIZE', location: 'Porto' } });
    expect((await decide(a.user)).status).toBe(200);
    expect((await decide(b.user)).status).toBe(200);

    const messages = await deliver(from);
    expect(messages.map((m) => [m.type, m.sequence])).toEqual([
      ['contract.deployed', 1],
      ['copyright.authorized', 1],
      ['copyright.authorized', 2],
      ['copyright.completed', 3],
      ['nft.minted', 1],
    ]);
    expect(messages[0]!.data).toEqual(deployed.json);
    expect(messages[1]!.data.shares.map((s: { status: string }) => s.status).sort()).toEqual(['AUTHORIZED', 'PENDING']);
    expect(messages[2]!.data).toMatchObject({ copyrightStatus: 'COPYRIGHTED', record: null });
    const copyright = await call(copyrightRoute, { headers: h(), params: { id: nftId } });
    // The state as it was when the record was signed: the mint (which freezes the split) came after.
    expect(messages[3]!.data).toEqual({ ...copyright.json, frozen: false });
    expect(copyright.json.frozen).toBe(true);
    expect(messages[3]!.data.record).toMatchObject({ cid: expect.any(String), signature: expect.stringMatching(/^0x/) });
    const minted = await call(getNftRoute, { headers: h(), params: { id: nftId } });
    expect(minted.json.status).toBe('MINTED');
    expect(messages[4]!.data).toEqual(minted.json);
  });

  it('a send from queued to confirmed: transfer.sent then transfer.confirmed; a refused send: transfer.errored', async () => {
    const from = receiver.received.length;
    const m = await member();
    const sent = await call(sendRoute, { method: 'POST', headers: h(), body: { memberId: m.membershipId, amount: 0.25 } });
    expect(sent.status, sent.text).toBe(200);
    const messages = await deliver(from);
    expect(messages.map((x) => [x.type, x.sequence, x.data.status])).toEqual([
      ['transfer.sent', 1, 'SUBMITTED'],
      ['transfer.confirmed', 2, 'CONFIRMED'],
    ]);
    expect(messages[1]!.data).toMatchObject({ id: sent.json.transferId, transactionHash: sent.json.transactionHash, amount: '0.25', memberId: m.membershipId, broadcast: true });

    const refused = await call(sendRoute, { method: 'POST', headers: h(), body: { memberId: m.membershipId, amount: 1_000_000 } });
    expect(refused.status).toBe(422);
    const after = await deliver(from + 3);
    expect(after.map((x) => [x.type, x.sequence, x.data.status])).toEqual([['transfer.errored', 1, 'FAILED']]);
  });
});
