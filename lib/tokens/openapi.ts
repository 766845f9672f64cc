import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { aErrors, familyAError, jsonBody, jsonResponse, paginated } from '@/lib/openapi/registry';
import { listTransfersQuery, sendTokensBody, sendTokensResponse, transferView } from './schemas';

export function registerTokenPaths(registry: OpenAPIRegistry) {
  registry.registerPath({
    method: 'post',
    path: '/cl2c/token',
    operationId: 'sendTokens',
    summary: 'A14 — send tokens to an organization member',
    description: [
      '`memberId` must be an ACTIVE membership of the organization (a pending invitation id is 404) whose user has a wallet (409 otherwise).',
      '`amount` is a JSON number > 0 with at most 18 decimal places (a string such as `"1"` is refused); it is kept as a decimal string.',
      'The transfer is recorded (PENDING) before the chain is called. With the default `local` chain driver the transaction is a real',
      'signed EIP-1559 transaction (chain id 80002) whose hash is returned, but it is **not broadcast**: `broadcast` is false and `note` says so.',
      '`faucet` sends call `transfer` on `FAUCET_TOKEN_ADDRESS` when configured, otherwise they are native transfers like `mainnet`.',
      'With `CHAIN=evm` the transaction is broadcast (`SUBMITTED`) and its receipt makes it `CONFIRMED` or `FAILED` (console history);',
      'parallel sends of one organization take consecutive nonces. A call that would revert or a wallet that cannot pay → 422, the',
      'node unreachable → 502; either way nothing was sent and the transfer is FAILED with the reason. A send interrupted by a',
      'crash is settled by the receipt worker on the next start, so a retry with the same key gets a final answer.',
      '',
      '**Idempotency-Key** (optional header): the same key with the same body returns the first response again (header',
      '`Idempotent-Replayed: true`); with a different body → 409. A duplicate arriving while the first is still being signed waits up to',
      '5 s for it, then answers 409 "still in progress". Keys are kept per organization for the life of the transfer record (≥ 24 h).',
    ].join('\n'),
    tags: ['Tokens'],
    request: {
      headers: z.object({
        'Idempotency-Key': z
          .string()
          .max(255)
          .optional()
          .meta({ description: '1–255 visible ASCII characters; makes retries safe.', example: 'payout-2026-11-22-0001' }),
      }),
      body: jsonBody(sendTokensBody),
    },
    responses: {
      200: jsonResponse('Transfer signed (and, with the evm driver, broadcast)', sendTokensResponse),
      400: aErrors[400],
      401: aErrors[401],
      404: aErrors[404],
      409: {
        description: 'Member without a wallet, Idempotency-Key reused with another body, or still in progress.',
        content: { 'application/json': { schema: familyAError } },
      },
      413: aErrors[413],
      415: aErrors[415],
      429: aErrors[429],
      422: {
        description: 'The chain refused the transfer (it would revert, or the wallet cannot pay); recorded FAILED with the reason.',
        content: { 'application/json': { schema: familyAError } },
      },
      502: {
        description: 'The chain driver failed; the transfer is recorded as FAILED (`details` names it).',
        content: { 'application/json': { schema: familyAError } },
      },
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/console/transfers',
    operationId: 'listTransfers',
    summary: 'Token transfer history (console), newest first',
    description:
      "Console support: every token send of the organization with its status, newest first.",
    tags: ['Tokens'],
    request: { query: listTransfersQuery },
    responses: { 200: jsonResponse('A page of transfers', paginated(transferView)), 400: aErrors[400], 401: aErrors[401] },
  });
}
