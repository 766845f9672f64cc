import { and, eq, inArray } from 'drizzle-orm';
import { formatEther, getAddress, parseEther } from 'viem';
import type { Db } from '@/lib/storage/sqlite/client';
import { tokenTransfers, userOrganizations, users, type TokenTransfer } from '@/db/schema';
import * as engine from '@/lib/storage/tables';
import { recordAuditIn } from '@/lib/audit/service';
import { organizationAccountIn, type ChainClient } from '@/lib/chain';
import { ChainError } from '@/lib/chain/errors';
import { chainFactsFor, chainFactsForIn } from '@/lib/chain/facts';
import type { ChainFactsView } from '@/lib/chain/schemas';
import { assertChainUsable } from '@/lib/chain/identity';
import { getChainTx, latestChainTxForIn, prepareChainTx } from '@/lib/chain/ledger';
import { replacementPolicy } from '@/lib/chain/settings';
import { applyTransition } from '@/lib/chain/state';
import { runChainOperation } from '@/lib/chain/operation';
import { nextChainSeqIn } from '@/lib/chain/sequence';
import { AppError, ConflictError, NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import { envelope } from '@/lib/shared/query';
import { inPageOrder } from '@/lib/storage/lists';
import type { Store } from '@/lib/storage/store';
import { transferPage } from '@/lib/storage/transfer-list';
import { errorFields, log } from '@/lib/logger';
import { findByIdempotencyKey, isUniqueViolation, requestFingerprint, settledRowForKey } from './idempotency';
import type { ListTransfersQuery, SendTokensBody, SendTokensResponse, TransferDetail, TransferView } from './schemas';

/**
 * The chain driver failed: 502 when the node could not be reached (or its answer was lost — the
 * transfer then stays pending for the receipt worker), 422 when the chain refused it (a revert,
 * insufficient funds). Refused or unreachable: the row is kept FAILED with the reason.
 */
export class TransferFailedError extends AppError {
  static override readonly kind = 'TransferFailedError';
  constructor(transferId: string, reason: string, status = 502, message = 'The token transfer could not be signed or sent.') {
    super(status, message, [`transferId: ${transferId}`, `chain: ${reason}`]);
  }
}

export const NOT_BROADCAST_NOTE =
  'Signed locally with the organization’s development key; the transaction was NOT broadcast to any network.';
export const BROADCAST_NOTE = 'Broadcast to the network over RPC; the transaction hash confirms nothing until it is mined.';
export const WAITING_NOTE =
  'Signed and recorded, not yet taken by the node; it is offered again automatically until it is (for example once the wallet’s earlier transactions have reached the node). The transaction hash confirms nothing until it is mined.';

/**
 * What the send's `broadcast` flag means for the client: sent; signed only (`local`); or signed for
 * a network and not yet taken — waiting for lower nonces, its answer lost, or a moment before its
 * broadcast — which the receipt worker sends again until the node has it.
 */
function noteFor(row: { broadcast: boolean; status: string }): string {
  if (row.broadcast) return BROADCAST_NOTE;
  // A `local` send is SIGNED, never SUBMITTED (lib/chain/state.ts transferStatusOf).
  return row.status === 'SUBMITTED' ? WAITING_NOTE : NOT_BROADCAST_NOTE;
}

export type SendOutcome = { response: SendTokensResponse; replayed: boolean };

/**
 * A14. Order of events, so that nothing is ever sent twice:
 * 1. a repeated Idempotency-Key is answered from its row (same body) or refused (409);
 * 2. member rules (404/409) and, in ONE immediate transaction, a PENDING row is inserted —
 *    the unique (organization, key) index lets only one request win;
 *    together with its ledger row (lib/chain/ledger.ts, PREPARED);
 * 3. only then is the chain called (outside any transaction); the signed bytes reach the ledger
 *    before they are broadcast;
 * 4. the row becomes SIGNED (`local`) or SUBMITTED → CONFIRMED (`evm`, receipt) with the hash, or
 *    FAILED with the reason (→ 422 refused / 502 unreachable).
 * A crash between 2 and 4 leaves a PENDING row that the receipt worker settles on the next boot
 * (lib/jobs/chain-worker.ts) — finishing what was signed, failing what never was — so a retry with
 * the same key gets a final answer and nothing is sent twice.
 */
export async function sendTokens(
  store: Store,
  chain: ChainClient,
  actor: Actor,
  input: SendTokensBody,
  idempotencyKey: string | null = null,
): Promise<SendOutcome> {
  const organizationId = actor.organizationId;
  const fingerprint = idempotencyKey ? requestFingerprint(input) : null;
  if (idempotencyKey && fingerprint && (await findByIdempotencyKey(store, organizationId, idempotencyKey))) {
    return replay(store, organizationId, idempotencyKey, fingerprint);
  }

  const from = await organizationAccountIn(store, organizationId);
  if (!from) throw new ConflictError('The organization has no signing key for token sends.', ['organization: no chain key configured']);
  // Another chain than the one on record (a reset node): nothing is prepared, nothing is signed.
  await assertChainUsable(store, chain);
  if (chain.name === 'local') {
    // The embedded chain's simulated balance (LOCAL_CHAIN_BALANCE); the driver checks again under its lock.
    const balance = await chain.getBalance(from.address);
    if (parseEther(input.amount) > balance) {
      throw new ConflictError('The amount exceeds the wallet’s simulated balance on the local chain; nothing was sent.', [
        `amount: ${input.amount} exceeds the simulated balance ${formatEther(balance)} of wallet ${from.address} (LOCAL_CHAIN_BALANCE)`,
      ]);
    }
  }

  let reserved: { row: TokenTransfer; ledgerId: string };
  try {
    reserved = await store.transaction(async (tx) => {
      const [member] = await tx
        .select({ id: engine.userOrganizations.id, userId: engine.userOrganizations.userId, status: engine.userOrganizations.status })
        .from(engine.userOrganizations)
        .where(and(eq(engine.userOrganizations.id, input.memberId), eq(engine.userOrganizations.organizationId, organizationId)))
        .limit(1);
      // A pending invitation id, a suspended member, another organization's member: not a member here.
      if (!member || member.status !== 'ACTIVE') throw new NotFoundError('Member');
      const [wallet] = await tx
        .select({ address: engine.wallets.address })
        .from(engine.wallets)
        .where(and(eq(engine.wallets.userId, member.userId), eq(engine.wallets.isPrimary, true)))
        .limit(1);
      if (!wallet?.address) {
        throw new ConflictError('The member has no wallet address to send tokens to.', [`memberId: ${member.id} has no wallet`]);
      }
      const [row] = await tx
        .insert(engine.tokenTransfers)
        .values({
          seq: await nextChainSeqIn(tx, 'token_transfers'),
          organizationId,
          userOrganizationId: member.id,
          toAddress: getAddress(wallet.address),
          amount: input.amount,
          tokenType: input.tokenType,
          status: 'PENDING',
          chain: chain.name,
          idempotencyKey,
          requestFingerprint: fingerprint,
        })
        .returning();
      const ledger = await prepareChainTx(tx, { organizationId, kind: 'transfer', entityId: row!.id, chain: chain.name });
      await recordAuditIn(tx, actor, {
        action: 'token.send',
        entityType: 'token_transfer',
        entityId: row!.id,
        data: { memberId: member.id, amount: input.amount, tokenType: input.tokenType, idempotencyKey },
      });
      return { row: row!, ledgerId: ledger.id };
    });
  } catch (error) {
    if (idempotencyKey && fingerprint && isUniqueViolation(error)) return replay(store, organizationId, idempotencyKey, fingerprint);
    throw error;
  }

  const { row, ledgerId } = reserved;
  try {
    const result = await runChainOperation(store, chain, ledgerId, () =>
      chain.sendTokens({ ledgerId, from, to: row.toAddress as `0x${string}`, amount: row.amount, tokenType: row.tokenType }),
    );
    log('info', 'token transfer recorded', {
      requestId: actor.requestId,
      transferId: row.id,
      chain: chain.name,
      transactionHash: result.transactionHash,
      nonce: result.nonce,
      broadcast: result.broadcast,
    });
  } catch (error) {
    const reason = chainErrorReason(error);
    log('error', 'token transfer failed', { requestId: actor.requestId, transferId: row.id, chain: chain.name, error: reason });
    throw error instanceof ChainError
      ? new TransferFailedError(row.id, reason, error.status, error.message)
      : new TransferFailedError(row.id, reason);
  }
  const [settled] = await store.select().from(engine.tokenTransfers).where(eq(engine.tokenTransfers.id, row.id)).limit(1);
  return { response: responseFromRow(settled!), replayed: false };
}

/**
 * A repeated key is bound to its logical send, whatever transaction of it lands: the answer is the
 * send's current state in the same body shape (never a 502, never a second payment) — FAILED with
 * `success: false` when nothing was sent.
 */
async function replay(store: Store, organizationId: string, key: string, fingerprint: string): Promise<SendOutcome> {
  const row = await settledRowForKey(store, organizationId, key, fingerprint);
  return { response: responseFromRow(row), replayed: true };
}

/** The A14 response, rebuilt from the row alone (so a replay returns the first answer). */
export function responseFromRow(row: TokenTransfer): SendTokensResponse {
  return {
    success: row.status === 'SIGNED' || row.status === 'SUBMITTED' || row.status === 'CONFIRMED',
    transactionHash: row.transactionHash ?? '',
    tokenType: row.tokenType,
    broadcast: row.broadcast,
    note: noteFor(row),
    transferId: row.id,
    status: row.status,
    state: row.state,
    error: row.error,
  };
}

/** The detail of one send, from its row (with member) and the chain facts of its latest ledger row. */
function detailOf(row: Omit<TransferDetail, 'success' | 'note' | 'createdAt' | 'updatedAt' | 'chainTransaction'> & { createdAt: Date; updatedAt: Date }, chainTransaction: ChainFactsView | null): TransferDetail {
  return {
    ...row,
    success: row.status === 'SIGNED' || row.status === 'SUBMITTED' || row.status === 'CONFIRMED',
    note: noteFor(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    chainTransaction,
  };
}

/** A send as the console history and GET /cl2c/token/{id} show it, with its member (null once removed). */
const transferViewColumns = {
  id: engine.tokenTransfers.id,
  memberId: engine.tokenTransfers.userOrganizationId,
  memberEmail: engine.users.email,
  memberName: engine.users.name,
  toAddress: engine.tokenTransfers.toAddress,
  amount: engine.tokenTransfers.amount,
  tokenType: engine.tokenTransfers.tokenType,
  transactionHash: engine.tokenTransfers.transactionHash,
  status: engine.tokenTransfers.status,
  state: engine.tokenTransfers.state,
  broadcast: engine.tokenTransfers.broadcast,
  chain: engine.tokenTransfers.chain,
  error: engine.tokenTransfers.error,
  createdAt: engine.tokenTransfers.createdAt,
  updatedAt: engine.tokenTransfers.updatedAt,
};

/** GET /cl2c/token/{id}: one send with its ledger state, every hash tried, receipt and history (either engine). */
export async function getTransferIn(store: Store, organizationId: string, id: string): Promise<TransferDetail> {
  const t = engine.tokenTransfers;
  const [row] = await store
    .select({ ...transferViewColumns, idempotencyKey: t.idempotencyKey })
    .from(t)
    .leftJoin(engine.userOrganizations, eq(engine.userOrganizations.id, t.userOrganizationId))
    .leftJoin(engine.users, eq(engine.users.id, engine.userOrganizations.userId))
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new NotFoundError('Token transfer');
  return detailOf(row, await chainFactsForIn(store, row.id));
}

/** The synchronous twin of getTransferIn, for the webhook resource loader of synchronous recordEvent callers (lib/wiring/webhooks.ts, SQLite). */
export function getTransfer(db: Db, organizationId: string, id: string): TransferDetail {
  const row = db
    .select({
      id: tokenTransfers.id,
      memberId: tokenTransfers.userOrganizationId,
      memberEmail: users.email,
      memberName: users.name,
      toAddress: tokenTransfers.toAddress,
      amount: tokenTransfers.amount,
      tokenType: tokenTransfers.tokenType,
      transactionHash: tokenTransfers.transactionHash,
      status: tokenTransfers.status,
      state: tokenTransfers.state,
      broadcast: tokenTransfers.broadcast,
      chain: tokenTransfers.chain,
      error: tokenTransfers.error,
      idempotencyKey: tokenTransfers.idempotencyKey,
      createdAt: tokenTransfers.createdAt,
      updatedAt: tokenTransfers.updatedAt,
    })
    .from(tokenTransfers)
    .leftJoin(userOrganizations, eq(userOrganizations.id, tokenTransfers.userOrganizationId))
    .leftJoin(users, eq(users.id, userOrganizations.userId))
    .where(and(eq(tokenTransfers.id, id), eq(tokenTransfers.organizationId, organizationId)))
    .get();
  if (!row) throw new NotFoundError('Token transfer');
  return detailOf(row, chainFactsFor(db, row.id));
}

/**
 * POST /cl2c/token/{id}/cancel: replaces a send that is still pending (sent, not in a block) with a
 * zero-value transfer from the wallet to itself at the same nonce, with higher fees. Whichever of
 * its transactions mines decides: the cancel → CANCELLED (nothing paid), the payment → CONFIRMED.
 * A send already mined, final, or never broadcast (CHAIN=local) cannot be cancelled (409).
 */
export async function cancelTransfer(store: Store, chain: ChainClient, actor: Actor, id: string): Promise<TransferDetail> {
  const transfer = await getTransferIn(store, actor.organizationId, id);
  const ledger = await latestChainTxForIn(store, id);
  if (!ledger || (ledger.status !== 'SIGNED' && ledger.status !== 'SUBMITTED')) {
    throw new ConflictError('Only a send that is sent but not yet mined can be cancelled.', [
      `status: the send is ${transfer.state}${ledger?.transactionHash ? ` (${ledger.transactionHash})` : ''}`,
    ]);
  }
  if (ledger.chain !== chain.name || chain.name === 'local') {
    throw new ConflictError('This send was never broadcast; there is nothing on a network to cancel.', [`chain: ${ledger.chain}`]);
  }
  await assertChainUsable(store, chain);
  const from = await organizationAccountIn(store, actor.organizationId);
  if (!from) throw new ConflictError('The organization has no signing key.', ['organization: no chain key configured']);
  // The cancel request is part of the ledger's history (same single transition path), recorded only
  // while the send is still pending as read.
  const requested = await store.transaction(async (tx) => {
    const row = await applyTransition(tx, ledger.id, ledger.status, { from: ['SIGNED', 'SUBMITTED'], set: { cancelRequestedAt: new Date() }, detail: 'cancel requested' });
    if (!row) return false;
    await recordAuditIn(tx, actor, { action: 'token.cancel', entityType: 'token_transfer', entityId: id, data: { transactionHash: ledger.transactionHash } });
    return true;
  });
  if (!requested) {
    throw new ConflictError('Only a send that is sent but not yet mined can be cancelled.', [`status: the send changed while the cancel was requested`]);
  }
  const policy = replacementPolicy();
  let reason: string | null = null;
  try {
    const replaced = await chain.replace({ ledgerId: ledger.id, from, purpose: 'cancel', bumpPercent: policy.bumpPercent, maxFeePerGas: policy.maxFeePerGas });
    if (!replaced) reason = 'a higher fee would exceed CHAIN_MAX_FEE_GWEI; the receipt worker tries again';
  } catch (error) {
    // Recorded and requested: the receipt worker signs or re-sends the cancel on its next pass.
    reason = chainErrorReason(error);
  }
  log(reason ? 'warn' : 'info', 'token transfer cancel requested', { requestId: actor.requestId, transferId: id, ...(reason ? { reason } : {}) });
  const current = await getChainTx(store, ledger.id);
  if (current && current.status !== 'CANCELLED' && reason) {
    await store.update(engine.tokenTransfers).set({ error: `cancel requested; ${reason}` }).where(eq(engine.tokenTransfers.id, id));
  }
  return getTransferIn(store, actor.organizationId, id);
}

/** A short, single-line reason; error messages of drivers never carry key material. */
function chainErrorReason(error: unknown): string {
  if (error instanceof ChainError) return error.reason;
  const fields = errorFields(error);
  const message = typeof fields.error === 'string' ? fields.error : 'unknown error';
  return message.split('\n')[0]!.slice(0, 300);
}

/** Console history (newest first by default), with the member's e-mail and name (null once removed); either engine. */
export async function listTransfers(store: Store, organizationId: string, q: ListTransfersQuery) {
  const { ids, total } = await transferPage(store, organizationId, q);
  const t = engine.tokenTransfers;
  const rows = ids.length
    ? await store
        .select(transferViewColumns)
        .from(t)
        .leftJoin(engine.userOrganizations, eq(engine.userOrganizations.id, t.userOrganizationId))
        .leftJoin(engine.users, eq(engine.users.id, engine.userOrganizations.userId))
        .where(inArray(t.id, ids))
    : [];
  const data = inPageOrder(ids, rows) satisfies Array<Omit<TransferView, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }>;
  return envelope(data, { page: q.page, limit: q.limit, total }, {
    search: q.search,
    status: q.status ?? null,
    tokenType: q.tokenType ?? null,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  });
}
