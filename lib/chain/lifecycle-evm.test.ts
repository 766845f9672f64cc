import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, getContract, http, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getStore } from '@/lib/storage/current';
import { cL2CCollectionAbi, cL2CTokenAbi } from '@/chain/artifacts';
import { chainTransactions, nfts, tokenTransfers } from '@/lib/storage/tables';
import { resetEnvCache } from '@/lib/env';
import { runChainWorkerOnce } from '@/lib/jobs/chain-worker';
import { sendTokens } from '@/lib/tokens/service';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { call, createTestOrg } from '@/test/helpers';
import { POST as createContractRoute } from '@/app/api/v1/cl2c/contract/route';
import { POST as deployRoute } from '@/app/api/v1/cl2c/contract/[id]/deploy/route';
import { GET as getContractRoute } from '@/app/api/v1/cl2c/contract/[id]/route';
import { POST as createNftRoute } from '@/app/api/v1/cl2c/nft/route';
import { POST as sendRoute } from '@/app/api/v1/cl2c/token/route';
import { GET as walletRoute } from '@/app/api/v1/cl2c/wallet/route';
import { DEVNODE_FUNDER_KEY, startDevNode, type DevNode } from './devnode';
import { EvmChainClient } from './evm';
import { getChainClient, organizationAccountIn, resetChainClient } from './index';

/**
 * The service on `CHAIN=evm` against a real Hardhat node, through the real route handlers:
 * deploy, A6 mint, A14 native/ERC-20 sends, reverts, 20 parallel sends, the node going away.
 */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
let node: DevNode;
let org: Org;
let wallet: Address;
let faucetToken: Address;
let reader: ReturnType<typeof createPublicClient>;
const h = () => ({ 'x-api-key': org.apiKey });

async function fund(url: string, to: Address, eth: string) {
  const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(url) });
  const hash = await funder.sendTransaction({ to, value: parseEther(eth), chain: null });
  await createPublicClient({ transport: http(url) }).waitForTransactionReceipt({ hash });
}

function useChain(rpcUrl: string, faucet?: Address) {
  process.env.CHAIN = 'evm';
  process.env.RPC_URL = rpcUrl;
  if (faucet) process.env.FAUCET_TOKEN_ADDRESS = faucet;
  resetEnvCache();
  resetChainClient();
}

async function member() {
  const label = crypto.randomUUID().slice(0, 8);
  return (await getStore()).transaction((tx) =>
    registerUserInOrganizationIn(tx, org.organization.id, { email: `e-${label}@example.test`, firstName: 'E', lastName: label, userName: `e_${label}` }),
  );
}
const send = (body: Record<string, unknown>, key?: string) =>
  call(sendRoute, { method: 'POST', headers: { ...h(), ...(key ? { 'idempotency-key': key } : {}) }, body });
const transfer = async (id: string) => (await (await getStore()).select().from(tokenTransfers).where(eq(tokenTransfers.id, id)).limit(1))[0]!;
const ledgerRow = async (entityId: string) => (await (await getStore()).select().from(chainTransactions).where(eq(chainTransactions.entityId, entityId)).limit(1))[0];

beforeAll(async () => {
  node = await startDevNode();
  org = await createTestOrg();
  wallet = (await organizationAccountIn(await getStore(), org.organization.id))!.address;
  await fund(node.url, wallet, '50');
  reader = createPublicClient({ transport: http(node.url) });
  // The faucet ERC-20, owned by (and its supply held by) the organization's wallet.
  const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(node.url) });
  const { cL2CTokenBytecode } = await import('@/chain/artifacts');
  const hash = await funder.deployContract({ abi: cL2CTokenAbi, bytecode: cL2CTokenBytecode, args: ['Faucet', 'FCT', wallet, parseEther('1000')], chain: null });
  faucetToken = (await reader.waitForTransactionReceipt({ hash })).contractAddress!;
  useChain(node.url, faucetToken);
}, 90_000);

afterAll(async () => {
  await node?.stop();
  delete process.env.CHAIN;
  delete process.env.RPC_URL;
  delete process.env.FAUCET_TOKEN_ADDRESS;
  resetEnvCache();
  resetChainClient();
});

describe('CHAIN=evm against a Hardhat node', () => {
  it('deploy → DEPLOYED; on chain owner() is the wallet and it is an ERC-1155 with ERC-2981; A6 mints it: balanceOf, uri, royaltyInfo', async () => {
    const created = await call(createContractRoute, { method: 'POST', headers: h(), body: { name: 'Harbor', symbol: 'HBR', metadata: { royaltyBps: 300 } } });
    const deployed = await call(deployRoute, { method: 'POST', headers: h(), params: { id: created.json.id as string } });
    expect(deployed.status, deployed.text).toBe(200);
    expect(deployed.json).toMatchObject({ status: 'DEPLOYED', creatorAddress: wallet });
    const address = deployed.json.contractAddress as Address;
    const receipt = await reader.getTransactionReceipt({ hash: deployed.json.deploymentTransactionHash as `0x${string}` });
    expect(receipt.contractAddress?.toLowerCase()).toBe(address.toLowerCase());
    const block = await reader.getBlock({ blockNumber: receipt.blockNumber });
    expect(new Date(deployed.json.deployedAt as string).getTime()).toBe(Number(block.timestamp) * 1000);
    const collection = getContract({ address, abi: cL2CCollectionAbi, client: reader });
    expect(await collection.read.owner()).toBe(wallet);
    expect(await collection.read.supportsInterface(['0xd9b67a26'])).toBe(true);
    expect(await collection.read.supportsInterface(['0x2a55205a'])).toBe(true);

    const nft = await call(createNftRoute, { method: 'POST', headers: h(), body: { smartContractId: created.json.id, name: 'Reef', supply: 4 } });
    expect(nft.status, nft.text).toBe(201);
    expect(nft.json.status).toBe('MINTED');
    const row = (await ledgerRow(nft.json.id as string))!;
    expect(row).toMatchObject({ status: 'CONFIRMED', broadcast: true, tokenId: 1 });
    const [stored] = await (await getStore()).select().from(nfts).where(eq(nfts.id, nft.json.id as string));
    if (!stored) throw new Error('the NFT row is missing');
    expect(stored).toMatchObject({ tokenId: 1, tokenOwner: wallet, mintTransactionHash: row.transactionHash });
    expect(await collection.read.balanceOf([wallet, 1n])).toBe(4n);
    expect(await collection.read.uri([1n])).toBe(stored.tokenUri);
    expect(stored.tokenUri).toMatch(/^ipfs:\/\//);
    expect(await collection.read.royaltyInfo([1n, 10_000n])).toEqual([wallet, 300n]);
  });

  it('A14 native and faucet (ERC-20) sends are CONFIRMED from their receipts and move balances', async () => {
    const m = await member();
    const before = await reader.getBalance({ address: m.walletAddress as Address });
    const native = await send({ memberId: m.membershipId, amount: 1.5, tokenType: 'mainnet' });
    expect(native.status, native.text).toBe(200);
    expect(native.json).toMatchObject({ success: true, broadcast: true, status: 'CONFIRMED' });
    expect((await reader.getBalance({ address: m.walletAddress as Address })) - before).toBe(parseEther('1.5'));

    const faucet = await send({ memberId: m.membershipId, amount: 3, tokenType: 'faucet' });
    expect(faucet.json).toMatchObject({ status: 'CONFIRMED', tokenType: 'faucet' });
    const token = getContract({ address: faucetToken, abi: cL2CTokenAbi, client: reader });
    expect(await token.read.balanceOf([m.walletAddress as Address])).toBe(parseEther('3'));
  });

  it('a reverting send → 422 with the reason, the transfer FAILED, nothing sent', async () => {
    const m = await member();
    const res = await send({ memberId: m.membershipId, amount: 5000, tokenType: 'faucet' });
    expect(res.status).toBe(422);
    expect(res.json.details[1]).toMatch(/^chain: reverted: ERC20InsufficientBalance/);
    const id = (res.json.details[0] as string).slice('transferId: '.length);
    expect(await transfer(id)).toMatchObject({ status: 'FAILED', transactionHash: null });
    expect((await transfer(id)).error).toMatch(/ERC20InsufficientBalance/);
  });

  it('20 parallel sends from one organization: 20 CONFIRMED with consecutive nonces', async () => {
    const m = await member();
    const results = await Promise.all(Array.from({ length: 20 }, () => send({ memberId: m.membershipId, amount: 0.01 })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = results.map((r) => r.json.transferId as string);
    const rows = (await (await getStore()).select().from(chainTransactions)).filter((r) => ids.includes(r.entityId));
    expect(rows.map((r) => r.status)).toEqual(Array(20).fill('CONFIRMED'));
    const nonces = rows.map((r) => r.nonce!).sort((a, b) => a - b);
    expect(nonces).toEqual(nonces.map((_, i) => nonces[0]! + i));
    expect((await Promise.all(ids.map(transfer))).map((t) => t.status)).toEqual(Array(20).fill('CONFIRMED'));
    expect(await reader.getBalance({ address: m.walletAddress as Address })).toBe(parseEther('0.2'));
  });

  it('a lost broadcast answer: 502, the transfer kept pending; the worker re-broadcasts the same bytes once; a retry never sends twice', async () => {
    // A link to the real node that drops the connection on eth_sendRawTransaction after forwarding it.
    const proxy = await dropAfterSendProxy(node.url);
    const m = await member();
    const key = `lost-${crypto.randomUUID()}`;
    const actor = { kind: 'api_key' as const, keyId: 'k', userId: org.admin.id, organizationId: org.organization.id, requestId: 'lost' };
    const flaky = new EvmChainClient(getStore, proxy.url);
    const error = await sendTokens(await getStore(), flaky, actor, { memberId: m.membershipId, amount: '0.7', tokenType: 'mainnet' }, key).catch((e: unknown) => e);
    await new Promise<void>((r) => proxy.server.close(() => r()));
    expect(error).toMatchObject({ status: 502 });
    const rows = await (await getStore()).select().from(tokenTransfers).where(eq(tokenTransfers.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    // Signed and handed to the node, the answer lost: sent (pending), never "failed".
    expect(rows[0]).toMatchObject({ status: 'SUBMITTED', state: 'sent', transactionHash: expect.stringMatching(/^0x/) });
    await runChainWorkerOnce(await getStore(), getChainClient(), { boot: true });
    expect((await transfer(rows[0]!.id)).status).toBe('CONFIRMED');
    const replay = await send({ memberId: m.membershipId, amount: 0.7 }, key);
    expect(replay.status).toBe(200);
    expect(replay.json).toMatchObject({ status: 'CONFIRMED', transactionHash: rows[0]!.transactionHash });
    expect(await reader.getBalance({ address: m.walletAddress as Address })).toBe(parseEther('0.7'));
  });

  it('node stopped: 502, nothing recorded as sent, the same key answers FAILED (never 502, never a payment); node restarted empty: sending stops, /api/ready says why, `chain reconcile` orphans the old chain\'s records and sending resumes', async () => {
    const m = await member();
    const port = node.port;
    const paid = await send({ memberId: m.membershipId, amount: 0.25 });
    expect(paid.json).toMatchObject({ status: 'CONFIRMED' });
    const deployedBefore = await call(createContractRoute, { method: 'POST', headers: h(), body: { name: 'Before', symbol: 'BFR' } });
    expect((await call(deployRoute, { method: 'POST', headers: h(), params: { id: deployedBefore.json.id as string } })).json.status).toBe('DEPLOYED');
    await node.stop();
    const key = `down-${crypto.randomUUID()}`;
    const res = await send({ memberId: m.membershipId, amount: 1 }, key);
    expect(res.status).toBe(502);
    expect(res.json.error).toMatch(/could not be reached/);
    const id = (res.json.details[0] as string).slice('transferId: '.length);
    expect(await transfer(id)).toMatchObject({ status: 'FAILED', state: 'errored', transactionHash: null, broadcast: false });
    expect(await ledgerRow(id)).toMatchObject({ status: 'FAILED', raw: null });
    expect((await call(walletRoute, { headers: h() })).status).toBe(502);
    const retried = await send({ memberId: m.membershipId, amount: 1 }, key);
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ transferId: id, success: false, status: 'FAILED', state: 'errored' });

    // The node comes back EMPTY (a new genesis block): the old nonces, contracts and payments are gone.
    node = await startDevNode({ port });
    await fund(node.url, wallet, '5');
    const { GET: ready } = await import('@/app/api/ready/route');
    const readiness = await ready();
    expect(readiness.status).toBe(503);
    const body = (await readiness.json()) as { checks: { chain: { status: string; detail: string } } };
    expect(body.checks.chain).toMatchObject({ status: 'error', detail: expect.stringMatching(/genesis block .* sending is stopped .*chain reconcile/) });
    const halted = await send({ memberId: m.membershipId, amount: 1 }, `up-${crypto.randomUUID()}`);
    expect(halted.status).toBe(503);
    expect(halted.json.error).toMatch(/different chain/);
    expect(await reader.getBalance({ address: m.walletAddress as Address })).toBe(0n);
    // The same key still answers its send, not a 503 or a new payment.
    expect((await send({ memberId: m.membershipId, amount: 1 }, key)).json).toMatchObject({ transferId: id, status: 'FAILED' });
    // The worker does not relabel what was mined on the old chain while stopped.
    await runChainWorkerOnce(await getStore(), getChainClient(), { boot: true });
    expect(await transfer(paid.json.transferId as string)).toMatchObject({ status: 'CONFIRMED' });

    const { reconcileChain } = await import('./reconcile');
    const report = await reconcileChain(await getStore(), getChainClient());
    expect(report.orphaned).toBeGreaterThanOrEqual(2);
    expect(report.nonces.find((n) => n.address === wallet)).toMatchObject({ chainNonce: 0 });
    expect(await transfer(paid.json.transferId as string)).toMatchObject({ status: 'FAILED', state: 'orphaned', error: expect.stringMatching(/^orphaned: /) });
    const contract = await call(getContractRoute, { headers: h(), params: { id: deployedBefore.json.id as string } });
    expect(contract.json).toMatchObject({ status: 'FAILED', chainTransaction: { status: 'ORPHANED', state: 'orphaned' } });
    expect((await ready()).status).toBe(200);

    const fresh = await send({ memberId: m.membershipId, amount: 1 }, `up-${crypto.randomUUID()}`);
    expect(fresh.json).toMatchObject({ status: 'CONFIRMED' });
    expect(await reader.getBalance({ address: m.walletAddress as Address })).toBe(parseEther('1'));
    const row = (await ledgerRow(fresh.json.transferId as string))!;
    expect(row.nonce).toBe(0); // the new chain's first nonce, taken from the chain after reconciling
    expect((await call(walletRoute, { headers: h() })).json).toMatchObject({ address: wallet, chain: 'evm', chainId: 31337 });
  });
});

async function dropAfterSendProxy(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (answer) => {
        const text = await answer.text();
        if (body.includes('eth_sendRawTransaction')) {
          req.socket.destroy();
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(text);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
