import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { SESSION_ONLY, aErrors, jsonBody, jsonResponse, paginated } from '@/lib/openapi/registry';
import {
  contractView,
  createContractBody,
  deleteContractResponse,
  listContractsQuery,
  updateContractBody,
} from './schemas';

export function registerContractPaths(registry: OpenAPIRegistry) {
  const tags = ['Smart contracts'];
  registry.registerPath({
    method: 'get',
    path: '/cl2c/contract',
    operationId: 'listContracts',
    summary: 'A1 — list smart contracts',
    description:
      "The organization’s smart-contract records, one page at a time. `search` matches name, symbol and description; `filters` echoes the applied, normalized filters.",
    tags,
    request: { query: listContractsQuery },
    responses: { 200: jsonResponse('A page of contracts', paginated(contractView)), 400: aErrors[400], 401: aErrors[401] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/contract',
    operationId: 'createContract',
    summary: 'A2 — create a smart-contract record (not deployed)',
    description:
      "Creates a record with status CREATED and no address; nothing is deployed. `network` defaults to POLYGON and `env` to TESTNET. Unknown body properties are 400.",
    tags,
    request: { body: jsonBody(createContractBody) },
    responses: { 201: jsonResponse('Created', contractView), 400: aErrors[400], 401: aErrors[401], 413: aErrors[413], 415: aErrors[415] },
  });
  registry.registerPath({
    method: 'put',
    path: '/cl2c/contract',
    operationId: 'updateContract',
    summary: 'A3 — update status, address and deployment time',
    description:
      'For contracts deployed elsewhere. A contract deployed by the service (`POST /cl2c/contract/{id}/deploy`) keeps the status, ' +
      'address and deployment time its receipt gave: changing them is 409 (repeating them is fine); during a deployment every A3 ' +
      'change is 409.',
    tags,
    request: { body: jsonBody(updateContractBody) },
    responses: {
      200: jsonResponse('Updated', contractView),
      400: aErrors[400],
      401: aErrors[401],
      404: aErrors[404],
      409: aErrors[409],
      415: aErrors[415],
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/cl2c/contract/{id}',
    operationId: 'deleteContract',
    summary: 'A4 — delete a contract without NFTs',
    description: 'A contract that still has NFTs is 409 and nothing is deleted; delete its NFTs first with `DELETE /cl2c/nft/{id}`.',
    tags,
    request: { params: z.object({ id: z.string().meta({ description: 'The smart contract’s id.', example: '0f8e7a52-4c1b-4f0e-9a3d-6b2c1d9e8f70' }) }) },
    responses: { 200: jsonResponse('Deleted', deleteContractResponse), 401: aErrors[401], 404: aErrors[404], 409: aErrors[409] },
  });
}

/** The console's contract picker reads one contract by id (admin session only). */
export function registerConsoleContractPath(registry: OpenAPIRegistry) {
  const tags = ['Console'];
  registry.registerPath({
    method: 'get',
    path: '/console/contracts/{id}',
    operationId: 'getConsoleContract',
    summary: 'One smart contract by id (the console’s contract picker)',
    description: `${SESSION_ONLY} Used when a page link names only the contract id. Another organization’s contract is 404.`,
    tags,
    request: { params: z.object({ id: z.string().meta({ description: 'The smart contract’s id.', example: '0f8e7a52-4c1b-4f0e-9a3d-6b2c1d9e8f70' }) }) },
    responses: { 200: jsonResponse('The contract', contractView), 401: aErrors[401], 403: aErrors[403], 404: aErrors[404] },
  });
}
