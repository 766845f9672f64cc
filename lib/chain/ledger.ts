import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import type { Db } from '@/db/client';
import type { chainTxKinds } from '@/db/schema';
import { chainTransactions, type ChainTransaction } from '@/db/schema';
import { ConflictError } from '@/lib/errors';

/**
 * The ledger of chain operations (`chain_transactions`). Order of events for every deploy, mint
 * and send:
 *   PREPARED  — written with the domain change, before the chain is called;
 *   SIGNED    — nonce, hash and raw signed bytes stored, before broadcasting;
 *   SUBMITTED — the node accepted the bytes (`evm`);
 *   CONFIRMED / FAILED — from the receipt (or the reason nothing was sent).
 * A unique index allows one live (PREPARED/SIGNED/SUBMITTED) row per entity: a contract cannot be
 * deployed twice at once, an NFT not minted twice.
 */

type Writer = Pick<Db, 'select' | 'insert' | 'update'>;
export type ChainTxKind = (typeof chainTxKinds)[number];
export const LIVE_STATUSES = ['PREPARED', 'SIGNED', 'SUBMITTED'] as const;

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
  return tx.insert(chainTransactions).values({ ...input, status: 'PREPARED' }).returning().get();
}

export function getChainTx(db: Pick<Db, 'select'>, id: string): ChainTransaction | undefined {
  return db.select().from(chainTransactions).where(eq(chainTransactions.id, id)).get();
}

export function recordSigned(
  db: Db,
  id: string,
  signed: { chain: string; chainId: number; from: Address; to: Address | null; nonce: number; transactionHash: Hex; raw: Hex; contractAddress: Address | null; tokenId?: number | null },
) {
  db.update(chainTransactions)
    .set({
      status: 'SIGNED',
      chain: signed.chain,
      chainId: signed.chainId,
      fromAddress: signed.from,
      toAddress: signed.to,
      nonce: signed.nonce,
      transactionHash: signed.transactionHash,
      raw: signed.raw,
      contractAddress: signed.contractAddress,
      tokenId: signed.tokenId ?? null,
    })
    .where(eq(chainTransactions.id, id))
    .run();
}

export function markSubmitted(db: Db, id: string) {
  db.update(chainTransactions).set({ status: 'SUBMITTED', broadcast: true }).where(eq(chainTransactions.id, id)).run();
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
  return db.select().from(chainTransactions).where(eq(chainTransactions.transactionHash, hash)).get();
}

/** Rows the receipt worker still has to finish, due now. */
export function dueChainTxs(db: Db, now: Date, limit = 50): ChainTransaction[] {
  return db
    .select()
    .from(chainTransactions)
    .where(
      and(
        inArray(chainTransactions.status, [...LIVE_STATUSES]),
        sql`coalesce(${chainTransactions.nextCheckAt}, 0) <= ${now.getTime()}`,
      ),
    )
    .orderBy(chainTransactions.createdAt)
    .limit(limit)
    .all();
}
