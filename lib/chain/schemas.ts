import { z } from 'zod';
import { chainAttemptPurposes, chainTxStatuses, ledgerStates } from '@/db/enums';

/**
 * What the chain says about one operation (a send, a deployment, a mint): the ledger row with every
 * transaction signed for it, its receipt and its state history. Shared by the token read, the NFT
 * detail and the contract read.
 */
export const ledgerState = z.enum(ledgerStates).meta({
  description:
    'queued: recorded, nothing signed · signed: signed, never broadcast (CHAIN=local) · sent: handed to the node, not in a block · ' +
    'mined_success: in a block (see `confirmed`) · mined_reverted: mined and reverted, gas spent · errored: refused before sending, nothing spent · ' +
    'cancelled: a zero-value self-transfer took the nonce · orphaned: the chain it was on is gone (chain reconcile).',
});

export const chainAttemptView = z.object({
  transactionHash: z.string(),
  purpose: z.enum(chainAttemptPurposes).meta({ description: 'original, speedup (same call, higher fees) or cancel (zero-value self-transfer).' }),
  nonce: z.number().int(),
  maxFeePerGas: z.string().meta({ description: 'Wei, decimal string.' }),
  maxPriorityFeePerGas: z.string().meta({ description: 'Wei, decimal string.' }),
  broadcast: z.boolean(),
  createdAt: z.string().datetime(),
});

export const chainReceiptView = z.object({
  transactionHash: z.string().meta({ description: 'The transaction that mined (one of `transactions`).' }),
  status: z.enum(['success', 'reverted']),
  blockNumber: z.number().int(),
  blockHash: z.string().nullable(),
  blockTime: z.string().datetime().nullable(),
  gasUsed: z.string().nullable().meta({ description: 'Gas units, decimal string.' }),
  effectiveGasPrice: z.string().nullable().meta({ description: 'Wei per gas, decimal string.' }),
});

export const chainHistoryItem = z.object({
  status: z.enum(chainTxStatuses),
  transactionHash: z.string().nullable(),
  detail: z.string().nullable(),
  at: z.string().datetime(),
});

export const chainFactsView = z
  .object({
    id: z.string().meta({ description: 'The ledger row.' }),
    kind: z.enum(['deploy', 'mint', 'transfer']),
    chain: z.string().meta({ description: '`local` (signed, never broadcast) or `evm`.' }),
    chainId: z.number().int().nullable(),
    status: z.enum(chainTxStatuses).meta({ description: 'The ledger status (docs/chain.md, "Chain transactions").' }),
    state: ledgerState,
    pending: z.boolean().meta({ description: 'true until the nonce is consumed on chain (or nothing was ever sent).' }),
    confirmed: z.boolean().meta({ description: 'Mined, successful and at least `requiredConfirmations` blocks deep.' }),
    requiredConfirmations: z.number().int(),
    broadcast: z.boolean().meta({ description: 'false: signed but never sent to any network.' }),
    fromAddress: z.string().nullable(),
    nonce: z.number().int().nullable(),
    transactionHash: z.string().nullable().meta({ description: 'The transaction that mined, else the latest signed.' }),
    transactions: z.array(chainAttemptView).meta({ description: 'Every transaction signed for this operation, oldest first.' }),
    receipt: chainReceiptView.nullable(),
    error: z.string().nullable().meta({ description: 'Why it failed, reverted or was cancelled — or what it is waiting for.' }),
    cancelRequestedAt: z.string().datetime().nullable(),
    history: z.array(chainHistoryItem).meta({ description: 'Every state change, oldest first.' }),
  })
  .meta({ id: 'ChainTransaction' });
export type ChainFactsView = z.infer<typeof chainFactsView>;
