import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import type { Db } from '@/db/client';
import type { chainAttemptPurposes, chainTxKinds } from '@/db/schema';
import { chainTransactions, chainTxAttempts, chainTxEvents, type ChainTransaction, type ChainTxAttempt, type ChainTxEvent } from '@/db/schema';
import { chainTransactions as engineChainTransactions, chainTxAttempts as engineChainTxAttempts, chainTxEvents as engineChainTxEvents } from '@/db/tables';
import { ConflictError } from '@/lib/errors';
import type { Store } from '@/lib/storage/store';
import { nextChainSeq } from './sequence';
import { applyTransition, PENDING_STATUSES, transitionChainTx } from './state';

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

type Writer = Pick<Db, 'select' | 'insert' | 'update'>;
export type ChainTxKind = (typeof chainTxKinds)[number];
export type AttemptPurpose = (typeof chainAttemptPurposes)[number];
export const LIVE_STATUSES = PENDING_STATUSES;

export function liveChainTx(db: Pick<Db, 'select'>, entityId: string): ChainTransaction | undefined {
  return db
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.entityId, entityId), inArray(chainTransactions.status, [...LIVE_STATUSES])))
    .get();
}

/** Inside the caller's transaction: the PREPARED row, or 409 while another operation is live. */
export function prepareChainTx(
  tx: Writer,
  input: { organizationId: string; kind: ChainTxKind; entityId: string; chain: string },
): ChainTransaction {
  const live = liveChainTx(tx, input.entityId);
  if (live) {
    throw new ConflictError(`A ${live.kind} transaction for this record is already in progress.`, [
      `${input.kind}: transaction ${live.transactionHash ?? live.id} is ${live.status}`,
    ]);
  }
  const row = tx.insert(chainTransactions).values({ ...input, seq: nextChainSeq(tx, 'chain_transactions'), status: 'PREPARED' }).returning().get();
  return applyTransition(tx, row.id, 'PREPARED', { detail: 'recorded before calling the chain' });
}

export function getChainTx(db: Pick<Db, 'select'>, id: string): ChainTransaction | undefined {
  return db.select().from(chainTransactions).where(eq(chainTransactions.id, id)).get();
}

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

/** The first signed transaction of a row: ledger SIGNED, the attempt kept, before broadcasting. */
export function recordSigned(db: Db, id: string, signed: SignedTx) {
  db.transaction((tx) => {
    tx.insert(chainTxAttempts)
      .values({
        seq: nextChainSeq(tx, 'chain_tx_attempts'),
        chainTxId: id,
        purpose: 'original',
        transactionHash: signed.transactionHash,
        raw: signed.raw,
        nonce: signed.nonce,
        maxFeePerGas: signed.maxFeePerGas.toString(),
        maxPriorityFeePerGas: signed.maxPriorityFeePerGas.toString(),
      })
      .run();
    applyTransition(tx, id, 'SIGNED', {
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
  });
}

/** A replacement (fee bump or cancel) of a pending row: same nonce, new hash, kept beside the others. */
export function recordReplacement(
  db: Db,
  row: ChainTransaction,
  attempt: { purpose: Exclude<AttemptPurpose, 'original'>; transactionHash: Hex; raw: Hex; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
) {
  db.transaction((tx) => {
    tx.insert(chainTxAttempts)
      .values({
        seq: nextChainSeq(tx, 'chain_tx_attempts'),
        chainTxId: row.id,
        purpose: attempt.purpose,
        transactionHash: attempt.transactionHash,
        raw: attempt.raw,
        nonce: row.nonce!,
        maxFeePerGas: attempt.maxFeePerGas.toString(),
        maxPriorityFeePerGas: attempt.maxPriorityFeePerGas.toString(),
      })
      .run();
    applyTransition(tx, row.id, row.status === 'PREPARED' ? 'SIGNED' : row.status, {
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
  });
}

/** The node accepted the latest attempt: SUBMITTED, and the stuck clock starts at this time and head. */
export function markSubmitted(db: Db, id: string, at: { now: Date; block: number | null }) {
  const row = getChainTx(db, id)!;
  db.update(chainTxAttempts).set({ broadcast: true }).where(eq(chainTxAttempts.transactionHash, row.transactionHash!)).run();
  transitionChainTx(db, id, row.status === 'SIGNED' || row.status === 'PREPARED' ? 'SUBMITTED' : row.status, {
    set: { broadcast: true, sentAt: at.now, sentBlock: at.block },
  });
}

/** Every transaction signed for a ledger row, oldest first. */
export function attemptsOf(db: Pick<Db, 'select'>, chainTxId: string): ChainTxAttempt[] {
  return db.select().from(chainTxAttempts).where(eq(chainTxAttempts.chainTxId, chainTxId)).orderBy(asc(chainTxAttempts.seq)).all();
}

export function historyOf(db: Pick<Db, 'select'>, chainTxId: string): ChainTxEvent[] {
  return db.select().from(chainTxEvents).where(eq(chainTxEvents.chainTxId, chainTxId)).orderBy(asc(chainTxEvents.seq)).all();
}

/** Next nonce of an address on the embedded chain: one more than the last it signed. */
export function nextLocalNonce(db: Db, chain: string, from: Address): number {
  const last = db
    .select({ nonce: chainTransactions.nonce })
    .from(chainTransactions)
    .where(and(eq(chainTransactions.chain, chain), eq(chainTransactions.fromAddress, from), isNotNull(chainTransactions.nonce)))
    .orderBy(desc(chainTransactions.nonce))
    .limit(1)
    .get();
  return last?.nonce == null ? 0 : last.nonce + 1;
}

/**
 * One more than the highest nonce this ledger holds for an address on a chain (by genesis hash) in a
 * row that still counts: a node that reports a lower pending nonce lost transactions it was given,
 * and reusing their nonces could pay twice.
 */
export function nextLedgerNonce(db: Db, chain: string, from: Address, genesisHash: string | null): number {
  const last = db
    .select({ nonce: chainTransactions.nonce })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chain, chain),
        eq(chainTransactions.fromAddress, from),
        isNotNull(chainTransactions.nonce),
        inArray(chainTransactions.status, ['SIGNED', 'SUBMITTED', 'MINED', 'CONFIRMED', 'REVERTED', 'CANCELLED']),
        genesisHash ? eq(chainTransactions.genesisHash, genesisHash) : isNull(chainTransactions.genesisHash),
      ),
    )
    .orderBy(desc(chainTransactions.nonce))
    .limit(1)
    .get();
  return last?.nonce == null ? 0 : last.nonce + 1;
}

/** Mints signed on a collection before this nonce (the contract counts its token ids from 1). */
export function localMintsBefore(db: Db, chain: string, contract: Address, beforeNonce: number): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(chainTransactions)
      .where(
        and(
          eq(chainTransactions.chain, chain),
          eq(chainTransactions.kind, 'mint'),
          eq(chainTransactions.toAddress, contract),
          isNotNull(chainTransactions.transactionHash),
          lt(chainTransactions.nonce, beforeNonce),
        ),
      )
      .get()?.n ?? 0
  );
}

export function findChainTxByHash(db: Db, hash: Hex): ChainTransaction | undefined {
  const direct = db.select().from(chainTransactions).where(eq(chainTransactions.transactionHash, hash)).get();
  if (direct) return direct;
  const attempt = db.select({ id: chainTxAttempts.chainTxId }).from(chainTxAttempts).where(eq(chainTxAttempts.transactionHash, hash)).get();
  return attempt ? getChainTx(db, attempt.id) : undefined;
}

/** Rows the receipt worker still has to follow, due now: pending ones, and confirmed ones not yet final. */
export function dueChainTxs(db: Db, now: Date, limit = 50): ChainTransaction[] {
  return db
    .select()
    .from(chainTransactions)
    .where(
      and(
        or(
          inArray(chainTransactions.status, [...LIVE_STATUSES]),
          and(eq(chainTransactions.status, 'CONFIRMED'), isNull(chainTransactions.finalAt)),
        ),
        sql`coalesce(${chainTransactions.nextCheckAt}, 0) <= ${now.getTime()}`,
      ),
    )
    .orderBy(asc(chainTransactions.seq))
    .limit(limit)
    .all();
}
