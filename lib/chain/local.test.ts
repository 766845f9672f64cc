import { beforeAll, describe, expect, it } from 'vitest';
import { getAddress, keccak256, parseEther, parseTransaction, type Address, type LocalAccount } from 'viem';
import { getStore } from '@/lib/storage/current';
import { createTestOrg } from '@/test/helpers';
import { driverLifecycle, ledgerRow, type DriverContext } from './driver-suite';
import { organizationAccountIn } from './index';
import { LOCAL_CHAIN_ID, LocalChainClient } from './local';

let ctx: DriverContext;

beforeAll(async () => {
  const org = await createTestOrg();
  const from = (await organizationAccountIn(await getStore(), org.organization.id)) as LocalAccount;
  ctx = { client: new LocalChainClient(getStore), withFaucet: (t) => new LocalChainClient(getStore, t), from, organizationId: org.organization.id };
});

describe('LocalChainClient (embedded, no network)', () => {
  driverLifecycle('local', () => ctx);

  it('signs EIP-1559 on chain 80002 with fixed fees and never broadcasts; equal sends get distinct nonces and hashes', async () => {
    const to: Address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const a = await ctx.client.sendTokens({ ledgerId: await ledgerRow(ctx, 'transfer'), from: ctx.from, to, amount: '1.5', tokenType: 'mainnet' });
    const b = await ctx.client.sendTokens({ ledgerId: await ledgerRow(ctx, 'transfer'), from: ctx.from, to, amount: '1.5', tokenType: 'mainnet' });
    expect(a.broadcast).toBe(false);
    expect(b.nonce).toBe(a.nonce + 1);
    expect(a.transactionHash).not.toBe(b.transactionHash);
    const tx = parseTransaction(a.raw);
    expect(tx).toMatchObject({ type: 'eip1559', chainId: LOCAL_CHAIN_ID, value: parseEther('1.5'), gas: 21_000n });
    expect(getAddress(tx.to!)).toBe(to);
    expect(keccak256(a.raw)).toBe(a.transactionHash);
    expect(await ctx.client.rebroadcast(a.raw)).toEqual({ accepted: true });
  });

  it('20 parallel sends take 20 consecutive nonces', async () => {
    const to: Address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => ctx.client.sendTokens({ ledgerId: await ledgerRow(ctx, 'transfer'), from: ctx.from, to, amount: '1', tokenType: 'mainnet' })),
    );
    const nonces = results.map((r) => r.nonce).sort((x, y) => x - y);
    expect(nonces).toEqual(nonces.map((_, i) => nonces[0]! + i));
  });
});
