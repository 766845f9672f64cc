import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { cL2CTokenAbi, cL2CTokenBytecode } from '@/chain/artifacts';
import { DEVNODE_FUNDER_KEY, freePort, startDevNode } from '@/lib/chain/devnode';
import { E2E_DATA_DIR, E2E_PORT, E2E_SERVER_ENV } from '../env';

/**
 * The chain e2e's web server (playwright.chain.config.ts): a fresh data dir, a Hardhat node on a
 * free port of 127.0.0.1, the faucet ERC-20 deployed by the node's funded dev account, then
 * `next start` with CHAIN=evm pointing at it (through a forwarder a test can re-point at another node). Where the node is goes to DATA_DIR/chain.json for
 * the global setup (which funds the organization's wallet) and the tests (which read the chain).
 * Stopping this process stops both.
 */
rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });

const from = Number(process.env.CHAIN_TEST_PORT_FROM ?? 3250);
const to = Number(process.env.CHAIN_TEST_PORT_TO ?? 3299);
let port = await freePort(from, to);
while (port === E2E_PORT) port = await freePort(from, to);
const node = await startDevNode({ port });

const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(node.url) });
const hash = await funder.deployContract({
  abi: cL2CTokenAbi,
  bytecode: cL2CTokenBytecode,
  args: ['CL2C Faucet', 'FCT', funder.account.address, parseEther('1000000')],
  chain: null,
});
const faucetToken = (await createPublicClient({ transport: http(node.url) }).waitForTransactionReceipt({ hash })).contractAddress!;

// The app reaches the node through this forwarder, so a test can point it at ANOTHER node (another
// chain: a new genesis block) and back — `POST /__e2e/target {"url": …}` — without restarting anything.
let target = node.url;
const forwarder = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    if (req.url === '/__e2e/target') {
      target = (JSON.parse(body) as { url?: string }).url ?? node.url;
      res.end(JSON.stringify({ target }));
      return;
    }
    fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      .then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(await answer.text());
      })
      .catch(() => {
        res.writeHead(502);
        res.end();
      });
  });
});
await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
const appRpcUrl = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`;
writeFileSync(path.join(E2E_DATA_DIR, 'chain.json'), JSON.stringify({ rpcUrl: node.url, faucetToken, appRpcUrl }));

const server = spawn(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(E2E_PORT)], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    ...E2E_SERVER_ENV,
    CHAIN: 'evm',
    RPC_URL: appRpcUrl,
    FAUCET_TOKEN_ADDRESS: faucetToken,
    // Quick enough for a test to watch: another chain is noticed within a second or two, and a send
    // left unmined (automine off) is replaced after 5 s. With automine on nothing waits that long.
    CHAIN_IDENTITY_CHECK_SECONDS: '1',
    CHAIN_STUCK_SECONDS: '5',
  },
});
const stop = async () => {
  server.kill('SIGTERM');
  forwarder.close();
  await node.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
server.on('exit', (code) => {
  void node.stop().then(() => process.exit(code ?? 1));
});
