import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPublicClient, createWalletClient, http, parseEther, type Address, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getStore } from '@/lib/storage/current';
import { auditEvents, chainTransactions, chainTxAttempts, tokenTransfers, webhookEndpoints, webhookEvents } from '@/lib/storage/tables';
import { runChainWorkerOnce } from '@/lib/jobs/chain-worker';
import { sendTokens, WAITING_NOTE } from '@/lib/tokens/service';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { newWebhookSecret, sealSecret } from '@/lib/webhooks/secrets';
import { installWebhooks } from '@/lib/wiring/webhooks';
import { createTestOrg } from '@/test/helpers';
import { setChainEnv as setEnv } from '@/test/chain-env';
import { DEVNODE_FUNDER_KEY, devNodeRpc, startDevNode, type DevNode } from './devnode';
import { EvmChainClient } from './evm';
import { getChainClient, organizationAccountIn } from './index';

/**
 * Issue 29, item 3, on a real Hardhat node: a send the node refuses after it was signed and
 * recorded frees its nonce while later sends (another instance's) wait queued above it; the receipt
 * worker fills that hole itself — once, under the wallet's nonce lock — with a zero-value transfer
 * of the wallet to itself (a `filler` ledger row), and the waiting sends are mined.
 * Hardhat queues a transaction above a missing nonce only with automine off (as a real network's
 * node does), so each test mines by hand.
 */
let node: DevNode;
let reader: ReturnType<typeof createPublicClient>;

const rpc = (method: string, params: unknown[] = []) => devNodeRpc(node.url, method, params);
const automine = (on: boolean) => rpc('evm_setAutomine', [on]);
const mine = () => rpc('evm_mine');
/** The worker's clock: past the grace of a hole, and past each row's backoff of the pass before. */
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

type Wallet = { organizationId: string; account: LocalAccount; memberId: string; memberWallet: Address; actor: Parameters<typeof sendTokens>[2] };

/** A fresh organization (its own wallet, funded) with a member to pay, and a webhook endpoint that records every message. */
async function freshWallet(): Promise<Wallet> {
  const store = await getStore();
  const org = await createTestOrg();
  const account = (await organizationAccountIn(store, org.organization.id))!;
  const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(node.url) });
  await reader.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('10'), chain: null }) });
  const label = crypto.randomUUID().slice(0, 8);
  const member = await store.transaction((tx) =>
    registerUserInOrganizationIn(tx, org.organization.id, { email: `g-${label}@example.test`, firstName: 'G', lastName: label, userName: `g_${label}` }),
  );
  await store.insert(webhookEndpoints).values({ organizationId: org.organization.id, url: 'https://hooks.example.test/in', eventTypes: [], secret: sealSecret(newWebhookSecret()) });
  const actor = { kind: 'api_key' as const, keyId: 'k', userId: org.admin.id, organizationId: org.organization.id, requestId: `gap-${label}` };
  return { organizationId: org.organization.id, account, memberId: member.membershipId, memberWallet: member.walletAddress as Address, actor };
}

/** A link to the node with a say over eth_sendRawTransaction; everything else is forwarded. */
async function proxy(onSend: (res: ServerResponse, req: IncomingMessage, forward: () => void) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const forward = () =>
        void fetch(node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (answer) => {
          res.setHeader('content-type', 'application/json');
          res.end(await answer.text());
        });
      if (body.includes('eth_sendRawTransaction')) return onSend(res, req, forward);
      forward();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
const close = (server: Server) => new Promise<void>((r) => server.close(() => r()));

/**
 * The hole: instance A signs and records a send (nonce h) and stands at the node's door with it;
 * meanwhile instance B signs `waiting` sends (h+1, …; A's recorded row holds h) and the node queues
 * them; then the node refuses A's bytes — A's send is FAILED, h never used, B's sends stuck above it.
 */
async function holeUnder(w: Wallet, waiting: number) {
  const store = await getStore();
  let arrived!: () => void;
  const atTheDoor = new Promise<void>((r) => (arrived = r));
  let refuse!: () => void;
  const refused = new Promise<void>((r) => (refuse = r));
  const door = await proxy((res) => {
    arrived();
    void refused.then(() => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'txpool is full' } }));
    });
  });
  const first = sendTokens(store, new EvmChainClient(getStore, door.url), w.actor, { memberId: w.memberId, amount: '0.1', tokenType: 'mainnet' }).catch((e: unknown) => e);
  await atTheDoor;
  const other = new EvmChainClient(getStore, node.url, undefined, { queue: false });
  const stuck: string[] = [];
  for (let i = 0; i < waiting; i++) {
    const sent = await sendTokens(store, other, w.actor, { memberId: w.memberId, amount: '0.2', tokenType: 'mainnet' });
    expect(sent.response).toMatchObject({ status: 'SUBMITTED' });
    stuck.push(sent.response.transferId);
  }
  refuse();
  const error = (await first) as { status: number; details: string[] };
  await close(door.server);
  expect(error.status).toBe(422);
  const refusedId = error.details[0]!.slice('transferId: '.length);
  const refusedRow = await ledgerOf(refusedId);
  expect(refusedRow).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/txpool is full/) });
  const hole = refusedRow.nonce!;
  expect((await Promise.all(stuck.map(ledgerOf))).map((r) => r.nonce)).toEqual(stuck.map((_, i) => hole + 1 + i));
  await mine();
  // Stuck: nothing of the wallet mines past the hole, and the node counts nothing pending from it.
  expect(await reader.getTransactionCount({ address: w.account.address, blockTag: 'latest' })).toBe(hole);
  expect(await reader.getTransactionCount({ address: w.account.address, blockTag: 'pending' })).toBe(hole);
  return { refusedId, stuck, hole };
}

const ledgerOf = async (entityId: string) => (await (await getStore()).select().from(chainTransactions).where(eq(chainTransactions.entityId, entityId)).limit(1))[0]!;
const fillersOf = async (w: Wallet) =>
  (await getStore()).select().from(chainTransactions).where(and(eq(chainTransactions.fromAddress, w.account.address), eq(chainTransactions.kind, 'filler')));
const transfersOf = async (w: Wallet) => (await getStore()).select().from(tokenTransfers).where(eq(tokenTransfers.organizationId, w.organizationId));

beforeAll(async () => {
  node = await startDevNode({ portRange: [Number(process.env.CHAIN_TEST_PORT_FROM ?? 3250), Number(process.env.CHAIN_TEST_PORT_TO ?? 3299)] });
  reader = createPublicClient({ transport: http(node.url) });
  setEnv({ CHAIN: 'evm', RPC_URL: node.url });
  installWebhooks();
}, 90_000);

afterAll(async () => {
  await node?.stop();
  setEnv({ CHAIN: undefined, RPC_URL: undefined });
});

describe('a nonce gap with nothing sent after it', () => {
  it('the worker fills it with a zero-value transfer of the wallet to itself: the waiting sends mine and end CONFIRMED, nothing else is paid, no client sees the filler', async () => {
    const w = await freshWallet();
    await automine(false);
    try {
      const { refusedId, stuck, hole } = await holeUnder(w, 2);
      // The operator reads it in the logs: which wallet, which nonce, the filler's hash.
      const logged: string[] = [];
      const quiet = process.env.CL2C_QUIET_LOGS;
      process.env.CL2C_QUIET_LOGS = '0';
      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (logged.push(String(chunk)), true));
      let first;
      try {
        first = await runChainWorkerOnce(await getStore(), getChainClient(), { now: later(60) });
      } finally {
        process.env.CL2C_QUIET_LOGS = quiet;
        stderr.mockRestore();
      }
      expect(first.filled).toBe(1);
      const [filler, ...more] = await fillersOf(w);
      const line = logged.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => String(l.message).startsWith('chain nonce gap: filler signed'));
      expect(line).toMatchObject({ level: 'warn', address: w.account.address, nonce: hole, waitingNonce: hole + 1, transactionHash: filler!.transactionHash });
      expect(more).toHaveLength(0);
      expect(filler).toMatchObject({ kind: 'filler', organizationId: w.organizationId, nonce: hole, status: 'SUBMITTED', toAddress: w.account.address, valueWei: '0', broadcast: true });
      await mine();
      await runChainWorkerOnce(await getStore(), getChainClient(), { now: later(120) });

      expect((await Promise.all(stuck.map(ledgerOf))).map((r) => r.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
      expect(await ledgerOf(filler!.entityId)).toMatchObject({ status: 'CONFIRMED', transactionHash: filler!.transactionHash });
      const onChain = await reader.getTransaction({ hash: filler!.transactionHash as `0x${string}` });
      expect(onChain).toMatchObject({ from: w.account.address.toLowerCase(), to: w.account.address.toLowerCase(), value: 0n, nonce: hole });
      expect(await reader.getTransactionCount({ address: w.account.address, blockTag: 'latest' })).toBe(hole + 3);
      expect(await reader.getBalance({ address: w.memberWallet })).toBe(parseEther('0.4'));

      // The client sees its three sends and nothing else: no transfer, audit event or webhook message for the filler.
      const transfers = await transfersOf(w);
      expect(transfers.map((t) => [t.id, t.status]).sort()).toEqual([[refusedId, 'FAILED'], ...stuck.map((id) => [id, 'CONFIRMED'])].sort());
      const store = await getStore();
      expect(await store.select().from(auditEvents).where(eq(auditEvents.entityId, filler!.entityId))).toHaveLength(0);
      const events = await store.select().from(webhookEvents).where(eq(webhookEvents.organizationId, w.organizationId));
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((e) => e.resourceType === 'transfer' && transfers.some((t) => t.id === e.resourceId))).toBe(true);
    } finally {
      await automine(true);
    }
  });

  it('two instances\' workers at once, and again: exactly one filler', async () => {
    const w = await freshWallet();
    await automine(false);
    try {
      const { stuck, hole } = await holeUnder(w, 2);
      const store = await getStore();
      const instance = () => new EvmChainClient(getStore, node.url, undefined, { queue: false });
      const together = await Promise.all([
        runChainWorkerOnce(store, instance(), { workerId: 'instance-a', now: later(60) }),
        runChainWorkerOnce(store, instance(), { workerId: 'instance-b', now: later(60) }),
      ]);
      const again = [
        await runChainWorkerOnce(store, instance(), { workerId: 'instance-a', now: later(120) }),
        await runChainWorkerOnce(store, instance(), { workerId: 'instance-b', now: later(180) }),
      ];
      expect([...together, ...again].reduce((n, r) => n + r.filled, 0)).toBe(1);
      const fillers = await fillersOf(w);
      expect(fillers.map((f) => f.nonce)).toEqual([hole]);
      await mine();
      await runChainWorkerOnce(store, instance(), { workerId: 'instance-a', now: later(240) });
      expect((await Promise.all(stuck.map(ledgerOf))).map((r) => r.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
      expect(await reader.getTransactionCount({ address: w.account.address, blockTag: 'latest' })).toBe(hole + 3);
      expect(await fillersOf(w)).toHaveLength(1);
    } finally {
      await automine(true);
    }
  });

  it('a young hole is left to the next send, which takes it: no filler is made', async () => {
    const w = await freshWallet();
    await automine(false);
    try {
      const { stuck, hole } = await holeUnder(w, 1);
      const store = await getStore();
      // The refusal happened a moment ago: a send being allocated now would take the hole.
      expect((await runChainWorkerOnce(store, getChainClient())).filled).toBe(0);
      expect(await fillersOf(w)).toHaveLength(0);
      const next = await sendTokens(store, getChainClient(), w.actor, { memberId: w.memberId, amount: '0.3', tokenType: 'mainnet' });
      expect((await ledgerOf(next.response.transferId)).nonce).toBe(hole);
      await mine();
      const report = await runChainWorkerOnce(store, getChainClient(), { now: later(60) });
      expect(report.filled).toBe(0);
      expect(await runChainWorkerOnce(store, getChainClient(), { now: later(120) })).toMatchObject({ filled: 0 });
      expect((await Promise.all([...stuck, next.response.transferId].map(ledgerOf))).map((r) => r.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
      expect(await fillersOf(w)).toHaveLength(0);
      expect(await reader.getTransactionCount({ address: w.account.address, blockTag: 'latest' })).toBe(hole + 2);
      expect(await reader.getBalance({ address: w.memberWallet })).toBe(parseEther('0.5'));
    } finally {
      await automine(true);
    }
  });

  it('an instance lost between recording the filler and broadcasting it: the next pass sends the same bytes, never signs a second filler', async () => {
    const w = await freshWallet();
    await automine(false);
    try {
      const { stuck, hole } = await holeUnder(w, 1);
      const store = await getStore();
      // Instance A's link to the node dies after the waiting send's re-broadcast, on the filler's
      // broadcast: the filler is signed and recorded, never sent — as when A is killed right there.
      let sends = 0;
      const dead = await proxy((res, req, forward) => (++sends === 1 ? forward() : req.socket.destroy()));
      const first = await runChainWorkerOnce(store, new EvmChainClient(getStore, dead.url, undefined, { queue: false }), { workerId: 'instance-a', now: later(60) });
      await close(dead.server);
      expect(first.filled).toBe(1);
      const [recorded] = await fillersOf(w);
      expect(recorded).toMatchObject({ nonce: hole, status: 'SIGNED', broadcast: false });
      expect(await reader.getTransactionCount({ address: w.account.address, blockTag: 'pending' })).toBe(hole);

      // Instance B's worker: no second filler (the recorded one holds the nonce); it hands the same bytes to the node.
      const second = await runChainWorkerOnce(store, new EvmChainClient(getStore, node.url, undefined, { queue: false }), { workerId: 'instance-b', now: later(120) });
      expect(second.filled).toBe(0);
      expect(await ledgerOf(recorded!.entityId)).toMatchObject({ status: 'SUBMITTED', transactionHash: recorded!.transactionHash, broadcast: true });
      await mine();
      await runChainWorkerOnce(store, getChainClient(), { workerId: 'instance-b', now: later(180) });
      expect(await ledgerOf(recorded!.entityId)).toMatchObject({ status: 'CONFIRMED', transactionHash: recorded!.transactionHash });
      expect((await ledgerOf(stuck[0]!)).status).toBe('CONFIRMED');
      expect(await fillersOf(w)).toHaveLength(1);
      expect(await store.select().from(chainTxAttempts).where(eq(chainTxAttempts.chainTxId, recorded!.id))).toHaveLength(1);
      expect((await reader.getTransactionReceipt({ hash: recorded!.transactionHash as `0x${string}` })).status).toBe('success');
      expect(await reader.getTransactionCount({ address: w.account.address, blockTag: 'latest' })).toBe(hole + 2);
    } finally {
      await automine(true);
    }
  });
});

/**
 * Instance A's send of 0.1: signed and recorded at the wallet's next nonce, its bytes held at a
 * proxy (`door`) until `release()`; resolves once they have reached the door.
 */
async function lowerSendHeld(w: Wallet) {
  let arrived!: () => void;
  const atTheDoor = new Promise<void>((r) => (arrived = r));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const door = await proxy((_res, _req, forward) => {
    arrived();
    void released.then(forward);
  });
  const first = sendTokens(await getStore(), new EvmChainClient(getStore, door.url), w.actor, { memberId: w.memberId, amount: '0.1', tokenType: 'mainnet' });
  await atTheDoor;
  return { first, door, release };
}

describe('a broadcast that overtakes a lower nonce', () => {
  it("another instance's send reaches an automining node before the lower nonce: it is offered again until that one lands — both paid once, none refused", async () => {
    const w = await freshWallet();
    const store = await getStore();
    // Instance A signs and records nonce h, then its bytes wait at the door.
    const { first, door, release } = await lowerSendHeld(w);
    // Instance B signs h + 1 and reaches the node first: "nonce too high" (nothing queues while automining).
    const seen: string[] = [];
    const watch = await proxy((_res, _req, forward) => {
      seen.push('send');
      forward();
    });
    const second = sendTokens(store, new EvmChainClient(getStore, watch.url, undefined, { queue: false }), w.actor, { memberId: w.memberId, amount: '0.2', tokenType: 'mainnet' });
    // Offered again while the lower nonce is held (on a loaded machine the first offer alone can take 150 ms).
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(1), { timeout: 10_000, interval: 20 });
    release();
    const [a, b] = await Promise.all([first, second]);
    await close(door.server);
    await close(watch.server);
    // Automining: each is mined as it lands, and the send answers with its receipt.
    expect(a.response).toMatchObject({ status: 'CONFIRMED' });
    expect(b.response).toMatchObject({ status: 'CONFIRMED' });
    const [lower, higher] = await Promise.all([ledgerOf(a.response.transferId), ledgerOf(b.response.transferId)]);
    const nonce = lower.nonce ?? -1;
    expect(higher.nonce).toBe(nonce + 1);
    expect(await reader.getBalance({ address: w.memberWallet })).toBe(parseEther('0.3'));
    expect(await reader.getTransactionCount({ address: w.account.address, blockTag: 'latest' })).toBe(nonce + 2);
  });

  it('the lower nonce arrives only after every wait (its instance stopped after signing): the higher send is answered as sent, never refused, and the worker sends it after the lower one — both paid once', async () => {
    const w = await freshWallet();
    const store = await getStore();
    const { first, door, release } = await lowerSendHeld(w);
    // Instance B's send h + 1 gets "nonce too high" for longer than all its waits.
    const second = await sendTokens(store, new EvmChainClient(getStore, node.url, undefined, { queue: false }), w.actor, { memberId: w.memberId, amount: '0.2', tokenType: 'mainnet' });
    expect(second.response).toMatchObject({ success: true, status: 'SUBMITTED', state: 'sent', broadcast: false, note: WAITING_NOTE, error: null });
    expect(second.response.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const waiting = await ledgerOf(second.response.transferId);
    expect(waiting).toMatchObject({ status: 'SIGNED', broadcast: false, error: expect.stringMatching(/^waiting: nonce ahead of the node/) });
    // The lower one lands; the worker offers the waiting bytes again and they are mined.
    release();
    const a = await first;
    await close(door.server);
    expect(a.response).toMatchObject({ status: 'CONFIRMED' });
    expect(await ledgerOf(second.response.transferId)).toMatchObject({ status: 'SIGNED' });
    await runChainWorkerOnce(store, getChainClient(), { now: later(60) });
    await runChainWorkerOnce(store, getChainClient(), { now: later(120) });
    const sent = await ledgerOf(second.response.transferId);
    expect(sent).toMatchObject({ status: 'CONFIRMED', nonce: waiting.nonce, transactionHash: second.response.transactionHash, error: null });
    expect((await transfersOf(w)).map((t) => t.status).sort()).toEqual(['CONFIRMED', 'CONFIRMED']);
    expect(await reader.getBalance({ address: w.memberWallet })).toBe(parseEther('0.3'));
    expect(await reader.getTransactionCount({ address: w.account.address, blockTag: 'latest' })).toBe(waiting.nonce! + 1);
  });
});
