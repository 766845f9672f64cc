import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { bErrors } from '@/lib/openapi/family-b-errors';
import { jsonBody, jsonResponse } from '@/lib/openapi/registry';
import { nftDetail, nftIdParams, nftSearchResponse, searchNftsBody } from './schemas';

export function registerNftSearchPaths(registry: OpenAPIRegistry) {
  const tags = ['NFTs'];
  registry.registerPath({
    method: 'post',
    path: '/v1/cl2c/nfts/search',
    operationId: 'searchNfts',
    summary: 'B1 — search the tenant’s NFTs',
    description: [
      '`keyword`: case-insensitive substring over every text/number/boolean/date field (not ids); `advancedSearch` the same over its `fields`; the two are OR-ed.',
      '`advancedFilter`: a group `{logic: and|or|xor, filters: [...]}` (nested to any depth) or a leaf `{field, operator, value}` with operator eq, neq, lt, lte, gt, gte, contains, startswith, endswith. Strings compare case-insensitively; `%` and `_` are literal; `value` is converted to the field type; `null` with eq/neq means IS NULL / IS NOT NULL.',
      '`orderBy`: `["name", "mintedAt desc"]`, first entry primary; default createdAt descending.',
      '`pageNumber` ≤ 0 → 1, `pageSize` ≤ 0 → 10, `pageSize` > 100 → 400.',
    ].join('\n\n'),
    tags,
    request: { body: jsonBody(searchNftsBody) },
    responses: {
      200: jsonResponse('A page of NFTs', nftSearchResponse),
      400: bErrors[400],
      401: bErrors[401],
      415: bErrors[415],
      429: bErrors[429],
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/cl2c/nfts/{id}',
    operationId: 'getNft',
    summary: 'B2 — one NFT with its smart contract',
    description:
      "One NFT of the tenant with its smart contract. A malformed id is 400 (ProblemDetails, `errors.id`); an unknown id or another tenant’s is 404.",
    tags,
    request: { params: nftIdParams.extend({ id: nftIdParams.shape.id.meta({ description: 'The NFT’s id (a UUID; anything else is 400).', example: '7d1c2b3a-9e8f-4a6b-8c5d-1e2f3a4b5c6d' }) }) },
    responses: { 200: jsonResponse('The NFT', nftDetail), 400: bErrors[400], 401: bErrors[401], 404: bErrors[404] },
  });
}
