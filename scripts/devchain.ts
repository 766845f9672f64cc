import { createPublicClient, createWalletClient, formatEther, http, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { cL2CTokenAbi, cL2CTokenBytecode } from '@/chain/artifacts';
import { getDb } from '@/lib/storage/sqlite/client';
import { organizations } from '@/db/schema';
import { DEVNODE_FUNDER_KEY, startDevNode } from '@/lib/chain/devnode';
import { organizationAccount } from '@/lib/chain';
import { env } from '@/lib/env';

/**
 * `npm run devchain`: a local EVM node (Hardhat, 127.0.0.1:DEVCHAIN_PORT, default 8545) with the
 * faucet ERC-20 deployed, printing the line that starts the app against it. Every organization
 * wallet found in DATA_DIR's database is funded (100 ETH + 1,000 FCT) as it appears, so deploys,
 * mints and sends work at once. State is in memory: stopping the node forgets every block.
 */
const port = Number(process.env.DEVCHAIN_PORT ?? 8545);
const node = await startDevNode({ port });
const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(node.url) });
const reader = createPublicClient({ transport: http(node.url) });
const deployHash = await funder.deployContract({
  abi: cL2CTokenAbi,
  bytecode: cL2CTokenBytecode,
  args: ['CL2C Faucet', 'FCT', funder.account.address, parseEther('1000000000')],
  chain: null,
});
const faucetToken = (await reader.waitForTransactionReceipt({ hash: deployHash })).contractAddress!;

process.stdout.write(
  [
    '',
    `Local EVM node (Hardhat, chain id 31337) at ${node.url}`,
    `Faucet ERC-20 (FCT) at ${faucetToken}`,
    'State is ephemeral: stopping this process forgets every block, contract and balance.',
    '',
    'Start the app against it (same DATA_DIR / AUTH_SECRET as below):',
    `  CHAIN=evm RPC_URL=${node.url} FAUCET_TOKEN_ADDRESS=${faucetToken} npm start`,
    '',
    `Organization wallets in ${env().DATABASE_PATH} are funded with 100 ETH and 1,000 FCT as they appear.`,
    'Ctrl-C stops the node.',
    '',
  ].join('\n'),
);

const funded = new Set<string>();
async function fundNewWallets() {
  let addresses: Address[] = [];
  try {
    const db = getDb();
    addresses = db
      .select({ id: organizations.id })
      .from(organizations)
      .all()
      .map((o) => organizationAccount(db, o.id)?.address)
      .filter((a): a is Address => Boolean(a) && !funded.has(a!));
  } catch {
    return; // no database yet, or another AUTH_SECRET: nothing to fund
  }
  for (const address of addresses) {
    await reader.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther('100'), chain: null }) });
    await reader.waitForTransactionReceipt({
      hash: await funder.writeContract({ address: faucetToken, abi: cL2CTokenAbi, functionName: 'transfer', args: [address, parseEther('1000')], chain: null }),
    });
    funded.add(address);
    process.stdout.write(`funded ${address}: ${formatEther(await reader.getBalance({ address }))} ETH, 1000 FCT\n`);
  }
}
await fundNewWallets();
const timer = setInterval(() => void fundNewWallets(), 5_000);

const stop = () => {
  clearInterval(timer);
  void node.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
