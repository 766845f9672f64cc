import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, keccak256, parseEther, parseTransaction, recoverTransactionAddress, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { EvmChainClient } from './evm';

/**
 * No network here, so the driver talks to a minimal JSON-RPC stand-in on 127.0.0.1 that answers
 * what viem asks while preparing a transaction and records every raw transaction it is sent.
 */
const received: { method: string; params: unknown[] }[] = [];
let server: Server;
let url: string;

const answers: Record<string, (params: unknown[]) => unknown> = {
  eth_chainId: () => '0x13882', // 80002
  eth_getTransactionCount: () => '0x5',
  eth_estimateGas: () => '0x5208',
  eth_maxPriorityFeePerGas: () => '0x6fc23ac00',
  eth_gasPrice: () => '0xba43b7400',
  eth_getBlockByNumber: () => ({ number: '0x10', baseFeePerGas: '0x3b9aca00', timestamp: '0x1', transactions: [] }),
  eth_sendRawTransaction: (params) => keccak256(params[0] as Hex),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      received.push({ method: call.method, params: call.params });
      const answer = answers[call.method];
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          answer
            ? { jsonrpc: '2.0', id: call.id, result: answer(call.params) }
            : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `unsupported ${call.method}` } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('EvmChainClient', () => {
  const from = privateKeyToAccount(generatePrivateKey());
  const to: Address = '0x52908400098527886E0F7030069857D2E4169EE7';

  it('signs with the organization key, with the node’s chain id and nonce, and sends it raw', async () => {
    const result = await new EvmChainClient(url).sendTokens({ from, to, amount: '0.25', tokenType: 'mainnet', sequence: 0 });
    expect(result.broadcast).toBe(true);
    const sent = received.filter((r) => r.method === 'eth_sendRawTransaction');
    expect(sent).toHaveLength(1);
    const raw = sent[0]!.params[0] as Hex;
    expect(result.raw).toBe(raw);
    expect(result.transactionHash).toBe(keccak256(raw));
    const tx = parseTransaction(raw);
    expect(tx).toMatchObject({ type: 'eip1559', chainId: 80002, nonce: 5, value: parseEther('0.25') });
    expect(getAddress(tx.to!)).toBe(to);
    expect(await recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` })).toBe(from.address);
  });

  it('rejects when the node cannot be reached', async () => {
    await expect(
      new EvmChainClient('http://127.0.0.1:9').sendTokens({ from, to, amount: '1', tokenType: 'mainnet', sequence: 0 }),
    ).rejects.toThrow();
  });
});
