import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import type { Db } from '@/lib/storage/sqlite/client';
import type { chainAttemptPurposes, chainTxKinds } from '@/db/schema';
import { pendingChainTxStatuses } from '@/db/enums';
import { chainTransactions, chainTxAttempts, chainTxEvents, type ChainTransaction, type ChainTxAttempt, type ChainTxEvent } from '@/db/schema';
import { chainTransactions as engineChainTransactions, chainTxAttempts as engineChainTxAttempts, chainTxEvents as engineChainTxEvents } from '@/lib/storage/tables';
import { ConflictError } from '@/lib/errors';
import type { Store } from '@/lib/storage/store';
import { leaseFor } from '@/lib/storage/chain-claims';
import { isUniqueViolation } from '@/lib/storage/errors';
import { chainInstanceId, REQUEST_LEASE_MS } from './instance';
import { nextChainSeqIn } from './sequence';
import { applyTransition, logTransition } from './state';

/**
 * The ledger of chain operations (`chain_transactions`). Order of events for every deploy, mint
 * and send (every change through lib/chain/state.ts):
 *   PREPARED  — written with the domain change, before the chain is called;
 *   SIGNED    — nonce, hash, fees and raw signed bytes stored (and the attempt kept), before broadcasting;
 *   SUBMITTED — the node accepted the bytes (`evm`); a stuck one gets fee-bumped replacements
 *               (same nonce, every hash kept in `chain_tx_attempts`);
 *   MINED → CONFIRMED at the configured depth, or REVERTED (gas spent), CANCELLED (our cancel won),
 *   FAILED (nothing was sent), ORPHANED (the chain is gone).
 * A unique index allows one pending (PREPARED/SIGNED/SUBMITTED/MINED) row per entity: a contract
 * cannot be deployed twice at once, an NFT not minted twice.
 */

export type ChainTxKind = (typeof chainTxKinds)[number];
export type AttemptPurpose = (typeof chainAttemptPurposes)[number];

const t = engineChainTransactions;

export async function liveChainTxIn(store: Store, entityId: string): Promise<ChainTransaction | undefined> {
  const [row] = await store
    .select()
    .from(t)
    .where(and(eq(t.entityId, entityId), inArray(t.status, [...pendingChainTxStatuses])))
    .limit(1);
  return row;
}

/**
 * Inside the caller's transaction: the PREPARED row, held by this instance's request
 * (lib/chain/instance.ts) until it has signed and sent it, or 409 while another operation is live. The
 * unique index on (entity_id) of live rows refuses a second one that a concurrent transaction
 * inserted after this read (PostgreSQL): that one fails with a unique violation, answered 409 too.
 */
export async function prepareChainTx(tx: Store, input: { organizationId: string; kind: ChainTxKind; entityId: string; chain: string }): Promise<ChainTransaction> {
  const live = await liveChainTxIn(tx, input.entityId);
  if (live) {
    throw new ConflictError(`A ${live.kind} transaction for this record is already in progress.`, [
      `${input.kind}: transaction ${live.transactionHash ?? live.id} is ${live.status}`,
    ]);
  }
  let row: ChainTransaction | undefined;
  try {
    // In a savepoint: on PostgreSQL a unique violation would otherwise abort the caller's transaction.
    row = await tx.transaction(async (sp) => {
      const [inserted] = await sp
        .insert(t)
        .values({ ...input, seq: await nextChainSeqIn(sp, 'chain_transactions'), status: 'PREPARED', ...leaseFor(chainInstanceId, new Date(), REQUEST_LEASE_MS) })
        .returning();
      return inserted;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ConflictError(`A ${input.kind} transaction for this record is already in progress.`, [`${input.kind}: another request started one at the same moment`]);
  }
  return applyTransition(tx, row!.id, 'PREPARED', { detail: 'recorded before calling the chain' });
}

export async function getChainTx(store: Store, id: string): Promise<ChainTransaction | undefined> {
  const [row] = await store.select().from(t).where(eq(t.id, id)).limit(1);
  return row;
}

/** The record's latest operation by insertion order (synchronous SQLite twin of latestChainTxForIn, for chainFactsFor). */
export function latestChainTxFor(db: Pick<Db, 'select'>, entityId: string): ChainTransaction | undefined {
  return db.select().from(chainTransactions).where(eq(chainTransactions.entityId, entityId)).orderBy(desc(chainTransactions.seq)).limit(1).get();
}

/** `latestChainTxFor` on the Store (either engine): the record's latest operation by insertion order. */
export async function latestChainTxForIn(store: Store, entityId: string): Promise<ChainTransaction | undefined> {
  const [row] = await store.select().from(engineChainTransactions).where(eq(engineChainTransactions.entityId, entityId)).orderBy(desc(engineChainTransactions.seq)).limit(1);
  return row;
}

/** `attemptsOf` on the Store. */
export function attemptsOfIn(store: Store, chainTxId: string): Promise<ChainTxAttempt[]> {
  return store.select().from(engineChainTxAttempts).where(eq(engineChainTxAttempts.chainTxId, chainTxId)).orderBy(asc(engineChainTxAttempts.seq));
}

/** `historyOf` on the Store. */
export function historyOfIn(store: Store, chainTxId: string): Promise<ChainTxEvent[]> {
  return store.select().from(engineChainTxEvents).where(eq(engineChainTxEvents.chainTxId, chainTxId)).orderBy(asc(engineChainTxEvents.seq));
}

export type SignedTx = {
  chain: string;
  chainId: number;
  from: Address;
  to: Address | null;
  nonce: number;
  transactionHash: Hex;
  raw: Hex;
  contractAddress: Address | null;
  tokenId?: number | null;
  valueWei: bigint;
  gasLimit: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  genesisHash?: Hex | null;
};

/**
 * The first signed transaction of a row, inside the caller's transaction: ledger SIGNED, the attempt
 * kept, before broadcasting. Only from PREPARED (compare-and-set): a row another party already
 * signed or failed is refused, and the caller's transaction (with its nonce) rolls back.
 */
export async function recordSigned(tx: Store, id: string, signed: SignedTx): Promise<ChainTransaction> {
  const row = await applyTransition(tx, id, 'SIGNED', {
    from: ['PREPARED'],
    set: {
      chain: signed.chain,
      chainId: signed.chainId,
      fromAddress: signed.from,
      toAddress: signed.to,
      nonce: signed.nonce,
      transactionHash: signed.transactionHash,
      raw: signed.raw,
      contractAddress: signed.contractAddress,
      tokenId: signed.tokenId ?? null,
      valueWei: signed.valueWei.toString(),
      gasLimit: signed.gasLimit.toString(),
      maxFeePerGas: signed.maxFeePerGas.toString(),
      maxPriorityFeePerGas: signed.maxPriorityFeePerGas.toString(),
      genesisHash: signed.genesisHash ?? null,
    },
    detail: `signed nonce ${signed.nonce}`,
  });
  if (!row) throw new ConflictError('This chain operation is no longer waiting to be signed.', [`ledger: row ${id} left PREPARED`]);
  await tx.insert(engineChainTxAttempts).values({
    seq: await nextChainSeqIn(tx, 'chain_tx_attempts'),
    chainTxId: id,
    purpose: 'original',
    transactionHash: signed.transactionHash,
    raw: signed.raw,
    nonce: signed.nonce,
    maxFeePerGas: signed.maxFeePerGas.toString(),
    maxPriorityFeePerGas: signed.maxPriorityFeePerGas.toString(),
  });
  return row;
}

/**
 * A replacement (fee bump or cancel) of a pending row: same nonce, new hash, kept beside the others.
 * Inside the caller's transaction; null (nothing recorded) when the row is no longer SIGNED/SUBMITTED.
 */
export async function recordReplacement(
  tx: Store,
  row: ChainTransaction,
  attempt: { purpose: Exclude<AttemptPurpose, 'original'>; transactionHash: Hex; raw: Hex; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<ChainTransaction | null> {
  const next = await applyTransition(tx, row.id, row.status, {
    from: [row.status],
    set: {
      transactionHash: attempt.transactionHash,
      raw: attempt.raw,
      maxFeePerGas: attempt.maxFeePerGas.toString(),
      maxPriorityFeePerGas: attempt.maxPriorityFeePerGas.toString(),
    },
    detail:
      attempt.purpose === 'cancel'
        ? `cancel signed: zero-value self-transfer at nonce ${row.nonce}`
        : `replaced at nonce ${row.nonce} with higher fees (maxFeePerGas ${attempt.maxFeePerGas} wei)`,
  });
  if (!next) return null;
  await tx.insert(engineChainTxAttempts).values({
    seq: await nextChainSeqIn(tx, 'chain_tx_attempts'),
    chainTxId: row.id,
    purpose: attempt.purpose,
    transactionHash: attempt.transactionHash,
    raw: attempt.raw,
    nonce: row.nonce!,
    maxFeePerGas: attempt.maxFeePerGas.toString(),
    maxPriorityFeePerGas: attempt.maxPriorityFeePerGas.toString(),
  });
  return next;
}

/** The node accepted the latest attempt: SUBMITTED, and the stuck clock starts at this time and head. */
export async function markSubmitted(store: Store, id: string, at: { now: Date; block: number | null }): Promise<void> {
  const row = await store.transaction(async (tx) => {
    const [current] = await tx.select().from(t).where(eq(t.id, id)).limit(1);
    if (!current?.transactionHash) return null;
    await tx.update(engineChainTxAttempts).set({ broadcast: true }).where(eq(engineChainTxAttempts.transactionHash, current.transactionHash));
    // From SIGNED (or a replacement's status): never back from a receipt someone else applied meanwhile.
    return applyTransition(tx, id, current.status === 'SIGNED' ? 'SUBMITTED' : current.status, {
      from: [current.status],
      // Taken now: a "waiting" note (noteWaiting, the worker's) no longer says anything.
      set: { broadcast: true, sentAt: at.now, sentBlock: at.block, ...(current.error?.startsWith('waiting:') ? { error: null } : {}) },
    });
  });
  if (row && row.status === 'SUBMITTED') logTransition(row);
}

/** A signed row the node does not take yet (lower nonces first): why, on the row, while it is still SIGNED. */
export async function noteWaiting(store: Store, id: string, note: string): Promise<void> {
  await store.update(t).set({ error: note }).where(and(eq(t.id, id), eq(t.status, 'SIGNED')));
}

/** Every transaction signed for a ledger row, oldest first (synchronous SQLite twin of attemptsOfIn, for chainFactsFor). */
export function attemptsOf(db: Pick<Db, 'select'>, chainTxId: string): ChainTxAttempt[] {
  return db.select().from(chainTxAttempts).where(eq(chainTxAttempts.chainTxId, chainTxId)).orderBy(asc(chainTxAttempts.seq)).all();
}

export function historyOf(db: Pick<Db, 'select'>, chainTxId: string): ChainTxEvent[] {
  return db.select().from(chainTxEvents).where(eq(chainTxEvents.chainTxId, chainTxId)).orderBy(asc(chainTxEvents.seq)).all();
}

/** Next nonce of an address on the embedded chain: one more than the last it signed. */
export async function nextLocalNonce(store: Store, chain: string, from: Address): Promise<number> {
  const [last] = await store
    .select({ nonce: t.nonce })
    .from(t)
    .where(and(eq(t.chain, chain), eq(t.fromAddress, from), isNotNull(t.nonce)))
    .orderBy(desc(t.nonce))
    .limit(1);
  return last?.nonce == null ? 0 : last.nonce + 1;
}

/**
 * The lowest nonce from `atLeast` (the node's pending count) up that no ledger row still counting
 * holds for the address on this chain (by genesis hash). Call it under the wallet's nonce lock
 * (lib/chain/nonce-lock.ts), in the transaction that records the signed transaction.
 */
export async function freeLedgerNonce(store: Store, chain: string, from: Address, genesisHash: string | null, atLeast: number): Promise<number> {
  const rows = await store
    .select({ nonce: t.nonce })
    .from(t)
    .where(
      and(
        eq(t.chain, chain),
        eq(t.fromAddress, from),
        gte(t.nonce, atLeast),
        inArray(t.status, ['SIGNED', 'SUBMITTED', 'MINED', 'CONFIRMED', 'REVERTED', 'CANCELLED']),
        genesisHash ? eq(t.genesisHash, genesisHash) : isNull(t.genesisHash),
      ),
    )
    .orderBy(asc(t.nonce));
  let nonce = atLeast;
  for (const row of rows) {
    if (row.nonce! > nonce) break;
    if (row.nonce === nonce) nonce += 1;
  }
  return nonce;
}

/**
 * Whether a ledger row of the address at this nonce (on this chain, by genesis hash) changed after
 * `since` — a send refused a moment ago leaves a hole a send being allocated now may still take.
 */
export async function nonceTouchedSince(store: Store, chain: string, from: Address, genesisHash: string | null, nonce: number, since: Date): Promise<boolean> {
  const [row] = await store
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.chain, chain), eq(t.fromAddress, from), eq(t.nonce, nonce), gt(t.updatedAt, since), genesisHash ? eq(t.genesisHash, genesisHash) : isNull(t.genesisHash)))
    .limit(1);
  return row !== undefined;
}

/** Mints signed on a collection before this nonce (the contract counts its token ids from 1). */
export async function localMintsBefore(store: Store, chain: string, contract: Address, beforeNonce: number): Promise<number> {
  const [row] = await store
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.chain, chain), eq(t.kind, 'mint'), eq(t.toAddress, contract), isNotNull(t.transactionHash), lt(t.nonce, beforeNonce)));
  return Number(row?.n ?? 0);
}

export async function findChainTxByHash(store: Store, hash: Hex): Promise<ChainTransaction | undefined> {
  const [direct] = await store.select().from(t).where(eq(t.transactionHash, hash)).limit(1);
  if (direct) return direct;
  const [attempt] = await store.select({ id: engineChainTxAttempts.chainTxId }).from(engineChainTxAttempts).where(eq(engineChainTxAttempts.transactionHash, hash)).limit(1);
  return attempt ? getChainTx(store, attempt.id) : undefined;
}
