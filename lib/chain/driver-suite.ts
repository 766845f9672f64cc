import { expect, it } from 'vitest';
import {
  getAddress,
  getContractAddress,
  keccak256,
  parseEventLogs,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { cL2CCollectionAbi, cL2CTokenAbi } from '@/chain/artifacts';
import { getStore } from '@/lib/storage/current';
import { getChainTx, prepareChainTx, type ChainTxKind } from './ledger';
import type { ChainClient, ChainReceipt, SubmitResult } from './types';

/**
 * The driver lifecycle every ChainClient must pass — run against `local` and against a real
 * Hardhat node — so the embedded driver is held to exactly what a node reports.
 */
export type DriverContext = {
  client: ChainClient;
  /** The same driver with a faucet ERC-20 configured. */
  withFaucet(token: Address): ChainClient;
  from: LocalAccount;
  organizationId: string;
};

export async function ledgerRow(ctx: DriverContext, kind: ChainTxKind): Promise<string> {
  const store = await getStore();
  const row = await store.transaction((tx) => prepareChainTx(tx, { organizationId: ctx.organizationId, kind, entityId: crypto.randomUUID(), chain: ctx.client.name }));
  return row.id;
}

/** What viem computes from the signed bytes alone must equal what the driver reported. */
async function expectSelfConsistent(result: SubmitResult, from: LocalAccount, chainId: number) {
  expect(result.transactionHash).toBe(keccak256(result.raw));
  const tx = parseTransaction(result.raw);
  expect(tx.chainId).toBe(chainId);
  expect(tx.nonce).toBe(result.nonce);
  expect(await recoverTransactionAddress({ serializedTransaction: result.raw as `0x02${string}` })).toBe(from.address);
  if (!tx.to) expect(result.contractAddress).toBe(getContractAddress({ from: from.address, nonce: BigInt(result.nonce) }));
}

export async function receiptOf(client: ChainClient, hash: Hex): Promise<ChainReceipt> {
  for (let i = 0; i < 50; i++) {
    const receipt = await client.getReceipt(hash);
    if (receipt) return receipt;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no receipt for ${hash}`);
}

export function driverLifecycle(name: string, context: () => DriverContext) {
  const state: { collection?: Address; nonces: number[] } = { nonces: [] };

  it(`${name}: deploys the collection at the address derived from sender + nonce, recorded in the ledger`, async () => {
    const ctx = context();
    const chainId = await ctx.client.chainId();
    const ledgerId = await ledgerRow(ctx, 'deploy');
    const result = await ctx.client.deploy({
      ledgerId,
      from: ctx.from,
      contract: 'CL2CCollection',
      args: { name: 'Harbor', symbol: 'HBR', owner: ctx.from.address, royaltyReceiver: ctx.from.address, royaltyBps: 500 },
    });
    await expectSelfConsistent(result, ctx.from, chainId);
    expect(result.broadcast).toBe(ctx.client.name === 'evm');
    const row = (await getChainTx(await getStore(), ledgerId))!;
    expect(row).toMatchObject({ transactionHash: result.transactionHash, raw: result.raw, nonce: result.nonce, fromAddress: ctx.from.address, chainId });
    const receipt = await receiptOf(ctx.client, result.transactionHash);
    expect(receipt.status).toBe('success');
    expect(receipt.contractAddress).toBe(result.contractAddress);
    expect(receipt.broadcast).toBe(ctx.client.name === 'evm');
    const ownership = parseEventLogs({ abi: cL2CCollectionAbi, eventName: 'OwnershipTransferred', logs: receipt.logs.map(viemLog) });
    expect(ownership.map((e) => e.args.newOwner)).toEqual([ctx.from.address]);
    state.collection = result.contractAddress!;
    state.nonces.push(result.nonce);
  });

  it(`${name}: mints with token ids assigned 1, 2 in order, and the Minted/TransferSingle logs`, async () => {
    const ctx = context();
    const chainId = await ctx.client.chainId();
    const ids: number[] = [];
    for (const uri of ['ipfs://bafyfirst', 'ipfs://bafysecond']) {
      const result = await ctx.client.mint({ ledgerId: await ledgerRow(ctx, 'mint'), from: ctx.from, contract: state.collection!, to: ctx.from.address, amount: 3n, tokenUri: uri });
      await expectSelfConsistent(result, ctx.from, chainId);
      expect(getAddress(parseTransaction(result.raw).to!)).toBe(state.collection);
      const receipt = await receiptOf(ctx.client, result.transactionHash);
      expect(receipt.status).toBe('success');
      ids.push(receipt.tokenId!);
      const transfer = parseEventLogs({ abi: cL2CCollectionAbi, eventName: 'TransferSingle', logs: receipt.logs.map(viemLog) });
      expect(transfer[0]!.args).toMatchObject({ to: ctx.from.address, id: BigInt(receipt.tokenId!), value: 3n });
      state.nonces.push(result.nonce);
    }
    expect(ids).toEqual([1, 2]);
  });

  it(`${name}: native and ERC-20 sends sign the transfer the node would mine`, async () => {
    const ctx = context();
    const chainId = await ctx.client.chainId();
    const to: Address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const native = await ctx.client.sendTokens({ ledgerId: await ledgerRow(ctx, 'transfer'), from: ctx.from, to, amount: '0.5', tokenType: 'mainnet' });
    await expectSelfConsistent(native, ctx.from, chainId);
    expect((await receiptOf(ctx.client, native.transactionHash)).status).toBe('success');

    const token = await ctx.client.deploy({
      ledgerId: await ledgerRow(ctx, 'deploy'),
      from: ctx.from,
      contract: 'CL2CToken',
      args: { name: 'Faucet', symbol: 'FCT', owner: ctx.from.address, initialSupply: 1000n * 10n ** 18n },
    });
    expect((await receiptOf(ctx.client, token.transactionHash)).contractAddress).toBe(token.contractAddress);
    const faucet = await ctx
      .withFaucet(token.contractAddress!)
      .sendTokens({ ledgerId: await ledgerRow(ctx, 'transfer'), from: ctx.from, to, amount: '2', tokenType: 'faucet' });
    await expectSelfConsistent(faucet, ctx.from, chainId);
    const receipt = await receiptOf(ctx.client, faucet.transactionHash);
    const transfers = parseEventLogs({ abi: cL2CTokenAbi, eventName: 'Transfer', logs: receipt.logs.map(viemLog) });
    expect(transfers.map((t) => t.args)).toEqual([{ from: ctx.from.address, to, value: 2n * 10n ** 18n }]);
    state.nonces.push(native.nonce, token.nonce, faucet.nonce);
  });

  it(`${name}: the wallet's nonces are consecutive across deploys, mints and sends`, () => {
    const first = state.nonces[0]!;
    expect(state.nonces).toEqual(state.nonces.map((_, i) => first + i));
  });
}

export function viemLog(l: ChainReceipt['logs'][number]) {
  return {
    address: l.address,
    topics: l.topics as [Hex, ...Hex[]],
    data: l.data,
    logIndex: l.logIndex,
    blockHash: null,
    blockNumber: null,
    transactionHash: null,
    transactionIndex: null,
    removed: false,
  } as const;
}
