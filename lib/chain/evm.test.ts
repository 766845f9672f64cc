import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, getContract, http, keccak256, parseEther, type Address, type LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { getStore } from '@/lib/storage/current';
import { cL2CCollectionAbi, cL2CTokenAbi } from '@/chain/artifacts';
import { createTestOrg } from '@/test/helpers';
import { DEVNODE_FUNDER_KEY, devNodeRpc, startDevNode, type DevNode } from './devnode';
import { driverLifecycle, ledgerRow, receiptOf, type DriverContext } from './driver-suite';
import { ChainError } from './errors';
import { EvmChainClient } from './evm';
import { organizationAccountIn } from './index';
import { getChainTx, recordSigned } from './ledger';
import { advanceWalletNonce, lockWalletNonce } from './nonce-lock';
import { checkChainIdentity } from './identity';
import { runChainWorkerOnce } from '@/lib/jobs/chain-worker';

/** The evm driver against a real Hardhat node started on a free port of 127.0.0.1. */
let node: DevNode;
let ctx: DriverContext;
let reader: ReturnType<typeof createPublicClient>;

async function fund(url: string, to: Address, eth: string) {
  const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(url) });
  const hash = await funder.sendTransaction({ to, value: parseEther(eth), chain: null });
  await createPublicClient({ transport: http(url) }).waitForTransactionReceipt({ hash });
}

const devRpc = (method: string, params: unknown[]) => devNodeRpc(node.url, method, params);

beforeAll(async () => {
  node = await startDevNode();
  const org = await createTestOrg();
  const from = (await organizationAccountIn(await getStore(), org.organization.id)) as LocalAccount;
  await fund(node.url, from.address, '100');
  ctx = {
    client: new EvmChainClient(getStore, node.url),
    withFaucet: (t) => new EvmChainClient(getStore, node.url, t),
    from,
    organizationId: org.organization.id,
  };
  reader = createPublicClient({ transport: http(node.url) });
}, 90_000);

afterAll(async () => {
  await node?.stop();
});

describe('EvmChainClient against a Hardhat node', () => {
  driverLifecycle('evm', () => ctx);

  it('deploy → owner() and ERC-1155/ERC-2981 support on chain; mint → balanceOf, uri(tokenId), royaltyInfo', async () => {
    const deployed = await ctx.client.deploy({
      ledgerId: await ledgerRow(ctx, 'deploy'),
      from: ctx.from,
      contract: 'CL2CCollection',
      args: { name: 'Reef', symbol: 'REEF', owner: ctx.from.address, royaltyReceiver: ctx.from.address, royaltyBps: 750 },
    });
    const address = (await receiptOf(ctx.client, deployed.transactionHash)).contractAddress!;
    expect(address).toBe(deployed.contractAddress);
    const collection = getContract({ address, abi: cL2CCollectionAbi, client: reader });
    expect(await collection.read.owner()).toBe(ctx.from.address);
    expect(await collection.read.name()).toBe('Reef');
    expect(await collection.read.supportsInterface(['0xd9b67a26'])).toBe(true); // ERC-1155
    expect(await collection.read.supportsInterface(['0x2a55205a'])).toBe(true); // ERC-2981
    expect(await collection.read.supportsInterface(['0x80ac58cd'])).toBe(false); // not ERC-721

    const holder = privateKeyToAccount(generatePrivateKey()).address;
    const minted = await ctx.client.mint({ ledgerId: await ledgerRow(ctx, 'mint'), from: ctx.from, contract: address, to: holder, amount: 5n, tokenUri: 'ipfs://bafyreef' });
    const receipt = await receiptOf(ctx.client, minted.transactionHash);
    expect(receipt.tokenId).toBe(1);
    expect(await collection.read.balanceOf([holder, 1n])).toBe(5n);
    expect(await collection.read.uri([1n])).toBe('ipfs://bafyreef');
    expect(await collection.read.royaltyInfo([1n, 10_000n])).toEqual([ctx.from.address, 750n]);
    expect(receipt.blockTime.getTime()).toBeGreaterThan(Date.now() - 600_000);
  });

  it('native and ERC-20 sends move balances', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const native = await ctx.client.sendTokens({ ledgerId: await ledgerRow(ctx, 'transfer'), from: ctx.from, to, amount: '1.25', tokenType: 'mainnet' });
    await receiptOf(ctx.client, native.transactionHash);
    expect(await reader.getBalance({ address: to })).toBe(parseEther('1.25'));
    expect(await ctx.client.getBalance(to)).toBe(parseEther('1.25'));

    const token = await ctx.client.deploy({
      ledgerId: await ledgerRow(ctx, 'deploy'),
      from: ctx.from,
      contract: 'CL2CToken',
      args: { name: 'Faucet', symbol: 'FCT', owner: ctx.from.address, initialSupply: parseEther('100') },
    });
    const tokenAddress = (await receiptOf(ctx.client, token.transactionHash)).contractAddress!;
    const sent = await ctx.withFaucet(tokenAddress).sendTokens({ ledgerId: await ledgerRow(ctx, 'transfer'), from: ctx.from, to, amount: '7', tokenType: 'faucet' });
    await receiptOf(ctx.client, sent.transactionHash);
    const balance = (who: Address) => reader.readContract({ address: tokenAddress, abi: cL2CTokenAbi, functionName: 'balanceOf', args: [who] });
    expect(await balance(to)).toBe(parseEther('7'));
    expect(await balance(ctx.from.address)).toBe(parseEther('93'));
  });

  it('a call that would revert is refused (422) with the decoded reason; nothing is signed', async () => {
    const token = await ctx.client.deploy({
      ledgerId: await ledgerRow(ctx, 'deploy'),
      from: ctx.from,
      contract: 'CL2CToken',
      args: { name: 'Small', symbol: 'SML', owner: ctx.from.address, initialSupply: parseEther('1') },
    });
    const tokenAddress = (await receiptOf(ctx.client, token.transactionHash)).contractAddress!;
    const ledgerId = await ledgerRow(ctx, 'transfer');
    const error = await ctx
      .withFaucet(tokenAddress)
      .sendTokens({ ledgerId, from: ctx.from, to: ctx.from.address, amount: '5', tokenType: 'faucet' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainError);
    expect((error as ChainError).status).toBe(422);
    expect((error as ChainError).reason).toMatch(/ERC20InsufficientBalance/);
    expect(await getChainTx(await getStore(), ledgerId)).toMatchObject({ status: 'PREPARED', transactionHash: null });
  });

  it('a wallet without funds is refused (422) before signing', async () => {
    const poor = privateKeyToAccount(generatePrivateKey());
    const error = await ctx.client
      .sendTokens({ ledgerId: await ledgerRow(ctx, 'transfer'), from: poor, to: ctx.from.address, amount: '1', tokenType: 'mainnet' })
      .catch((e: unknown) => e);
    expect((error as ChainError).status).toBe(422);
    expect((error as ChainError).reason).toMatch(/fund|balance/i);
  });

  it('20 parallel sends all land, with distinct consecutive nonces', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => ctx.client.sendTokens({ ledgerId: await ledgerRow(ctx, 'transfer'), from: ctx.from, to, amount: '0.01', tokenType: 'mainnet' })),
    );
    const nonces = results.map((r) => r.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(nonces.map((_, i) => nonces[0]! + i));
    const receipts = await Promise.all(results.map((r) => receiptOf(ctx.client, r.transactionHash)));
    expect(receipts.every((r) => r.status === 'success')).toBe(true);
    expect(await reader.getBalance({ address: to })).toBe(parseEther('0.2'));
  });

  it('an instance stopped between signing and broadcasting: the signed bytes are on record, the next send takes the nonce after them, and another instance\'s worker broadcasts them once the lease ran out — both mine, no nonce twice, none stuck', async () => {
    const store = await getStore();
    const to = privateKeyToAccount(generatePrivateKey()).address;
    // What the driver does up to the broadcast: the nonce chosen, signed and recorded in one transaction.
    const ledgerId = await ledgerRow(ctx, 'transfer');
    const nonce = await reader.getTransactionCount({ address: ctx.from.address, blockTag: 'pending' });
    const fees = await reader.estimateFeesPerGas();
    const raw = await ctx.from.signTransaction({ type: 'eip1559', chainId: 31337, nonce, to, value: parseEther('0.03'), gas: 21_000n, ...fees });
    // As every send through the API does first (assertChainUsable): the chain's identity on record.
    const genesisHash = (await checkChainIdentity(store, ctx.client)).identity.genesisHash as `0x${string}`;
    await store.transaction(async (tx) => {
      await lockWalletNonce(tx, 'evm', ctx.from.address);
      await recordSigned(tx, ledgerId, { chain: 'evm', chainId: 31337, from: ctx.from.address, to, nonce, transactionHash: keccak256(raw), raw, contractAddress: null, valueWei: parseEther('0.03'), gasLimit: 21_000n, genesisHash, ...fees });
      await advanceWalletNonce(tx, 'evm', ctx.from.address, nonce);
    });
    // …and the process is gone. A send of another instance meanwhile does not take that nonce (a
    // node that queues, as a real network's does: Hardhat queues only with automine off).
    await devRpc('evm_setAutomine', [false]);
    let next;
    try {
      next = await new EvmChainClient(getStore, node.url, undefined, { queue: false }).sendTokens({ ledgerId: await ledgerRow(ctx, 'transfer'), from: ctx.from, to, amount: '0.01', tokenType: 'mainnet' });
      expect(next.nonce).toBe(nonce + 1);
      await devRpc('evm_mine', []);
      expect(await reader.getTransactionCount({ address: ctx.from.address, blockTag: 'latest' })).toBe(nonce); // waits behind the hole
      // The request's lease on the row is still running: nobody touches it yet.
      await runChainWorkerOnce(store, ctx.client, { workerId: 'instance-b' });
      expect((await getChainTx(store, ledgerId))!.status).toBe('SIGNED');
      // Its lease ran out: the other instance's worker hands the same bytes to the node.
      await runChainWorkerOnce(store, ctx.client, { workerId: 'instance-b', now: new Date(Date.now() + 61_000) });
      expect((await getChainTx(store, ledgerId))!.status).toBe('SUBMITTED');
      await devRpc('evm_mine', []);
    } finally {
      await devRpc('evm_setAutomine', [true]);
    }
    expect((await receiptOf(ctx.client, keccak256(raw))).status).toBe('success');
    expect((await receiptOf(ctx.client, next.transactionHash)).status).toBe('success');
    expect(await reader.getTransactionCount({ address: ctx.from.address, blockTag: 'latest' })).toBe(nonce + 2);
    expect(await reader.getBalance({ address: to })).toBe(parseEther('0.04'));
  });
});
