import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, encodeFunctionData, http, keccak256, parseEther, parseGwei, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getStore } from '@/lib/storage/current';
import { cL2CTokenAbi, cL2CTokenBytecode } from '@/chain/artifacts';
import { chainTransactions, tokenTransfers, webhookEndpoints, webhookEvents } from '@/lib/storage/tables';
import { runChainWorkerOnce } from '@/lib/jobs/chain-worker';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { newWebhookSecret, sealSecret } from '@/lib/webhooks/secrets';
import { installWebhooks } from '@/lib/wiring/webhooks';
import { call, createTestOrg } from '@/test/helpers';
import { POST as sendRoute } from '@/app/api/v1/cl2c/token/route';
import { GET as getTransferRoute } from '@/app/api/v1/cl2c/token/[id]/route';
import { POST as cancelRoute } from '@/app/api/v1/cl2c/token/[id]/cancel/route';
import { setChainEnv as setEnv } from '@/test/chain-env';
import { DEVNODE_FUNDER_KEY, devNodeRpc, startDevNode, type DevNode } from './devnode';
import { getChainClient, organizationAccountIn } from './index';
import { markSubmitted, prepareChainTx, recordSigned } from './ledger';
import { onLedgerChange, type LedgerChange } from './state';
import { nextChainSeqIn } from '@/lib/chain/sequence';

/**
 * Transactions that do not land at once, against a real Hardhat node through the real route
 * handlers and the receipt worker (its clock injected): never given up, replaced with higher fees,
 * cancelled, reverted with a decoded reason, confirmed at depth, and put back to pending by a reorg.
 */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
let node: DevNode;
let org: Org;
let wallet: Address;
let reader: ReturnType<typeof createPublicClient>;
const h = () => ({ 'x-api-key': org.apiKey });
const rpc = (method: string, params: unknown[] = []) => devNodeRpc(node.url, method, params);
const automine = (on: boolean) => rpc('evm_setAutomine', [on]);
const mine = (blocks = 1) => rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);

async function member() {
  const label = crypto.randomUUID().slice(0, 8);
  return (await getStore()).transaction((tx) =>
    registerUserInOrganizationIn(tx, org.organization.id, { email: `t-${label}@example.test`, firstName: 'T', lastName: label, userName: `t_${label}` }),
  );
}
const send = (body: Record<string, unknown>, key?: string) =>
  call(sendRoute, { method: 'POST', headers: { ...h(), ...(key ? { 'idempotency-key': key } : {}) }, body });
const read = (id: string) => call(getTransferRoute, { headers: h(), params: { id } });
const ledgerOf = async (transferId: string) => (await (await getStore()).select().from(chainTransactions).where(eq(chainTransactions.entityId, transferId)).limit(1))[0]!;
const worker = async (now: Date) => runChainWorkerOnce(await getStore(), getChainClient(), { now });
const minutes = (n: number) => new Date(Date.now() + n * 60_000);
/** The webhook messages recorded for a send, in order (issue 30: replaced and cancelled are events too). */
const eventsOf = async (transferId: string) =>
  (
    await (await getStore())
      .select({ type: webhookEvents.type, sequence: webhookEvents.sequence, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.resourceId, transferId))
      .orderBy(webhookEvents.sequence)
  ).map((e) => ({ type: e.type, sequence: e.sequence, data: (JSON.parse(e.payload) as { data: Record<string, unknown> }).data }));

beforeAll(async () => {
  node = await startDevNode({ portRange: [Number(process.env.CHAIN_TEST_PORT_FROM ?? 3250), Number(process.env.CHAIN_TEST_PORT_TO ?? 3299)] });
  org = await createTestOrg();
  wallet = (await organizationAccountIn(await getStore(), org.organization.id))!.address;
  reader = createPublicClient({ transport: http(node.url) });
  const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(node.url) });
  await reader.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: wallet, value: parseEther('100'), chain: null }) });
  setEnv({ CHAIN: 'evm', RPC_URL: node.url });
  // An endpoint, so every ledger change of the organization is recorded as a webhook message.
  installWebhooks();
  await (await getStore()).insert(webhookEndpoints).values({ organizationId: org.organization.id, url: 'https://hooks.example.test/in', eventTypes: [], secret: sealSecret(newWebhookSecret()) });
}, 90_000);

beforeEach(async () => {
  await automine(true);
  setEnv({ CHAIN_STUCK_SECONDS: undefined, CHAIN_STUCK_BLOCKS: undefined, CHAIN_CONFIRMATIONS: undefined });
});

afterAll(async () => {
  await node?.stop();
  setEnv({ CHAIN: undefined, RPC_URL: undefined, CHAIN_STUCK_SECONDS: undefined, CHAIN_STUCK_BLOCKS: undefined, CHAIN_CONFIRMATIONS: undefined });
});

describe('a send that does not land at once', () => {
  it('stays pending past the old give-up time, is replaced with higher fees, the replacement mines: one payment, both hashes; the key answers the send throughout, never 502', async () => {
    const m = await member();
    const key = `stuck-${crypto.randomUUID()}`;
    const changes: LedgerChange[] = [];
    const stop = onLedgerChange((_tx, change) => {
      changes.push(change);
      return Promise.resolve();
    });
    setEnv({ CHAIN_STUCK_SECONDS: '86400', CHAIN_STUCK_BLOCKS: '10000' });
    await automine(false);
    const first = await send({ memberId: m.membershipId, amount: 0.5 }, key);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ success: true, status: 'SUBMITTED', state: 'sent', broadcast: true });
    const transferId = first.json.transferId as string;
    const originalHash = first.json.transactionHash as Hex;

    // 30 worker passes over 30 minutes (the old worker gave up after ~14 min): still pending.
    for (let i = 1; i <= 30; i++) {
      await worker(minutes(i));
      if (i % 10 === 0) {
        const retry = await send({ memberId: m.membershipId, amount: 0.5 }, key);
        expect(retry.status).toBe(200);
        expect(retry.json).toMatchObject({ transferId, status: 'SUBMITTED', state: 'sent', transactionHash: originalHash });
      }
    }
    expect(await ledgerOf(transferId)).toMatchObject({ status: 'SUBMITTED' });
    expect(await reader.getBalance({ address: m.walletAddress as Address })).toBe(0n);

    // Stuck for CHAIN_STUCK_SECONDS now: the same payment at the same nonce with higher fees.
    setEnv({ CHAIN_STUCK_SECONDS: '60' });
    const before = await ledgerOf(transferId);
    const report = await worker(minutes(45));
    expect(report.replaced).toBe(1);
    const replaced = await ledgerOf(transferId);
    expect(replaced.status).toBe('SUBMITTED');
    expect(replaced.nonce).toBe(before.nonce);
    expect(replaced.transactionHash).not.toBe(originalHash);
    expect(BigInt(replaced.maxFeePerGas!)).toBeGreaterThanOrEqual((BigInt(before.maxFeePerGas!) * 1125n) / 1000n);
    expect(BigInt(replaced.maxPriorityFeePerGas!)).toBeGreaterThanOrEqual((BigInt(before.maxPriorityFeePerGas!) * 1125n) / 1000n);
    const midway = await send({ memberId: m.membershipId, amount: 0.5 }, key);
    expect(midway.status).toBe(200);
    expect(midway.json).toMatchObject({ transferId, status: 'SUBMITTED', transactionHash: replaced.transactionHash });

    await mine();
    await worker(minutes(46));
    const detail = await read(transferId);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.json).toMatchObject({ id: transferId, status: 'CONFIRMED', state: 'mined_success', transactionHash: replaced.transactionHash, idempotencyKey: key });
    const facts = detail.json.chainTransaction;
    expect(facts.transactions.map((t: { transactionHash: string; purpose: string }) => [t.transactionHash, t.purpose])).toEqual([
      [originalHash, 'original'],
      [replaced.transactionHash, 'speedup'],
    ]);
    expect(facts.receipt).toMatchObject({ transactionHash: replaced.transactionHash, status: 'success', gasUsed: '21000' });
    expect(facts.history.map((e: { status: string; transactionHash: string | null }) => [e.status, e.transactionHash])).toEqual([
      ['PREPARED', null],
      ['SIGNED', originalHash],
      ['SUBMITTED', originalHash],
      ['SUBMITTED', replaced.transactionHash],
      ['CONFIRMED', replaced.transactionHash],
    ]);
    // One payment on chain, and the original can no longer land (its nonce is consumed).
    expect(await reader.getBalance({ address: m.walletAddress as Address })).toBe(parseEther('0.5'));
    expect(await reader.getTransactionReceipt({ hash: originalHash }).catch(() => null)).toBeNull();
    const last = await send({ memberId: m.membershipId, amount: 0.5 }, key);
    expect(last.json).toMatchObject({ transferId, status: 'CONFIRMED', success: true, transactionHash: replaced.transactionHash });
    expect(await (await getStore()).select().from(tokenTransfers).where(eq(tokenTransfers.idempotencyKey, key))).toHaveLength(1);
    // Every state change went through the one listener hook, in order.
    expect(changes.filter((c) => c.row.entityId === transferId).map((c) => c.status)).toEqual(['PREPARED', 'SIGNED', 'SUBMITTED', 'SUBMITTED', 'CONFIRMED']);
    stop();
    // A webhook listener heard the same story: sent, replaced (the new hash), confirmed.
    expect((await eventsOf(transferId)).map((e) => [e.type, e.sequence, e.data.transactionHash])).toEqual([
      ['transfer.sent', 1, originalHash],
      ['transfer.replaced', 2, replaced.transactionHash],
      ['transfer.confirmed', 3, replaced.transactionHash],
    ]);
  });

  it('cancel: a zero-value self-transfer at the same nonce takes it; nothing paid, CANCELLED; a second cancel is 409', async () => {
    const m = await member();
    await automine(false);
    const sent = await send({ memberId: m.membershipId, amount: 0.3 });
    const transferId = sent.json.transferId as string;
    const cancel = await call(cancelRoute, { method: 'POST', headers: h(), params: { id: transferId } });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.json.chainTransaction).toMatchObject({ status: 'SUBMITTED', pending: true, cancelRequestedAt: expect.any(String) });
    const cancelTx = cancel.json.chainTransaction.transactions.find((t: { purpose: string }) => t.purpose === 'cancel');
    expect(cancelTx).toBeDefined();
    const onChain = await reader.getTransaction({ hash: cancelTx.transactionHash });
    expect(onChain).toMatchObject({ to: wallet.toLowerCase(), value: 0n, nonce: (await ledgerOf(transferId)).nonce });
    await mine();
    await worker(minutes(1));
    const after = await read(transferId);
    expect(after.json).toMatchObject({ status: 'FAILED', state: 'cancelled', success: false, chainTransaction: { status: 'CANCELLED', pending: false } });
    expect(after.json.error).toMatch(/^cancelled: /);
    expect(await reader.getBalance({ address: m.walletAddress as Address })).toBe(0n);
    // Webhooks: sent, replaced by the cancel transaction, then cancelled — the last one final.
    const events = await eventsOf(transferId);
    expect(events.map((e) => e.type)).toEqual(['transfer.sent', 'transfer.replaced', 'transfer.cancelled']);
    expect(events[2]!.data).toMatchObject({ id: transferId, state: 'cancelled', success: false });
    const again = await call(cancelRoute, { method: 'POST', headers: h(), params: { id: transferId } });
    expect(again.status).toBe(409);
    expect(again.json.details[0]).toMatch(/^status: the send is cancelled/);
    // Another organization cannot read or cancel it.
    const other = await createTestOrg();
    expect((await call(getTransferRoute, { headers: { 'x-api-key': other.apiKey }, params: { id: transferId } })).status).toBe(404);
    expect((await call(cancelRoute, { method: 'POST', headers: { 'x-api-key': other.apiKey }, params: { id: transferId } })).status).toBe(404);
  });

  it('a transaction mined and reverted: REVERTED (gas spent), the custom error decoded by name with our ABIs', async () => {
    // A faucet ERC-20 whose whole supply is held by someone else: the wallet's transfer reverts on chain.
    const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(node.url) });
    const token = (await reader.waitForTransactionReceipt({
      hash: await funder.deployContract({ abi: cL2CTokenAbi, bytecode: cL2CTokenBytecode, args: ['Dry', 'DRY', funder.account.address, parseEther('1')], chain: null }),
    })).contractAddress!;
    const m = await member();
    const store = await getStore();
    const [transfer] = await store
      .insert(tokenTransfers)
      .values({ seq: await nextChainSeqIn(store, 'token_transfers'), organizationId: org.organization.id, userOrganizationId: m.membershipId, toAddress: m.walletAddress, amount: '5', tokenType: 'faucet', status: 'PENDING', chain: 'evm' })
      .returning();
    if (!transfer) throw new Error('the transfer was not inserted');
    const ledger = await store.transaction((tx) => prepareChainTx(tx, { organizationId: org.organization.id, kind: 'transfer', entityId: transfer.id, chain: 'evm' }));
    // Signed with a fixed gas limit (no estimate, which would refuse it) and broadcast as the driver does.
    const account = (await organizationAccountIn(store, org.organization.id))!;
    const nonce = await reader.getTransactionCount({ address: wallet, blockTag: 'pending' });
    const fees = { maxFeePerGas: parseGwei('20'), maxPriorityFeePerGas: parseGwei('2') };
    const data = encodeFunctionData({ abi: cL2CTokenAbi, functionName: 'transfer', args: [m.walletAddress as Address, parseEther('5')] });
    const raw = await account.signTransaction({ type: 'eip1559', chainId: 31337, nonce, to: token, value: 0n, data, gas: 100_000n, ...fees });
    await store.transaction((tx) => recordSigned(tx, ledger.id, { chain: 'evm', chainId: 31337, from: wallet, to: token, nonce, transactionHash: keccak256(raw), raw, contractAddress: null, valueWei: 0n, gasLimit: 100_000n, ...fees }));
    await automine(false);
    await reader.sendRawTransaction({ serializedTransaction: raw });
    await markSubmitted(store, ledger.id, { now: new Date(), block: null });
    await mine();
    await worker(minutes(1));
    const detail = await read(transfer.id);
    expect(detail.json).toMatchObject({ status: 'FAILED', state: 'mined_reverted', chainTransaction: { status: 'REVERTED', receipt: { status: 'reverted' } } });
    expect(detail.json.error).toMatch(/^reverted: ERC20InsufficientBalance\(/);
    expect(Number(detail.json.chainTransaction.receipt.gasUsed)).toBeGreaterThan(21_000);
  });
});

describe('confirmations and reorgs', () => {
  it('CONFIRMED only at CHAIN_CONFIRMATIONS blocks deep (evm_mine); until then sent/mined and pending', async () => {
    setEnv({ CHAIN_CONFIRMATIONS: '31337:3' });
    const m = await member();
    const sent = await send({ memberId: m.membershipId, amount: 0.1 });
    expect(sent.json).toMatchObject({ status: 'SUBMITTED', state: 'mined_success' });
    const id = sent.json.transferId as string;
    expect((await read(id)).json.chainTransaction).toMatchObject({ status: 'MINED', pending: true, confirmed: false, requiredConfirmations: 3 });
    await mine();
    await worker(minutes(1));
    expect((await ledgerOf(id)).status).toBe('MINED');
    await mine();
    await worker(minutes(2));
    expect((await read(id)).json).toMatchObject({ status: 'CONFIRMED', chainTransaction: { status: 'CONFIRMED', confirmed: true } });
  });

  it('a reorg (evm_snapshot/evm_revert) puts a CONFIRMED send back to pending; its bytes are sent again and it is mined again; paid once', async () => {
    const m = await member();
    const snapshot = await rpc('evm_snapshot');
    const sent = await send({ memberId: m.membershipId, amount: 0.2 });
    const id = sent.json.transferId as string;
    expect(sent.json.status).toBe('CONFIRMED');
    const firstBlock = await ledgerOf(id);
    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    // The chain grows past that height with other blocks; the send's block is gone.
    await automine(false);
    await mine(2);
    expect(await reader.getTransactionReceipt({ hash: firstBlock.transactionHash as Hex }).catch(() => null)).toBeNull();
    await worker(minutes(1));
    const pending = await read(id);
    expect(pending.json).toMatchObject({ status: 'SUBMITTED', state: 'sent', chainTransaction: { status: 'SUBMITTED', pending: true, receipt: null } });
    expect(pending.json.chainTransaction.history.at(-1).detail).toMatch(/no longer on the canonical chain/);
    await mine();
    await worker(minutes(2));
    const again = await ledgerOf(id);
    expect(again).toMatchObject({ status: 'CONFIRMED', transactionHash: firstBlock.transactionHash });
    expect(again.blockHash).not.toBe(firstBlock.blockHash);
    expect(await reader.getBalance({ address: m.walletAddress as Address })).toBe(parseEther('0.2'));
    // Webhooks: a receiver that saw "confirmed" hears the send is pending again, then confirmed again.
    expect((await eventsOf(id)).map((e) => [e.type, e.data.status])).toEqual([
      ['transfer.sent', 'SUBMITTED'],
      ['transfer.confirmed', 'CONFIRMED'],
      ['transfer.sent', 'SUBMITTED'],
      ['transfer.confirmed', 'CONFIRMED'],
    ]);
  });
});
