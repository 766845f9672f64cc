import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getStore } from '@/lib/storage/current';
import { chainIdentities, chainTransactions, tokenTransfers } from '@/lib/storage/tables';
import { DEVNODE_FUNDER_KEY, startDevNode, type DevNode } from '@/lib/chain/devnode';
import { organizationAccountIn, resetChainClient } from '@/lib/chain';
import { resetEnvCache } from '@/lib/env';
import { runChainWorkerOnce } from '@/lib/jobs/chain-worker';
import { getChainClient } from '@/lib/chain';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { call, createTestOrg } from '@/test/helpers';
import { POST as sendRoute } from '@/app/api/v1/cl2c/token/route';

/**
 * `cli chain reconcile` as an operator runs it: a separate process on the same database, after the
 * node came back empty (a new genesis block). Its records of the old chain become ORPHANED, the
 * report gives each wallet's nonce on the new chain, it exits 0 — and sending resumes at the new
 * chain's nonce 0, never at the old ledger's next nonce. Without a node it exits 1 saying why.
 */
const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
const PORTS: [number, number] = [Number(process.env.CHAIN_TEST_PORT_FROM ?? 3250), Number(process.env.CHAIN_TEST_PORT_TO ?? 3299)];

async function reconcileCli(rpcUrl: string) {
  try {
    const { stdout, stderr } = await run(tsx, ['scripts/cli.ts', 'chain', 'reconcile'], { env: { ...process.env, CHAIN: 'evm', RPC_URL: rpcUrl } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function fund(url: string, to: Address) {
  const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(url) });
  await createPublicClient({ transport: http(url) }).waitForTransactionReceipt({ hash: await funder.sendTransaction({ to, value: parseEther('5'), chain: null }) });
}

function useChain(rpcUrl: string | undefined) {
  if (rpcUrl) Object.assign(process.env, { CHAIN: 'evm', RPC_URL: rpcUrl });
  else for (const k of ['CHAIN', 'RPC_URL']) delete process.env[k];
  resetEnvCache();
  resetChainClient();
}

let node: DevNode;
afterAll(async () => {
  await node?.stop();
  useChain(undefined);
});

describe('cli chain reconcile (spawned)', () => {
  let org: Awaited<ReturnType<typeof createTestOrg>>;
  let wallet: Address;
  const h = () => ({ 'x-api-key': org.apiKey });
  const member = async () => {
    const label = crypto.randomUUID().slice(0, 8);
    return (await getStore()).transaction((tx) =>
      registerUserInOrganizationIn(tx, org.organization.id, { email: `r-${label}@example.test`, firstName: 'R', lastName: label, userName: `r_${label}` }),
    );
  };

  beforeAll(async () => {
    node = await startDevNode({ portRange: PORTS });
    org = await createTestOrg();
    wallet = (await organizationAccountIn(await getStore(), org.organization.id))!.address;
    await fund(node.url, wallet);
    useChain(node.url);
  }, 90_000);

  it('after the node restarted empty: old records ORPHANED, nonces reported from the new chain, exit 0; sending resumes at nonce 0', async () => {
    const m = await member();
    const sent: string[] = [];
    for (const amount of [0.1, 0.2]) {
      const res = await call(sendRoute, { method: 'POST', headers: h(), body: { memberId: m.membershipId, amount } });
      expect(res.json).toMatchObject({ status: 'CONFIRMED' });
      sent.push(res.json.transferId as string);
    }
    const oldGenesis = (await (await getStore()).select().from(chainIdentities).where(eq(chainIdentities.driver, 'evm')))[0]!.genesisHash;

    // The node comes back empty on the same port: same chain id, a new genesis block.
    const port = node.port;
    await node.stop();
    node = await startDevNode({ port });
    await fund(node.url, wallet);
    await runChainWorkerOnce(await getStore(), getChainClient(), { boot: true });
    expect((await (await getStore()).select().from(chainIdentities).where(eq(chainIdentities.driver, 'evm')))[0]!.mismatch).toMatch(/sending is stopped/);
    expect((await call(sendRoute, { method: 'POST', headers: h(), body: { memberId: m.membershipId, amount: 0.3 } })).status).toBe(503);

    const out = await reconcileCli(node.url);
    expect(out.code, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout) as {
      driver: string;
      previous: { chainId: number; genesisHash: string };
      current: { chainId: number; genesisHash: string };
      orphaned: number;
      found: number;
      nonces: { address: string; chainNonce: number; highestLedgerNonce: number | null }[];
    };
    expect(report.driver).toBe('evm');
    expect(report.previous).toEqual({ chainId: 31337, genesisHash: oldGenesis });
    expect(report.current.chainId).toBe(31337);
    expect(report.current.genesisHash).not.toBe(oldGenesis);
    expect(report.found).toBe(0);
    expect(report.orphaned).toBe(2);
    // The old chain's nonces 0 and 1 no longer count: the new chain has seen none of this wallet's.
    expect(report.nonces).toEqual([{ address: wallet, chainNonce: 0, highestLedgerNonce: null }]);

    for (const id of sent) {
      expect((await (await getStore()).select().from(tokenTransfers).where(eq(tokenTransfers.id, id)))[0]).toMatchObject({ status: 'FAILED', state: 'orphaned' });
      expect((await (await getStore()).select().from(chainTransactions).where(eq(chainTransactions.entityId, id)))[0]).toMatchObject({
        status: 'ORPHANED',
        error: expect.stringMatching(/^orphaned: sent on chain 31337 with genesis block 0x/),
      });
    }
    expect((await (await getStore()).select().from(chainIdentities).where(eq(chainIdentities.driver, 'evm')))[0]).toMatchObject({
      genesisHash: report.current.genesisHash,
      mismatch: null,
    });

    // Sending resumes, at the new chain's first nonce.
    const fresh = await call(sendRoute, { method: 'POST', headers: h(), body: { memberId: m.membershipId, amount: 0.3 } });
    expect(fresh.json).toMatchObject({ status: 'CONFIRMED' });
    expect((await (await getStore()).select().from(chainTransactions).where(eq(chainTransactions.entityId, fresh.json.transferId as string)))[0]!.nonce).toBe(0);

    // Idempotent: a second run finds nothing more to orphan.
    const again = await reconcileCli(node.url);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ orphaned: 0, nonces: [{ address: wallet, chainNonce: 1, highestLedgerNonce: 0 }] });
    // A node restart and two CLI processes (tsx start-up each): ~25 s on an idle machine, more under load.
  }, 120_000);

  it('exits 1 with the reason on stderr and nothing on stdout when the node cannot be reached', async () => {
    const out = await reconcileCli('http://127.0.0.1:9');
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/could not be reached|unavailable|ECONNREFUSED|fetch failed/i);
  }, 60_000);
});
