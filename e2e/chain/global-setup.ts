import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { cL2CTokenAbi } from '@/chain/artifacts';
import { DEVNODE_FUNDER_KEY } from '@/lib/chain/devnode';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_ORG_FILE } from '../env';
import baseSetup from '../global-setup';

/** `rpcUrl`: the node itself; `appRpcUrl`: the forwarder the app's RPC_URL points at (serve.ts). */
export type ChainInfo = { rpcUrl: string; faucetToken: Address; appRpcUrl: string };
export const readChainInfo = (): ChainInfo => JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'chain.json'), 'utf8')) as ChainInfo;

/** The usual setup (organization + signed-in admin), then the organization's wallet is funded on the node. */
export default async function chainGlobalSetup() {
  await baseSetup();
  const org = JSON.parse(readFileSync(E2E_ORG_FILE, 'utf8')) as { apiKey: string };
  const res = await fetch(`${E2E_BASE_URL}/api/v1/cl2c/wallet`, { headers: { 'x-api-key': org.apiKey } });
  if (!res.ok) throw new Error(`wallet: ${res.status} ${await res.text()}`);
  const wallet = (await res.json()) as { address: Address; chainId: number };
  if (wallet.chainId !== 31337) throw new Error(`the chain e2e server is not on the dev node (chain id ${wallet.chainId})`);
  const { rpcUrl, faucetToken } = readChainInfo();
  const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(rpcUrl) });
  const reader = createPublicClient({ transport: http(rpcUrl) });
  await reader.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: wallet.address, value: parseEther('100'), chain: null }) });
  await reader.waitForTransactionReceipt({
    hash: await funder.writeContract({ address: faucetToken, abi: cL2CTokenAbi, functionName: 'transfer', args: [wallet.address, parseEther('1000')], chain: null }),
  });
}
