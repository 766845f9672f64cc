import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { aErrors, familyAError, jsonBody, jsonResponse, paginated } from '@/lib/openapi/registry';
import { listTransfersQuery, sendTokensBody, sendTokensResponse, transferDetail, transferView } from './schemas';

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
      'On `local` every wallet has a simulated balance (`LOCAL_CHAIN_BALANCE`): a send above what is left → 409 naming `amount`.',
      'With `CHAIN=evm` the transaction is broadcast (`SUBMITTED`) and stays pending until its nonce is consumed on chain: a stuck',
      'one is replaced with higher fees (same nonce, every hash kept), and whichever mines wins; `CONFIRMED` once',
      '`CHAIN_CONFIRMATIONS` deep (a reorg puts it back to `SUBMITTED`). `state` tells queued / sent / mined_success /',
      'mined_reverted (gas spent) / errored (nothing spent) / cancelled / orphaned apart; `GET /cl2c/token/{id}` shows every hash,',
      'the receipt and the history. Parallel sends of one organization take consecutive nonces. A call that would revert or a wallet',
      'that cannot pay → 422, the node unreachable → 502; either way nothing was sent and the transfer is FAILED with the reason.',
      'The node serving another chain than the one on record (a reset) → 503, nothing prepared (`/api/ready` says why).',
      '',
      '**Idempotency-Key** (optional header): the key stays bound to its logical send, whatever transaction of it lands: the same key',
      'with the same body returns the send\'s CURRENT state in this body shape (200, header `Idempotent-Replayed: true`; `success`',
      'false when it failed) — never a second payment, never a 502. With a different body → 409. A duplicate arriving while the first',
      'is still being signed waits up to 5 s for it, then answers 409 "still in progress". Keys are kept for the life of the record.',
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
        description: 'Member without a wallet, Idempotency-Key reused with another body or still in progress, or (`local`) an amount above the simulated balance.',
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
      503: {
        description: 'Sending is stopped: the node serves another chain than the one on record (run `cli chain reconcile`).',
        content: { 'application/json': { schema: familyAError } },
      },
    },
  });
  const transferId = z.object({ id: z.string().meta({ description: 'The transfer id (`transferId` of the A14 answer).' }) });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/token/{id}',
    operationId: 'getTransfer',
    summary: 'Extension — one token send: its state, every transaction hash tried, receipt and state history',
    description:
      'What a client follows after A14. `status` keeps its A14 meaning; `state` and `chainTransaction` say what the chain did. Another organization’s transfer is 404.',
    tags: ['Tokens'],
    request: { params: transferId },
    responses: { 200: jsonResponse('The transfer', transferDetail), 401: aErrors[401], 404: aErrors[404], 429: aErrors[429] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/token/{id}/cancel',
    operationId: 'cancelTransfer',
    summary: 'Extension — cancel a send that is sent but not yet mined',
    description: [
      'Signs a zero-value transfer from the organization’s wallet to itself at the send’s nonce, with fees raised by',
      '`CHAIN_FEE_BUMP_PERCENT` (capped by `CHAIN_MAX_FEE_GWEI`), and broadcasts it. Whichever transaction takes the nonce decides:',
      'the cancel → `state: cancelled` (nothing paid, status FAILED), the payment → CONFIRMED. The answer is the transfer as',
      '`GET /cl2c/token/{id}` shows it (`cancelRequestedAt` set). Already mined, final, or never broadcast (`local`) → 409.',
    ].join('\n'),
    tags: ['Tokens'],
    request: { params: transferId },
    responses: {
      200: jsonResponse('The transfer with the cancel requested', transferDetail),
      401: aErrors[401],
      404: aErrors[404],
      409: { description: 'Not cancellable now (`details` says why).', content: { 'application/json': { schema: familyAError } } },
      429: aErrors[429],
      503: { description: 'Sending is stopped: the node serves another chain.', content: { 'application/json': { schema: familyAError } } },
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
