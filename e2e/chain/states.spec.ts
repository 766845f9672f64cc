import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { createPublicClient, createWalletClient, encodeFunctionData, http, keccak256, parseEther, parseGwei, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { cL2CTokenAbi, cL2CTokenBytecode } from '@/chain/artifacts';
import type { Db } from '@/lib/storage/sqlite/client';
import { openAppDb } from '../app-db';
import { tokenTransfers } from '@/db/schema';
import { DEVNODE_FUNDER_KEY, startDevNode } from '@/lib/chain/devnode';
import { organizationAccount } from '@/lib/chain';
import { chainInstanceId } from '@/lib/chain/instance';
import { markSubmitted, prepareChainTx, recordSigned } from '@/lib/chain/ledger';
import { releaseChainTx } from '@/lib/storage/chain-claims';
import { registerUserInOrganization } from '@/lib/users/registration';
import { E2E_SERVER_ENV } from '../env';
import { expect, test } from '../fixtures';
import { readChainInfo } from './global-setup';
import { nextChainSeq } from '@/lib/chain/sequence';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/**
 * Issue 27 in the console, on a real Hardhat node: the token history says what the chain did to each
 * send — sent and waiting, replaced (every hash kept, the one that mined marked), cancelled, mined
 * and reverted with the custom error decoded by name — and the Tokens page says when the node
 * serves another chain, until `cli chain reconcile` (spawned here as a process) records it again.
 * The server's settings for this (serve.ts): CHAIN_STUCK_SECONDS=5, CHAIN_IDENTITY_CHECK_SECONDS=1.
 */

// Members' custodial wallet keys are sealed under the server's AUTH_SECRET, as the app would do.
Object.assign(process.env, { AUTH_SECRET: E2E_SERVER_ENV.AUTH_SECRET, DATA_DIR: E2E_SERVER_ENV.DATA_DIR });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let db: Db | undefined;
const rpc = async (url: string, method: string, params: unknown[] = []) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await res.json()) as { result: unknown }).result;
};

type Detail = {
  status: string;
  state: string;
  transactionHash: string;
  error: string | null;
  chainTransaction: { transactions: { transactionHash: string; purpose: string }[]; receipt: { transactionHash: string } | null } | null;
};
const readSend = async (request: APIRequestContext, apiKey: string, id: string) =>
  (await (await request.get(`/api/v1/cl2c/token/${id}`, { headers: { 'x-api-key': apiKey } })).json()) as Detail;

/** The history row of one member's send (a table row at 1440 px, a card on a phone). */
const sendRow = (page: Page, email: string) =>
  page.locator('tbody tr:visible, [data-testid="list-card"]:visible').filter({ hasText: email });

test('sends in the console: sent and waiting, replaced with both hashes, cancelled, reverted with the decoded reason', async ({
  page,
  request,
  apiKey,
  databasePath,
  organizationId,
  unique,
}) => {
  const { rpcUrl } = readChainInfo();
  db ??= openAppDb(databasePath);
  const member = (label: string) => {
    const email = `state-${label}-${unique}@example.test`.toLowerCase();
    const r = db!.transaction((tx) =>
      registerUserInOrganization(tx, organizationId, { email, firstName: 'State', lastName: label, userName: `s_${label}_${unique}`.slice(0, 50) }),
    );
    return { email, membershipId: r.membershipId, walletAddress: r.walletAddress as Address };
  };
  const paid = member('paid');
  const dropped = member('dropped');
  const send = async (m: { membershipId: string }, amount: number) => {
    const res = await request.post('/api/v1/cl2c/token', { headers: { 'x-api-key': apiKey }, data: { memberId: m.membershipId, amount, tokenType: 'mainnet' } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as { transferId: string; transactionHash: string; state: string };
  };

  await rpc(rpcUrl, 'evm_setAutomine', [false]);
  const first = await send(paid, 0.02);
  try {
    // Handed to the node, not in a block: SUBMITTED, "sent, awaiting a block".
    expect(first.state).toBe('sent');
    await page.goto(`/tokens?search=${encodeURIComponent(paid.email)}`);
    await expect(sendRow(page, paid.email)).toContainText('SUBMITTED');
    await expect(sendRow(page, paid.email)).toContainText('sent, awaiting a block');

    // Unmined past CHAIN_STUCK_SECONDS: the receipt worker re-signs the same nonce with higher fees.
    await expect
      .poll(async () => (await readSend(request, apiKey, first.transferId)).chainTransaction?.transactions.length ?? 0, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);

    // A second send, cancelled while pending: a zero-value self-transfer takes its nonce.
    const second = await send(dropped, 0.03);
    const cancel = await request.post(`/api/v1/cl2c/token/${second.transferId}/cancel`, { headers: { 'x-api-key': apiKey } });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await rpc(rpcUrl, 'evm_setAutomine', [true]);
    await rpc(rpcUrl, 'evm_mine');
    await expect.poll(async () => (await readSend(request, apiKey, first.transferId)).status, { timeout: 30_000 }).toBe('CONFIRMED');
    await expect.poll(async () => (await readSend(request, apiKey, second.transferId)).state, { timeout: 30_000 }).toBe('cancelled');
  } finally {
    await rpc(rpcUrl, 'evm_setAutomine', [true]);
  }
  const settled = await readSend(request, apiKey, first.transferId);
  expect(settled.transactionHash).not.toBe(first.transactionHash);
  const reader = createPublicClient({ transport: http(rpcUrl) });
  // One payment, whichever transaction took the nonce.
  expect(await reader.getBalance({ address: paid.walletAddress })).toBe(parseEther('0.02'));
  expect(await reader.getBalance({ address: dropped.walletAddress })).toBe(0n);

  await page.goto(`/tokens?search=${encodeURIComponent(paid.email)}`);
  const row = sendRow(page, paid.email);
  await expect(row).toContainText('CONFIRMED');
  await expect(row).toContainText('mined');
  await row.getByRole('button', { name: `Transactions of the send to ${paid.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Send of 0.02 to ${paid.email}` });
  const attempts = dialog.getByTestId('send-attempt');
  await expect(attempts.first()).toHaveAttribute('data-purpose', 'original');
  await expect(attempts.first()).toContainText(first.transactionHash);
  await expect(attempts.first()).not.toContainText('mined');
  const winner = attempts.filter({ hasText: settled.transactionHash });
  await expect(winner).toHaveAttribute('data-purpose', 'speedup');
  await expect(winner).toContainText('Replacement (higher fees)');
  await expect(winner).toContainText('mined');
  await page.screenshot({ path: `.tmp/chain-states-replaced.png`, fullPage: true });
  await page.keyboard.press('Escape');

  await page.goto(`/tokens?search=${encodeURIComponent(dropped.email)}`);
  await expect(sendRow(page, dropped.email)).toContainText('FAILED');
  await expect(sendRow(page, dropped.email)).toContainText('cancelled — nothing paid');
  await sendRow(page, dropped.email).getByRole('button', { name: `Transactions of the send to ${dropped.email}` }).click();
  await expect(page.getByRole('dialog').locator('[data-purpose="cancel"]')).toContainText('mined');
  await page.keyboard.press('Escape');

  // Mined and reverted: a transfer of a token the wallet does not hold, signed with a fixed gas limit
  // (the driver's estimate would refuse it before sending) and broadcast as the driver does.
  const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(rpcUrl) });
  const token = (await reader.waitForTransactionReceipt({
    hash: await funder.deployContract({ abi: cL2CTokenAbi, bytecode: cL2CTokenBytecode, args: ['Dry', 'DRY', funder.account.address, parseEther('1')], chain: null }),
  })).contractAddress!;
  const reverting = member('reverted');
  const transfer = db
    .insert(tokenTransfers)
    .values({ seq: nextChainSeq(db, 'token_transfers'), organizationId, userOrganizationId: reverting.membershipId, toAddress: reverting.walletAddress, amount: '5', tokenType: 'faucet', status: 'PENDING', chain: 'evm' })
    .returning()
    .get();
  const store = sqliteStore(db);
  const ledger = await store.transaction((tx) => prepareChainTx(tx, { organizationId, kind: 'transfer', entityId: transfer.id, chain: 'evm' }));
  const account = organizationAccount(db, organizationId)!;
  const nonce = await reader.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const genesis = (await reader.getBlock({ blockNumber: 0n })).hash;
  const fees = { maxFeePerGas: parseGwei('20'), maxPriorityFeePerGas: parseGwei('2') };
  const data = encodeFunctionData({ abi: cL2CTokenAbi, functionName: 'transfer', args: [reverting.walletAddress, parseEther('5')] });
  const raw = await account.signTransaction({ type: 'eip1559', chainId: 31337, nonce, to: token, value: 0n, data, gas: 100_000n, ...fees });
  await store.transaction((tx) => recordSigned(tx, ledger.id, { chain: 'evm', chainId: 31337, from: account.address, to: token, nonce, transactionHash: keccak256(raw), raw, contractAddress: null, valueWei: 0n, gasLimit: 100_000n, genesisHash: genesis, ...fees }));
  // With automine on, the node would answer the broadcast itself with the revert: mine it separately.
  await rpc(rpcUrl, 'evm_setAutomine', [false]);
  try {
    await reader.sendRawTransaction({ serializedTransaction: raw });
    await markSubmitted(store, ledger.id, { now: new Date(), block: null });
    // Sent: the row is given back for the server's receipt worker, as runChainOperation does
    // (prepareChainTx made this process its holder).
    await releaseChainTx(store, ledger.id, chainInstanceId);
    await rpc(rpcUrl, 'evm_mine');
  } finally {
    await rpc(rpcUrl, 'evm_setAutomine', [true]);
  }
  await expect.poll(async () => (await readSend(request, apiKey, transfer.id)).state, { timeout: 30_000 }).toBe('mined_reverted');

  await page.goto(`/tokens?search=${encodeURIComponent(reverting.email)}`);
  const reverted = sendRow(page, reverting.email);
  await expect(reverted).toContainText('FAILED');
  await expect(reverted).toContainText('mined and reverted — gas spent');
  await expect(reverted).toContainText(/reverted: ERC20InsufficientBalance\(/);
});

test('another chain behind the node: the Tokens page says sending is stopped; `cli chain reconcile` records the chain again', async ({
  page,
  request,
  apiKey,
}) => {
  const { rpcUrl, appRpcUrl } = readChainInfo();
  const pointAt = (url: string) => fetch(`${appRpcUrl}/__e2e/target`, { method: 'POST', body: JSON.stringify({ url }) });
  await page.goto('/tokens');
  await expect(page.getByRole('alert').filter({ hasText: 'Sending is stopped' })).toHaveCount(0);

  // A second node: the same chain id, another genesis block — what a node restarted empty looks like.
  const other = await startDevNode({ portRange: [3560, 3599] });
  try {
    await pointAt(other.url);
    await expect
      .poll(async () => (await request.get('/api/ready')).status(), { timeout: 20_000 })
      .toBe(503);
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Sending is stopped' });
    await expect(alert).toContainText(/the node now serves chain 31337 with genesis block 0x[0-9a-f]{64}, but this service's records are on chain 31337/);
    await expect(alert).toContainText('chain reconcile');
    await page.screenshot({ path: `.tmp/chain-identity-warning.png`, fullPage: true });
    const members = (await (await request.get('/api/v1/cl2c/user', { headers: { 'x-api-key': apiKey }, params: { status: 'ACTIVE', limit: 1 } })).json()) as {
      data: { id: string }[];
    };
    const refused = await request.post('/api/v1/cl2c/token', { headers: { 'x-api-key': apiKey }, data: { memberId: members.data[0]!.id, amount: 0.01, tokenType: 'mainnet' } });
    expect(refused.status()).toBe(503);

    // The original node is back, and stays stopped until reconciled (never silently resumed).
    await pointAt(rpcUrl);
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Sending is stopped' })).toBeVisible();
  } finally {
    await pointAt(rpcUrl);
    await other.stop();
  }

  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/cli.ts', 'chain', 'reconcile'], {
    env: { ...process.env, ...E2E_SERVER_ENV, CHAIN: 'evm', RPC_URL: appRpcUrl, CL2C_QUIET_LOGS: '1' },
  });
  const report = JSON.parse(stdout) as { driver: string; orphaned: number; previous: { genesisHash: string }; current: { genesisHash: string } };
  // Reconciled against the chain its records are on: nothing is orphaned, the record is the same chain.
  expect(report).toMatchObject({ driver: 'evm', orphaned: 0 });
  expect(report.current.genesisHash).toBe(report.previous.genesisHash);
  await expect.poll(async () => (await request.get('/api/ready')).status(), { timeout: 20_000 }).toBe(200);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Sending is stopped' })).toHaveCount(0);
});
