import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { copyrightRules } from '@/lib/copyright/openapi';
import { aErrors, familyAError, jsonBody, jsonResponse, paginated } from '@/lib/openapi/registry';
import {
  createNftBody,
  deleteNftResponse,
  holderView,
  listHoldersQuery,
  listNftsQuery,
  nftCreatedView,
  nftDetailView,
  nftMetadataJson,
  nftView,
  updateNftBody,
  updateNftStatusBody,
} from './schemas';

export function registerNftPaths(registry: OpenAPIRegistry) {
  const tags = ['NFTs'];
  const id = z.object({ id: z.string().meta({ description: 'The NFT’s id.', example: '7d1c2b3a-9e8f-4a6b-8c5d-1e2f3a4b5c6d' }) });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/nft',
    operationId: 'listNfts',
    summary: 'A5 — list NFTs (search on name and description; filter by status and contract)',
    description:
      "The organization’s NFTs, one page at a time. `search` matches name and description.",
    tags,
    request: { query: listNftsQuery },
    responses: { 200: jsonResponse('A page of NFTs', paginated(nftView)), 400: aErrors[400], 401: aErrors[401] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/nft',
    operationId: 'createNft',
    summary: 'A6 — create an NFT record, with an optional image and copyright split',
    description:
      'Without copyright shares, on a contract deployed by the service, the NFT is minted at once (see `POST /cl2c/nft/{id}/mint`; ' +
      'a failed mint leaves it FAILED, the create still succeeds); with shares it stays CREATED until every holder authorizes. ' +
      '`imagePath` accepts an `ipfs://<CID>` URI (kept), a data URI, raw base64, an http(s) URL (10 s, 10 MiB, public ' +
      'addresses only) or a path inside `IMPORT_DIR`. The image must be PNG, JPEG, GIF or WebP (sniffed; SVG refused) ' +
      'and is stored in the content store, served at `/ipfs/<CID>`. Without `imagePath` the NFT is traceability-only. ' +
      '`copyright`: active members of the organization, no duplicates, each 0 < percentage ≤ 100 with at most 2 ' +
      'decimals, summing to exactly 100. Bodies up to 10 MiB. ' +
      copyrightRules,
    tags,
    request: { body: jsonBody(createNftBody) },
    responses: {
      201: jsonResponse('Created', nftCreatedView),
      400: aErrors[400],
      401: aErrors[401],
      404: jsonResponse('The smart contract is not in the key’s organization.', aErrors[404].content['application/json'].schema),
      413: aErrors[413],
      415: aErrors[415],
    },
  });
  registry.registerPath({
    method: 'put',
    path: '/cl2c/nft',
    operationId: 'updateNftStatus',
    summary: 'A7 — update name, description, status and mintedAt (MINTED sets mintedAt to now unless given)',
    description:
      'Status by hand is bookkeeping for contracts deployed elsewhere. 409 when a chain has spoken: during a mint (status/mintedAt), ' +
      'for an NFT minted by the service (its status and mintedAt come from the receipt), and PENDING/MINTED on a contract the ' +
      'service deployed (use `POST /cl2c/nft/{id}/mint`). Name and description may always change. ' +
      copyrightRules,
    tags,
    request: { body: jsonBody(updateNftStatusBody) },
    responses: {
      200: jsonResponse('Updated', nftView),
      400: aErrors[400],
      401: aErrors[401],
      404: aErrors[404],
      409: aErrors[409],
      415: aErrors[415],
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/nft/{id}',
    operationId: 'getNft',
    summary: 'One NFT with its copyright holders, metadata and token/metadata URIs',
    description:
      "Everything the console shows about one NFT: the A6 shape plus token and metadata URIs and timestamps.",
    tags,
    request: { params: id },
    responses: { 200: jsonResponse('The NFT', nftDetailView), 401: aErrors[401], 404: aErrors[404] },
  });
  registry.registerPath({
    method: 'put',
    path: '/cl2c/nft/{id}',
    operationId: 'updateNft',
    summary: 'A8 — update name, description, externalUrl, supply (≥ 1) and metadata; extension: copyright and licence (new round)',
    description: copyrightRules,
    tags,
    request: { params: id, body: jsonBody(updateNftBody) },
    responses: {
      200: jsonResponse('Updated', nftView),
      400: aErrors[400],
      401: aErrors[401],
      404: aErrors[404],
      409: aErrors[409],
      413: aErrors[413],
      415: aErrors[415],
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/cl2c/nft/{id}',
    operationId: 'deleteNft',
    summary: 'Delete an NFT record (extension) — so a contract can then be deleted (A4)',
    description:
      'Not in the original interface; added so A4’s advice (“delete them first”) can be followed. Only an NFT that never left this ' +
      'service can be deleted: a MINTED one (it exists on chain) or a copyrighted one (`copyrightedAt` set — its split was signed) is ' +
      '409 and nothing changes. Its copyright shares are deleted with it; content-store blocks stay (content-addressed, possibly shared).',
    tags,
    request: { params: id },
    responses: {
      200: jsonResponse('Deleted', deleteNftResponse),
      404: aErrors[404],
      409: jsonResponse('The NFT is MINTED or copyrighted; nothing was deleted.', familyAError),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/nft/holders',
    operationId: 'listCopyrightHolderCandidates',
    summary: 'Members who can hold copyright shares (the console’s holder picker)',
    description: 'ACTIVE members of the organization, matched on e-mail, name and user name; at most `limit` of them.',
    tags,
    request: { query: listHoldersQuery },
    responses: { 200: jsonResponse('Matching members', z.object({ data: z.array(holderView) })), 400: aErrors[400], 401: aErrors[401] },
  });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/nft/{id}/metadata',
    operationId: 'getNftMetadata',
    summary: 'The NFT’s ERC-721 / OpenSea metadata JSON',
    description:
      "The metadata JSON built from the NFT (name, description, image, external_url, attributes). For an NFT with an image it is also in the content store, at its `metadataUri`.",
    tags,
    request: { params: id },
    responses: { 200: jsonResponse('Metadata JSON', nftMetadataJson), 401: aErrors[401], 404: aErrors[404] },
  });
}
