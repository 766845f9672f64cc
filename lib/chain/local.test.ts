import { describe, expect, it } from 'vitest';
import {
  decodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { LOCAL_CHAIN_ID, LocalChainClient } from './local';

const from = privateKeyToAccount(generatePrivateKey());
const to: Address = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('LocalChainClient', () => {
  it('signs a real EIP-1559 native transfer on chain 80002 and returns its hash without broadcasting', async () => {
    const result = await new LocalChainClient().sendTokens({ from, to, amount: '1.5', tokenType: 'mainnet', sequence: 7 });
    expect(result.broadcast).toBe(false);
    expect(result.raw).toMatch(/^0x02/);
    expect(result.transactionHash).toBe(keccak256(result.raw!));
    const tx = parseTransaction(result.raw!);
    expect(tx).toMatchObject({ type: 'eip1559', chainId: LOCAL_CHAIN_ID, nonce: 7, value: parseEther('1.5'), gas: 21_000n });
    expect(getAddress(tx.to!)).toBe(to);
    expect(await recoverTransactionAddress({ serializedTransaction: result.raw! as `0x02${string}` })).toBe(from.address);
  });

  it('gives equal sends distinct hashes through the sequence number', async () => {
    const client = new LocalChainClient();
    const a = await client.sendTokens({ from, to, amount: '1', tokenType: 'mainnet', sequence: 0 });
    const b = await client.sendTokens({ from, to, amount: '1', tokenType: 'mainnet', sequence: 1 });
    expect(a.transactionHash).not.toBe(b.transactionHash);
  });

  it('faucet: an ERC-20 transfer on the configured token, or a native transfer without one', async () => {
    const token: Address = '0x000000000000000000000000000000000000Face';
    const viaToken = await new LocalChainClient(token).sendTokens({ from, to, amount: '2', tokenType: 'faucet', sequence: 0 });
    const tx = parseTransaction(viaToken.raw!);
    expect(getAddress(tx.to!)).toBe(token);
    expect(tx.value ?? 0n).toBe(0n);
    const call = decodeFunctionData({ abi: erc20Abi, data: tx.data! });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([to, 2n * 10n ** 18n]);

    const native = await new LocalChainClient().sendTokens({ from, to, amount: '2', tokenType: 'faucet', sequence: 0 });
    const plain = parseTransaction(native.raw!);
    expect(getAddress(plain.to!)).toBe(to);
    expect(plain.value).toBe(parseEther('2'));
  });
});
