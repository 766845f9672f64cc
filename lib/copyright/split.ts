import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';
import type { copyrightStatuses } from '@/db/enums';
import { copyrightRequests, copyrightShares, nfts, organizations, users } from '@/lib/storage/tables';
import { queueEmailIn } from '@/lib/mail/outbox';
import type { Store } from '@/lib/storage/store';
import { licenceDetails } from './licences';
import { copyrightRequestEmail } from './mail';
import { newRequestToken, REQUEST_TTL_MS, requestLink } from './tokens';

export type CopyrightStatus = (typeof copyrightStatuses)[number];

/**
 * The split's status from its shares: NONE without shares, REJECTED when any share is rejected,
 * AWAITING while any is pending, COPYRIGHTED when every share is authorized (DESIGN §2's
 * `copyrighted`: at least one share and all AUTHORIZED).
 */
export function statusOfShares(statuses: string[]): CopyrightStatus {
  if (statuses.length === 0) return 'NONE';
  if (statuses.includes('REJECTED')) return 'REJECTED';
  if (statuses.includes('PENDING')) return 'AWAITING';
  return 'COPYRIGHTED';
}

/**
 * Recomputes `nfts.copyright_status` (and, on completion, `copyrightedAt` = the last decision's
 * time and `licence` = the licence offered) — called in the same transaction as every share write.
 */
export async function refreshCopyrightStatus(tx: Store, nftId: string): Promise<CopyrightStatus> {
  const shares = await tx
    .select({ status: copyrightShares.status, at: copyrightShares.copyAuthTimestamp })
    .from(copyrightShares)
    .where(eq(copyrightShares.nftId, nftId));
  const status = statusOfShares(shares.map((s) => s.status));
  const [nft] = await tx.select({ licenceOffered: nfts.licenceOffered }).from(nfts).where(eq(nfts.id, nftId)).limit(1);
  if (status === 'COPYRIGHTED') {
    const last = Math.max(...shares.map((s) => s.at?.getTime() ?? 0));
    await tx
      .update(nfts)
      .set({ copyrightStatus: status, copyrightedAt: new Date(last), licence: nft?.licenceOffered ?? null, updatedAt: new Date() })
      .where(eq(nfts.id, nftId));
  } else {
    await tx
      .update(nfts)
      .set({
        copyrightStatus: status,
        copyrightedAt: null,
        // Without holders there is nobody to agree: the organization's choice is the licence.
        licence: status === 'NONE' ? (nft?.licenceOffered ?? null) : null,
        signature: null,
        copyrightMetadata: null,
        copyrightRecordCid: null,
        updatedAt: new Date(),
      })
      .where(eq(nfts.id, nftId));
  }
  return status;
}

type RequestTarget = {
  organizationId: string;
  nftId: string;
  nftName: string;
  shareId: string;
  userId: string;
  email: string;
  percentage: number;
  licence: string;
  round: number;
  sendCount: number;
};

/** Inserts an OPEN request with a fresh token and queues its mail (inside the caller's transaction). */
export async function issueRequest(tx: Store, t: RequestTarget, now: Date) {
  const [org] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, t.organizationId)).limit(1);
  const { token, hash } = newRequestToken();
  const expiresAt = new Date(now.getTime() + REQUEST_TTL_MS);
  const [row] = await tx
    .insert(copyrightRequests)
    .values({
      organizationId: t.organizationId,
      nftId: t.nftId,
      shareId: t.shareId,
      userId: t.userId,
      percentage: t.percentage,
      licence: t.licence,
      round: t.round,
      status: 'OPEN',
      tokenHash: hash,
      expiresAt,
      sendCount: t.sendCount,
      lastSentAt: now,
    })
    .returning({ id: copyrightRequests.id });
  const mail = copyrightRequestEmail({
    organizationName: org?.name ?? 'An organization',
    nftName: t.nftName,
    percentage: t.percentage,
    licenceName: licenceDetails(t.licence)?.name ?? t.licence,
    link: requestLink(token),
    expiresAt,
  });
  await queueEmailIn(tx, { organizationId: t.organizationId, to: t.email, ...mail });
  return { requestId: row!.id, expiresAt, token };
}

export async function currentRound(tx: Pick<Store, 'select'>, nftId: string): Promise<number> {
  const [row] = await tx.select({ round: max(copyrightRequests.round) }).from(copyrightRequests).where(eq(copyrightRequests.nftId, nftId));
  return row?.round ?? 0;
}

/**
 * Starts a new round for the NFT's current shares: every still-open link of earlier rounds is
 * cancelled (its decisions stay as history), every share gets a request and a mail, and the
 * split's status is recomputed. Returns the number of requests sent.
 */
export async function startRound(tx: Store, nftId: string, now: Date): Promise<{ round: number; sent: number }> {
  const [nft] = await tx
    .select({ id: nfts.id, organizationId: nfts.organizationId, name: nfts.name, licenceOffered: nfts.licenceOffered })
    .from(nfts)
    .where(eq(nfts.id, nftId))
    .limit(1);
  if (!nft) return { round: 0, sent: 0 };
  await tx
    .update(copyrightRequests)
    .set({ status: 'CANCELLED', updatedAt: now })
    .where(and(eq(copyrightRequests.nftId, nftId), eq(copyrightRequests.status, 'OPEN')));
  const round = (await currentRound(tx, nftId)) + 1;
  const shares = await tx
    .select()
    .from(copyrightShares)
    .where(eq(copyrightShares.nftId, nftId))
    .orderBy(desc(copyrightShares.percentage), asc(copyrightShares.createdAt), asc(copyrightShares.id));
  const emails = shares.length ? await emailsOf(tx, shares.map((s) => s.userId)) : new Map<string, string>();
  for (const s of shares) {
    await issueRequest(
      tx,
      {
        organizationId: nft.organizationId,
        nftId,
        nftName: nft.name,
        shareId: s.id,
        userId: s.userId,
        email: emails.get(s.userId) ?? '',
        percentage: s.percentage,
        licence: nft.licenceOffered ?? 'ALL-RIGHTS-RESERVED',
        round,
        sendCount: 1,
      },
      now,
    );
  }
  await refreshCopyrightStatus(tx, nftId);
  return { round, sent: shares.length };
}

async function emailsOf(tx: Pick<Store, 'select'>, userIds: string[]): Promise<Map<string, string>> {
  const rows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((u) => [u.id, u.email]));
}
