import { spawn } from 'node:child_process';
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
 * `next start` with CHAIN=evm pointing at it. Where the node is goes to DATA_DIR/chain.json for
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
writeFileSync(path.join(E2E_DATA_DIR, 'chain.json'), JSON.stringify({ rpcUrl: node.url, faucetToken }));

const server = spawn(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(E2E_PORT)], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ...E2E_SERVER_ENV, CHAIN: 'evm', RPC_URL: node.url, FAUCET_TOKEN_ADDRESS: faucetToken },
});
const stop = async () => {
  server.kill('SIGTERM');
  await node.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
server.on('exit', (code) => {
  void node.stop().then(() => process.exit(code ?? 1));
});
