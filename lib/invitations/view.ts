import type { Invitation } from '@/db/schema';

/** A PENDING invitation whose link has run out (it can still be resent). */
export function isExpired(invitation: Pick<Invitation, 'status' | 'expiresAt'>, now = new Date()) {
  return invitation.status === 'EXPIRED' || (invitation.status === 'PENDING' && invitation.expiresAt <= now);
}

function invitationInfo(inv: Invitation, now: Date) {
  return {
    phone: inv.phone,
    expiresAt: inv.expiresAt.toISOString(),
    expired: isExpired(inv, now),
    sendCount: inv.sendCount,
    lastSentAt: inv.lastSentAt?.toISOString() ?? null,
  };
}

/**
 * A pending invitation as an A9 item (a member-to-be: no user, no wallet, no NFTs). Shaped as
 * lib/members/schemas.ts's `memberListItem` (checked where lib/members/service.ts returns it; this
 * module stays below the members area).
 */
export function toInvitationItem(inv: Invitation, now: Date) {
  return {
    id: inv.id,
    kind: 'invitation' as const,
    email: inv.email,
    walletAddress: null,
    totalNFTs: 0,
    status: 'PENDING' as const,
    role: null,
    createdAt: inv.createdAt.toISOString(),
    updatedAt: inv.updatedAt.toISOString(),
    user: { id: null, name: null, userName: null, image: null, emailVerified: false, isRegistered: false },
    invitation: invitationInfo(inv, now),
  };
}

/** A pending invitation as A10 returns it (and as the member.* webhook messages carry it). */
export function invitationDetail(inv: Invitation, now: Date) {
  const item = toInvitationItem(inv, now);
  return { ...item, user: { ...item.user, firstName: null, lastName: null, phoneNumber: null }, endUserNfts: [] };
}
