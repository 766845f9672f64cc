import { eq } from 'drizzle-orm';
import type { Nft } from '@/db/schema';
import { copyrightShares, nfts } from '@/lib/storage/tables';
import { recordAuditIn } from '@/lib/audit/service';
import { ConflictError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import { assertActiveMembers } from '@/lib/copyright/holders';
import { lockRowById } from '@/lib/storage/row-lock';
import type { Store } from '@/lib/storage/store';
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
 * in copyright_requests as history. The NFT's row stays locked to the end of the caller's
 * transaction (a decision on another connection waits), and its status is read again under the
 * lock: `read` is what the caller read before.
 */
export async function replaceSplit(tx: Store, actor: Actor, read: Pick<Nft, 'id' | 'status' | 'licenceOffered'>, input: SplitChange, now: Date) {
  await lockRowById(tx, nfts, read.id);
  const [fresh] = await tx.select({ status: nfts.status, licenceOffered: nfts.licenceOffered }).from(nfts).where(eq(nfts.id, read.id)).limit(1);
  const nft = { ...read, ...fresh };
  if (nft.status === 'MINTED' || nft.status === 'PENDING') {
    const why = nft.status === 'MINTED' ? 'the NFT is MINTED' : 'the NFT is being minted (PENDING)';
    throw new ConflictError('This NFT is minted (or being minted); its copyright split and licence are frozen.', [
      ...(input.copyright !== undefined ? [`copyright: ${why}`] : []),
      ...(input.licence !== undefined ? [`licence: ${why}`] : []),
    ]);
  }
  const before = await tx
    .select({ userId: copyrightShares.userId, percentage: copyrightShares.percentage, status: copyrightShares.status })
    .from(copyrightShares)
    .where(eq(copyrightShares.nftId, nft.id));
  if (input.copyright !== undefined) {
    await assertActiveMembers(tx, actor.organizationId, input.copyright);
    await tx.delete(copyrightShares).where(eq(copyrightShares.nftId, nft.id));
    if (input.copyright.length) {
      await tx
        .insert(copyrightShares)
        .values(input.copyright.map((c) => ({ nftId: nft.id, userId: c.userId, percentage: c.percentage, status: 'PENDING' as const })));
    }
  } else {
    // Same holders, new licence: everyone is asked again.
    await tx
      .update(copyrightShares)
      .set({ status: 'PENDING', copyAuthLocation: null, copyAuthTimestamp: null, updatedAt: now })
      .where(eq(copyrightShares.nftId, nft.id));
  }
  if (input.licence !== undefined) {
    await tx.update(nfts).set({ licenceOffered: input.licence, updatedAt: now }).where(eq(nfts.id, nft.id));
  }
  const { round, sent } = await startRound(tx, nft.id, now);
  await recordAuditIn(tx, actor, {
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
