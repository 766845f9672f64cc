import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { copyrightShares, userOrganizations, users, wallets } from '@/db/schema';
import { ValidationError } from '@/lib/errors';

type Reader = Pick<Db, 'select'>;

export type CopyrightEntry = {
  id: string;
  userId: string;
  status: 'PENDING' | 'AUTHORIZED' | 'REJECTED';
  percentage: number;
  email: string;
  copyAuthLocation: string | null;
  copyAuthTimestamp: Date | null;
  walletAddress: { address: string; isPrimary: boolean }[];
  userName: string | null;
  userImage: string | null;
};

/**
 * Every copyright holder must be a user with an ACTIVE membership in the organization; a
 * missing user, another organization's user or a suspended member is a 400 naming the id.
 */
export function assertActiveMembers(db: Reader, organizationId: string, entries: { userId: string }[]) {
  if (entries.length === 0) return;
  const ids = entries.map((e) => e.userId);
  const active = new Set(
    db
      .select({ userId: userOrganizations.userId })
      .from(userOrganizations)
      .where(
        and(
          eq(userOrganizations.organizationId, organizationId),
          eq(userOrganizations.status, 'ACTIVE'),
          inArray(userOrganizations.userId, ids),
        ),
      )
      .all()
      .map((r) => r.userId),
  );
  const details = entries.flatMap((e, i) =>
    active.has(e.userId) ? [] : [`copyright[${i}].userId: ${e.userId} is not an active member of this organization`],
  );
  if (details.length) {
    throw new ValidationError('Copyright holders must be active members of the organization.', details);
  }
}

/** The copyright entries of many NFTs in two queries (shares + users, then their wallets). */
export function loadCopyright(db: Reader, nftIds: string[]): Map<string, CopyrightEntry[]> {
  const out = new Map<string, CopyrightEntry[]>();
  if (nftIds.length === 0) return out;
  const rows = db
    .select({
      id: copyrightShares.id,
      nftId: copyrightShares.nftId,
      userId: copyrightShares.userId,
      status: copyrightShares.status,
      percentage: copyrightShares.percentage,
      copyAuthLocation: copyrightShares.copyAuthLocation,
      copyAuthTimestamp: copyrightShares.copyAuthTimestamp,
      email: users.email,
      userName: users.userName,
      userImage: users.image,
    })
    .from(copyrightShares)
    .innerJoin(users, eq(users.id, copyrightShares.userId))
    .where(inArray(copyrightShares.nftId, nftIds))
    .orderBy(desc(copyrightShares.percentage), asc(copyrightShares.createdAt), asc(copyrightShares.id))
    .all();
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const walletsByUser = new Map<string, { address: string; isPrimary: boolean }[]>();
  if (userIds.length) {
    const walletRows = db
      .select({ userId: wallets.userId, address: wallets.address, isPrimary: wallets.isPrimary })
      .from(wallets)
      .where(inArray(wallets.userId, userIds))
      .orderBy(desc(wallets.isPrimary), asc(wallets.createdAt))
      .all();
    for (const w of walletRows) {
      const list = walletsByUser.get(w.userId) ?? [];
      list.push({ address: w.address, isPrimary: w.isPrimary });
      walletsByUser.set(w.userId, list);
    }
  }
  for (const { nftId, ...r } of rows) {
    const list = out.get(nftId) ?? [];
    list.push({
      id: r.id,
      userId: r.userId,
      status: r.status,
      percentage: r.percentage,
      email: r.email,
      copyAuthLocation: r.copyAuthLocation,
      copyAuthTimestamp: r.copyAuthTimestamp,
      walletAddress: walletsByUser.get(r.userId) ?? [],
      userName: r.userName,
      userImage: r.userImage,
    });
    out.set(nftId, list);
  }
  return out;
}
