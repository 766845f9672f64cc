import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import * as sqliteSchema from '@/db/schema';
import { copyrightShares, userOrganizations, users, wallets } from '@/lib/storage/tables';
import { ValidationError } from '@/lib/errors';
import type { Store } from '@/lib/storage/store';

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

/** What assertActiveMembers decides on: the ids found active, the entries asked. */
function refuseInactive(active: Set<string>, entries: { userId: string }[]) {
  const details = entries.flatMap((e, i) =>
    active.has(e.userId) ? [] : [`copyright[${i}].userId: ${e.userId} is not an active member of this organization`],
  );
  if (details.length) {
    throw new ValidationError('Copyright holders must be active members of the organization.', details);
  }
}

/**
 * Every copyright holder must be a user with an ACTIVE membership in the organization; a
 * missing user, another organization's user or a suspended member is a 400 naming the id.
 */
export async function assertActiveMembers(store: Store, organizationId: string, entries: { userId: string }[]) {
  if (entries.length === 0) return;
  const rows = await store
    .select({ userId: userOrganizations.userId })
    .from(userOrganizations)
    .where(
      and(
        eq(userOrganizations.organizationId, organizationId),
        eq(userOrganizations.status, 'ACTIVE'),
        inArray(
          userOrganizations.userId,
          entries.map((e) => e.userId),
        ),
      ),
    );
  refuseInactive(new Set(rows.map((r) => r.userId)), entries);
}

type ShareRow = Omit<CopyrightEntry, 'walletAddress'> & { nftId: string };
type WalletRow = { userId: string; address: string; isPrimary: boolean };

/** The entries of each NFT from its share rows (in order) and their holders' wallets (in order). */
function copyrightEntries(rows: ShareRow[], walletRows: WalletRow[]): Map<string, CopyrightEntry[]> {
  const walletsByUser = new Map<string, { address: string; isPrimary: boolean }[]>();
  for (const w of walletRows) {
    const list = walletsByUser.get(w.userId) ?? [];
    list.push({ address: w.address, isPrimary: w.isPrimary });
    walletsByUser.set(w.userId, list);
  }
  const out = new Map<string, CopyrightEntry[]>();
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

/** The shares query of either twin: `t` is the engine's schema (the same columns on both). */
function sharesQuery(db: Pick<Store, 'select'>, t: Pick<typeof sqliteSchema, 'copyrightShares' | 'users'>, nftIds: string[]) {
  const s = t.copyrightShares as unknown as typeof copyrightShares;
  const u = t.users as unknown as typeof users;
  return db
    .select({
      id: s.id,
      nftId: s.nftId,
      userId: s.userId,
      status: s.status,
      percentage: s.percentage,
      copyAuthLocation: s.copyAuthLocation,
      copyAuthTimestamp: s.copyAuthTimestamp,
      email: u.email,
      userName: u.userName,
      userImage: u.image,
    })
    .from(s)
    .innerJoin(u, eq(u.id, s.userId))
    .where(inArray(s.nftId, nftIds))
    .orderBy(desc(s.percentage), asc(s.createdAt), asc(s.id));
}

function walletsQuery(db: Pick<Store, 'select'>, t: Pick<typeof sqliteSchema, 'wallets'>, userIds: string[]) {
  const w = t.wallets as unknown as typeof wallets;
  return db
    .select({ userId: w.userId, address: w.address, isPrimary: w.isPrimary })
    .from(w)
    .where(inArray(w.userId, userIds))
    .orderBy(desc(w.isPrimary), asc(w.createdAt));
}

const holdersOf = (rows: ShareRow[]) => [...new Set(rows.map((r) => r.userId))];

/** The copyright entries of many NFTs in two queries (shares + users, then their wallets). */
export async function loadCopyright(store: Store, nftIds: string[]): Promise<Map<string, CopyrightEntry[]>> {
  if (nftIds.length === 0) return new Map();
  const rows = await sharesQuery(store, { copyrightShares, users } as never, nftIds);
  const userIds = holdersOf(rows);
  return copyrightEntries(rows, userIds.length ? await walletsQuery(store, { wallets } as never, userIds) : []);
}

/**
 * The synchronous twin of loadCopyright, for the webhook resource loader (lib/wiring/webhooks.ts
 * reads the NFT inside a synchronous SQLite transaction).
 */
export function loadCopyrightSync(db: Pick<Db, 'select'>, nftIds: string[]): Map<string, CopyrightEntry[]> {
  if (nftIds.length === 0) return new Map();
  const reader = db as unknown as Pick<Store, 'select'>;
  const rows = (sharesQuery(reader, sqliteSchema, nftIds) as unknown as { all(): ShareRow[] }).all();
  const userIds = holdersOf(rows);
  return copyrightEntries(rows, userIds.length ? (walletsQuery(reader, sqliteSchema, userIds) as unknown as { all(): WalletRow[] }).all() : []);
}
