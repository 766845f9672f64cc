import { z } from 'zod';
import { tokenTypes, transferStatuses } from '@/db/enums';
import { chainFactsView, ledgerState } from '@/lib/chain/schemas';
import { limitParam, pageParam, searchParam, sortByParam, sortOrderParam } from '@/lib/shared/query';
import { TOKEN_DECIMALS, decimalPlaces, fitsUint256, numberToDecimalString } from './amount';

export const tokenType = z.enum(tokenTypes);
export const transferStatus = z.enum(transferStatuses);

/**
 * A14 `amount`: a JSON number (a string such as "1" is refused), finite, > 0, at most 18
 * decimals judged on the number's own decimal string. Output: that decimal string.
 */
export const amountField = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') })
  .gt(0, 'must be greater than 0')
  .transform(numberToDecimalString)
  .pipe(
    z
      .string()
      .refine((v) => decimalPlaces(v) <= TOKEN_DECIMALS, `must have at most ${TOKEN_DECIMALS} decimal places`)
      .refine((v) => decimalPlaces(v) > TOKEN_DECIMALS || fitsUint256(v), 'is too large'),
  )
  .meta({ type: 'number', minimum: 0, exclusiveMinimum: true, description: 'Greater than 0, at most 18 decimal places.', example: 1.5 });

/** A14 body (also the console's send form). */
export const sendTokensBody = z.strictObject({
  memberId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'is too long'),
  amount: amountField,
  tokenType: tokenType.default('mainnet'),
});
export type SendTokensBody = z.output<typeof sendTokensBody>;
export type SendTokensInput = z.input<typeof sendTokensBody>;

/** The optional `Idempotency-Key` header: 1–255 visible ASCII characters. */
export const idempotencyKeyHeader = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .regex(/^[\x21-\x7E]+$/, 'must contain only visible ASCII characters');

/** A14 response. `broadcast`, `note`, `transferId` and `status` extend the spec's three fields. */
export const sendTokensResponse = z
  .object({
    success: z.boolean(),
    transactionHash: z.string().meta({ example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' }),
    tokenType,
    broadcast: z.boolean().meta({ description: 'false: the transaction was signed but not sent to any network.' }),
    note: z.string().meta({ description: 'Plain-language statement of what happened on chain.' }),
    transferId: z.string(),
    status: transferStatus.meta({
      description: 'PENDING (queued), SIGNED (local driver: never broadcast), SUBMITTED (sent, or mined below the confirmation depth), CONFIRMED, FAILED (see `state`).',
    }),
    state: ledgerState,
    error: z.string().nullable().meta({ description: 'Why it failed, reverted or was cancelled — or what it is waiting for.' }),
  })
  .meta({ id: 'TokenSendResult' });
export type SendTokensResponse = z.infer<typeof sendTokensResponse>;

/** Console history query (newest first by default; `createdAt` is the only sort key). */
export const listTransfersQuery = z.strictObject({
  page: pageParam,
  limit: limitParam,
  search: searchParam,
  status: transferStatus.optional().meta({ description: 'Only transfers in this status.' }),
  tokenType: tokenType.optional().meta({ description: 'Only transfers of this token type.' }),
  sortBy: sortByParam(['createdAt']),
  sortOrder: sortOrderParam,
});
export type ListTransfersQuery = z.output<typeof listTransfersQuery>;

export const transferView = z
  .object({
    id: z.string(),
    memberId: z.string().nullable(),
    memberEmail: z.string().nullable(),
    memberName: z.string().nullable(),
    toAddress: z.string(),
    amount: z.string().meta({ description: 'Decimal string.' }),
    tokenType,
    transactionHash: z.string().nullable(),
    status: transferStatus,
    state: ledgerState,
    broadcast: z.boolean(),
    chain: z.string(),
    error: z.string().nullable(),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .meta({ id: 'TokenTransfer' });
export type TransferView = z.infer<typeof transferView>;

/** GET /cl2c/token/{id}: the send, and what the chain says about it. */
export const transferDetail = transferView
  .extend({
    success: z.boolean().meta({ description: 'As in the A14 answer: signed, sent or confirmed (not failed, reverted or cancelled).' }),
    note: z.string(),
    idempotencyKey: z.string().nullable(),
    chainTransaction: chainFactsView.nullable(),
  })
  .meta({ id: 'TokenTransferDetail' });
export type TransferDetail = z.infer<typeof transferDetail>;
