import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { contractChainView } from '@/lib/contracts/schemas';
import { nftDetailView } from '@/lib/nfts/schemas';
import { aErrors, familyAError, jsonResponse } from '@/lib/openapi/registry';

export const walletView = z
  .object({
    address: z.string().meta({ description: 'EIP-55 address that pays for deployments, mints and sends.' }),
    chain: z.enum(['local', 'evm']).meta({ description: '`local`: embedded, nothing is broadcast; `evm`: a real network over `RPC_URL`.' }),
    chainId: z.number().int().meta({ description: '80002 (Polygon Amoy) on `local`; the node’s chain id on `evm`.' }),
    balance: z.string().meta({
      description: 'Native balance in whole units (18 decimals) as a decimal string; on `local` the simulated balance (`LOCAL_CHAIN_BALANCE` minus what the wallet signed).',
    }),
  })
  .meta({ id: 'Wallet' });

const chainError = (description: string) => ({ description, content: { 'application/json': { schema: familyAError } } });

/** Family A extensions for the chain lifecycle (not in the original interface). */
export function registerChainPaths(registry: OpenAPIRegistry) {
  const contractId = z.object({ id: z.string().meta({ description: 'The smart contract’s id.', example: '0f8e7a52-4c1b-4f0e-9a3d-6b2c1d9e8f70' }) });
  const nftId = z.object({ id: z.string().meta({ description: 'The NFT’s id.', example: '7d1c2b3a-9e8f-4a6b-8c5d-1e2f3a4b5c6d' }) });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/contract/{id}/deploy',
    operationId: 'deployContract',
    summary: 'Extension — deploy a CREATED (or FAILED) contract record on chain',
    description: [
      'Deploys an ERC-1155 collection (per-token URI, ERC-2981 royalties: `metadata.royaltyBps`, default 500 = 5 %) owned by the',
      'organization’s wallet (`GET /cl2c/wallet`). The deployment transaction is recorded before the chain is called and its hash',
      'is stored at once (`deploymentTransactionHash`); the receipt makes the record `DEPLOYED` with `contractAddress` (derived from',
      'sender + nonce), `creatorAddress`, `deployedAt` (block time) and `deploymentLogs`, or `FAILED` with `{"error": reason}` in',
      '`deploymentLogs`. On the `local` driver (and a dev node) the answer is already final; on a public network the record may',
      'still be `CREATED` with its hash — the receipt worker finishes it. Afterwards A3 may not change status, address or deployedAt.',
    ].join('\n'),
    tags: ['Smart contracts'],
    request: { params: contractId },
    responses: {
      200: jsonResponse('The contract after deployment (DEPLOYED, or CREATED with its hash while the receipt is awaited)', contractChainView),
      401: aErrors[401],
      404: aErrors[404],
      409: chainError('Already DEPLOYED, or a deployment is already in progress.'),
      422: chainError('The chain refused the deployment (revert, insufficient funds); the record is FAILED with the reason.'),
      429: aErrors[429],
      502: chainError('The node could not be reached; the record is FAILED (nothing was sent) or, if the node’s answer was lost, left for the receipt worker.'),
      503: chainError('Sending is stopped: the node serves another chain than the one on record.'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/contract/{id}',
    operationId: 'getContract',
    summary: 'Extension — one contract record with the chain facts of its latest deployment',
    description: 'The contract as A1 lists it, plus `chainTransaction`: ledger state, every hash tried, receipt and history. Another organization’s contract is 404.',
    tags: ['Smart contracts'],
    request: { params: contractId },
    responses: { 200: jsonResponse('The contract', contractChainView), 401: aErrors[401], 404: aErrors[404], 429: aErrors[429] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/nft/{id}/mint',
    operationId: 'mintNft',
    summary: 'Extension — mint an NFT on its deployed contract',
    description: [
      'Mints `supply` copies of a new token to the organization’s wallet. Refused with 409 (`details` says why) when the NFT is',
      'already MINTED or PENDING, its contract is not DEPLOYED by this service (a contract registered by hand through A3 is owned',
      'by another wallet), or it has copyright shares not yet authorized by every holder (`copyrightedAt` unset).',
      'The token metadata JSON is stored in the content store first (`tokenUri` = `ipfs://<CID>`); the NFT becomes PENDING with',
      '`mintTransactionHash`, then MINTED with `tokenId` (assigned by the contract), `tokenOwner`, `mintedAt` (block time) and',
      '`mintLogs`, or FAILED with `{"error": reason}` in `mintLogs`. A6 does this at once for an NFT without shares on a deployed',
      'contract. Once a chain has spoken, A7 may not write PENDING/MINTED by hand nor change a minted NFT’s status.',
    ].join('\n'),
    tags: ['NFTs'],
    request: { params: nftId },
    responses: {
      200: jsonResponse('The NFT after minting (MINTED, or PENDING while the receipt is awaited)', nftDetailView),
      401: aErrors[401],
      404: aErrors[404],
      409: chainError('Already minted/minting, contract not deployed here, or copyright shares await authorization.'),
      422: chainError('The chain refused the mint; the NFT is FAILED with the reason.'),
      429: aErrors[429],
      502: chainError('The node could not be reached.'),
      503: chainError('Sending is stopped: the node serves another chain than the one on record.'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/wallet',
    operationId: 'getWallet',
    summary: 'Extension — the organization’s wallet (address, chain, balance)',
    description:
      'The address that pays for deployments, mints and sends, so an admin knows what to fund. Its private key is kept encrypted ' +
      'with `AUTH_SECRET` and is never returned.',
    tags: ['Wallet'],
    responses: { 200: jsonResponse('The wallet', walletView), 401: aErrors[401], 429: aErrors[429], 502: chainError('The node could not be reached.') },
  });
}
