import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { copyrightShares, nfts, type Nft } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import { ConflictError } from '@/lib/errors';
import type { Actor } from '@/lib/http/actor';
import { assertActiveMembersSync as assertActiveMembers } from '@/lib/nfts/copyright';
import type { LicenceId } from './licences';
import { startRound } from './split';

export type SplitChange = { copyright?: { userId: string; percentage: number }[]; licence?: LicenceId };

export function changesSplit(input: SplitChange): boolean {
  return input.copyright !== undefined || input.licence !== undefined;
}

/**
 * A8 with `copyright` and/or `licence`, inside the update's transaction. A minted (or minting,
 * PENDING) NFT's split is frozen (409). Otherwise the new split replaces the old one (every share PENDING again, even for
 * unchanged holders — that is also how an admin asks again after a rejection), open links of the
 * previous round stop working, and every holder gets a new request. Decisions already made stay
 * in copyright_requests as history.
 */
export function replaceSplit(tx: Tx, actor: Actor, nft: Pick<Nft, 'id' | 'status' | 'licenceOffered'>, input: SplitChange, now: Date) {
  if (nft.status === 'MINTED' || nft.status === 'PENDING') {
    const why = nft.status === 'MINTED' ? 'the NFT is MINTED' : 'the NFT is being minted (PENDING)';
    throw new ConflictError('This NFT is minted (or being minted); its copyright split and licence are frozen.', [
      ...(input.copyright !== undefined ? [`copyright: ${why}`] : []),
      ...(input.licence !== undefined ? [`licence: ${why}`] : []),
    ]);
  }
  const before = tx
    .select({ userId: copyrightShares.userId, percentage: copyrightShares.percentage, status: copyrightShares.status })
    .from(copyrightShares)
    .where(eq(copyrightShares.nftId, nft.id))
    .all();
  if (input.copyright !== undefined) {
    assertActiveMembers(tx, actor.organizationId, input.copyright);
    tx.delete(copyrightShares).where(eq(copyrightShares.nftId, nft.id)).run();
    if (input.copyright.length) {
      tx.insert(copyrightShares)
        .values(input.copyright.map((c) => ({ nftId: nft.id, userId: c.userId, percentage: c.percentage, status: 'PENDING' as const })))
        .run();
    }
  } else {
    // Same holders, new licence: everyone is asked again.
    tx.update(copyrightShares)
      .set({ status: 'PENDING', copyAuthLocation: null, copyAuthTimestamp: null, updatedAt: now })
      .where(eq(copyrightShares.nftId, nft.id))
      .run();
  }
  if (input.licence !== undefined) {
    tx.update(nfts).set({ licenceOffered: input.licence, updatedAt: now }).where(eq(nfts.id, nft.id)).run();
  }
  const { round, sent } = startRound(tx, nft.id, now);
  recordAudit(tx, actor, {
    action: 'copyright.new_round',
    entityType: 'nft',
    entityId: nft.id,
    data: {
      round,
      requestsSent: sent,
      before,
      copyright: input.copyright ?? null,
      licence: input.licence ?? nft.licenceOffered,
    },
  });
  return { round, sent };
}
