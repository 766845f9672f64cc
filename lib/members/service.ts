import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import * as sqliteSchema from '@/db/schema';
import type { Invitation } from '@/db/schema';
import { copyrightShares, invitations, nfts, smartContracts, userOrganizations, users } from '@/lib/storage/tables';
import { revokeKeysOfMember } from '@/lib/api-keys/service';
import { recordAuditIn } from '@/lib/audit/service';
import { ConflictError, NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import { envelope } from '@/lib/shared/query';
import { memberPage } from '@/lib/storage/member-list';
import type { Store } from '@/lib/storage/store';
import { pendingInvitationsTo } from '@/lib/storage/pending-invitations';
import { findPendingInvitation, sendInvitationMail } from '@/lib/invitations/service';
import { invitationDetail, toInvitationItem } from '@/lib/invitations/view';
import { kickMailWorker } from '@/lib/mail/worker';
import { recordEventIn } from '@/lib/webhooks/emit';
import type { EndUserNft, ListMembersQuery, MemberDetail, MemberListItem, UpdateMemberBody } from './schemas';

// Hand-written SQL fragments name their tables explicitly: Drizzle renders bare column names in
// single-table selects, which a correlated subquery would resolve against the wrong table. The bare
// `is_primary` is the engine-neutral test (an integer 0/1 on SQLite, a boolean on PostgreSQL).
const walletAddressOf = (userIdColumn: string) =>
  sql.raw(`(select "w"."address" from "wallets" as "w" where "w"."user_id" = ${userIdColumn} and "w"."is_primary")`);

/**
 * A9: memberships and pending invitations of the organization as one list. The ids of the page and
 * the exact total come from the engine's list module (on SQLite: the derived, trigger-kept table
 * `member_list` and its indexes); the page's members and invitations are loaded by id.
 */
export async function listMembers(store: Store, organizationId: string, q: ListMembersQuery) {
  const filters = {
    search: q.search,
    status: q.status ?? null,
    hasWallet: q.hasWallet ?? null,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  };
  const { ids, total } = await memberPage(store, organizationId, q);
  return envelope(ids.length ? await memberItems(store, organizationId, ids) : [], { page: q.page, limit: q.limit, total }, filters);
}

/** The A9 items of `ids` (member_list ids), in that order. */
export async function memberItems(store: Store, organizationId: string, ids: string[]): Promise<MemberListItem[]> {
  // Each id is a membership's or an invitation's (random UUIDs: never both), loaded by its own key.
  const loaded = new Map<string, MemberListItem>();
  for (const m of await loadMembers(store, organizationId, ids)) loaded.set(m.id, toMemberItem(m));
  const invitationIds = ids.filter((id) => !loaded.has(id));
  if (invitationIds.length) {
    const now = new Date();
    const inOrganization = and(eq(invitations.organizationId, organizationId), inArray(invitations.id, invitationIds));
    for (const inv of await store.select().from(invitations).where(inOrganization)) loaded.set(inv.id, toInvitationItem(inv, now));
  }
  return ids.flatMap((id) => loaded.get(id) ?? []);
}

async function loadMembers(store: Store, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await store
    .select({
      id: userOrganizations.id,
      status: userOrganizations.status,
      role: userOrganizations.role,
      createdAt: userOrganizations.createdAt,
      updatedAt: userOrganizations.updatedAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
      phoneNumber: users.phoneNumber,
      emailConfirmed: users.emailConfirmed,
      isRegistered: users.isRegistered,
      walletAddress: walletAddressOf('"users"."id"').mapWith(String),
      // Stored, kept by triggers (lib/storage/sqlite/search): no per-row count.
      totalNFTs: userOrganizations.totalNfts,
    })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(and(eq(userOrganizations.organizationId, organizationId), inArray(userOrganizations.id, ids)));
  return rows.map((m) => ({ ...m, walletAddress: m.walletAddress ?? null }));
}
type MemberRow = Awaited<ReturnType<typeof loadMembers>>[number];

function toMemberItem(m: MemberRow): MemberListItem {
  return {
    id: m.id,
    kind: 'member',
    email: m.email,
    walletAddress: m.walletAddress,
    totalNFTs: m.totalNFTs,
    status: m.status,
    role: m.role,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    user: {
      id: m.userId,
      name: m.name || null,
      userName: m.userName,
      image: m.image,
      emailVerified: m.emailConfirmed,
      isRegistered: m.isRegistered,
    },
    invitation: null,
  };
}

/** The membership an ACCEPTED invitation of the organization became, if `id` is one. */
async function acceptedInvitationMembership(store: Store, organizationId: string, id: string): Promise<string | null> {
  const [row] = await store
    .select({ membershipId: invitations.userOrganizationId })
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.organizationId, organizationId), eq(invitations.status, 'ACCEPTED')))
    .limit(1);
  return row?.membershipId ?? null;
}

type EndUserNftRow = {
  id: string;
  status: EndUserNft['status'];
  percentage: number;
  copyAuthLocation: string | null;
  copyAuthTimestamp: Date | null;
  nftId: string;
  nftStatus: EndUserNft['nft']['status'];
  mintedAt: Date | null;
  supply: number;
  name: string;
  description: string | null;
  externalUrl: string | null;
  imagePath: string | null;
  contractId: string;
  contractName: string;
  symbol: string;
  contractAddress: string | null;
};

function toEndUserNft(r: EndUserNftRow): EndUserNft {
  return ({
    id: r.id,
    status: r.status,
    percentage: r.percentage,
    copyAuthLocation: r.copyAuthLocation,
    copyAuthTimestamp: r.copyAuthTimestamp?.toISOString() ?? null,
    nft: {
      id: r.nftId,
      status: r.nftStatus,
      mintedAt: r.mintedAt?.toISOString() ?? null,
      supply: r.supply,
      name: r.name,
      description: r.description,
      externalUrl: r.externalUrl,
      imagePath: r.imagePath,
      smartContract: { id: r.contractId, name: r.contractName, symbol: r.symbol, contractAddress: r.contractAddress },
  },
  });
}

type Target = { kind: 'member'; row: MemberRow } | { kind: 'invitation'; row: Invitation };

/** A membership or a PENDING invitation of the organization; anything else is 404. */
async function findTarget(store: Store, organizationId: string, id: string): Promise<Target> {
  const [member] = await loadMembers(store, organizationId, [id]);
  if (member) return { kind: 'member', row: member };
  return { kind: 'invitation', row: await findPendingInvitation(store, organizationId, id) };
}

/**
 * A10: a member with their NFTs and shares, or a pending invitation (no NFTs yet). The id of an
 * invitation that was accepted answers with the member it became (a client may have stored it).
 */
export async function getMember(store: Store, organizationId: string, id: string): Promise<MemberDetail> {
  const becameMember = await acceptedInvitationMembership(store, organizationId, id);
  const target = await findTarget(store, organizationId, becameMember ?? id);
  if (target.kind === 'invitation') return invitationDetail(target.row, new Date());
  const m = target.row;
  const item = toMemberItem(m);
  return {
    ...item,
    user: { ...item.user, firstName: m.firstName, lastName: m.lastName, phoneNumber: m.phoneNumber },
    endUserNfts: await memberNfts(store, organizationId, m.userId),
  };
}

async function memberNfts(store: Store, organizationId: string, userId: string): Promise<EndUserNft[]> {
  const rows = await store
    .select({
      id: copyrightShares.id,
      status: copyrightShares.status,
      percentage: copyrightShares.percentage,
      copyAuthLocation: copyrightShares.copyAuthLocation,
      copyAuthTimestamp: copyrightShares.copyAuthTimestamp,
      nftId: nfts.id,
      nftStatus: nfts.status,
      mintedAt: nfts.mintedAt,
      supply: nfts.supply,
      name: nfts.name,
      description: nfts.description,
      externalUrl: nfts.externalUrl,
      imagePath: nfts.imagePath,
      contractId: smartContracts.id,
      contractName: smartContracts.name,
      symbol: smartContracts.symbol,
      contractAddress: smartContracts.contractAddress,
    })
    .from(copyrightShares)
    .innerJoin(nfts, eq(nfts.id, copyrightShares.nftId))
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(and(eq(copyrightShares.userId, userId), eq(nfts.organizationId, organizationId)))
    .orderBy(desc(nfts.createdAt), desc(nfts.id));
  return rows.map(toEndUserNft);
}

/**
 * A11. On a membership the organization changes only what is its own — the membership's `role`
 * (ADMIN/MEMBER) and `status` (ACTIVE/SUSPENDED) — never the person's login e-mail or profile,
 * which other organizations and the person rely on (409 naming `email`; issue 26 finding 2; the
 * person changes their own profile through B6). Demoting below ADMIN or suspending revokes the
 * person's API keys of this organization in the same transaction. The OWNER's membership and the
 * caller's own are not changed here (409). `resend` is 409 (nothing to resend).
 * On a pending invitation (which the organization sent): changes its e-mail (not a member, not
 * invited twice) — the old link dies, since it went to the old address — and with `resend` queues a
 * new invitation mail with a new token and a new 7-day expiry.
 */
export async function updateMember(store: Store, actor: Actor, id: string, body: UpdateMemberBody) {
  const organizationId = actor.organizationId;
  const result = await store.transaction(async (tx) => {
    const target = await findTarget(tx, organizationId, id);
    if (target.kind === 'member') {
      const m = target.row;
      if (body.resend) {
        throw new ConflictError('Only pending invitations can be resent; this is an active membership.', [
          'resend: applies only to pending invitations',
        ]);
      }
      if (body.email !== undefined && body.email !== m.email) {
        throw new ConflictError(
          "A member's login e-mail belongs to the person: an organization can change only its invitations' e-mails. The person changes their own e-mail.",
          [`email: ${m.email} is the login of a registered person and cannot be changed by the organization`],
        );
      }
      const role = body.role ?? m.role;
      const status = body.status ?? m.status;
      if (role !== m.role || status !== m.status) {
        if (m.role === 'OWNER') throw new ConflictError("The organization owner's membership cannot be changed.", [`id: membership ${id} is the OWNER`]);
        if (m.userId === actor.userId) throw new ConflictError('You cannot change your own membership.', [`id: membership ${id} is your own`]);
        await tx.update(userOrganizations).set({ role, status, updatedAt: new Date() }).where(eq(userOrganizations.id, m.id));
        await recordAuditIn(tx, actor, {
          action: 'member.update',
          entityType: 'user_organization',
          entityId: m.id,
          data: { userId: m.userId, from: { role: m.role, status: m.status }, to: { role, status } },
        });
        const losesKeys = status !== 'ACTIVE' ? 'member.suspend' : role === 'MEMBER' ? 'member.demote' : null;
        if (losesKeys) await revokeKeysOfMember(tx, actor, organizationId, m.userId, losesKeys);
      }
      return { id: m.id, email: m.email, walletAddress: m.walletAddress, resent: false };
    }

    if (body.role !== undefined || body.status !== undefined) {
      throw new ConflictError('A pending invitation has no role or status to change yet.', [
        `${body.role !== undefined ? 'role' : 'status'}: applies only to memberships`,
      ]);
    }
    const inv = target.row;
    const email = body.email ?? inv.email;
    if (email !== inv.email) {
      const [member] = await tx
        .select({ id: userOrganizations.id })
        .from(userOrganizations)
        .innerJoin(users, eq(users.id, userOrganizations.userId))
        .where(and(eq(userOrganizations.organizationId, organizationId), eq(users.email, email)))
        .limit(1);
      if (member) throw new ConflictError('This e-mail address belongs to a member already.', [`email: ${email} is already a member`]);
      const [other] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(pendingInvitationsTo(tx, organizationId, [email]))
        .limit(1);
      if (other) throw new ConflictError('This e-mail address is already invited.', [`email: ${email} has a pending invitation`]);
      // The previous link went to the old address; it must not register the new one.
      await tx.update(invitations).set({ email, tokenHash: `changed:${crypto.randomUUID()}` }).where(eq(invitations.id, inv.id));
      await recordAuditIn(tx, actor, { action: 'invitation.email.change', entityType: 'invitation', entityId: inv.id, data: { from: inv.email, to: email } });
    }
    if (body.resend) {
      await sendInvitationMail(tx, { id: inv.id, organizationId, email });
      await recordAuditIn(tx, actor, { action: 'invitation.resend', entityType: 'invitation', entityId: inv.id, data: { email } });
    }
    return { id: inv.id, email, walletAddress: null, resent: body.resend === true };
  });
  if (result.resent) kickMailWorker();
  return result;
}

/**
 * A12: removes a membership (the person's copyright shares stay, as history) or revokes a pending
 * invitation. The organization's OWNER and the caller's own membership cannot be removed (409).
 */
export function removeMember(store: Store, actor: Actor, id: string) {
  return store.transaction(async (tx) => {
    const target = await findTarget(tx, actor.organizationId, id);
    // The message carries the member (or invitation) as it was just before it went away.
    const removed = () =>
      recordEventIn(tx, {
        organizationId: actor.organizationId,
        type: 'member.removed',
        resourceType: 'member',
        resourceId: id,
        data: () => getMember(tx, actor.organizationId, id),
      });
    if (target.kind === 'invitation') {
      await removed();
      await tx.update(invitations).set({ status: 'REVOKED' }).where(eq(invitations.id, id));
      await recordAuditIn(tx, actor, { action: 'invitation.revoke', entityType: 'invitation', entityId: id, data: { email: target.row.email } });
      return { message: `Invitation for ${target.row.email} revoked.` };
    }
    const m = target.row;
    if (m.role === 'OWNER') {
      throw new ConflictError('The organization owner cannot be removed.', [`id: membership ${id} is the OWNER`]);
    }
    if (m.userId === actor.userId && actor.kind === 'user') {
      throw new ConflictError('You cannot remove your own membership.', [`id: membership ${id} is your own`]);
    }
    await removed();
    await tx.delete(userOrganizations).where(eq(userOrganizations.id, id));
    await recordAuditIn(tx, actor, { action: 'member.remove', entityType: 'user_organization', entityId: id, data: { email: m.email, userId: m.userId } });
    await revokeKeysOfMember(tx, actor, actor.organizationId, m.userId, 'member.remove');
    return { message: `Member ${m.email} removed from the organization.` };
  });
}

/**
 * The synchronous twin of getMember for a membership (SQLite only): the webhook loader of the
 * `member.joined` that the synchronous registration twin records (lib/users/registration.ts, kept
 * for fixtures that seed people inside a better-sqlite3 transaction). It goes with that twin.
 */
export function getMembershipSync(db: Pick<Db, 'select'>, organizationId: string, id: string): MemberDetail {
  const s = sqliteSchema;
  const m = db
    .select({
      id: s.userOrganizations.id,
      status: s.userOrganizations.status,
      role: s.userOrganizations.role,
      createdAt: s.userOrganizations.createdAt,
      updatedAt: s.userOrganizations.updatedAt,
      userId: s.users.id,
      email: s.users.email,
      name: s.users.name,
      userName: s.users.userName,
      firstName: s.users.firstName,
      lastName: s.users.lastName,
      image: s.users.image,
      phoneNumber: s.users.phoneNumber,
      emailConfirmed: s.users.emailConfirmed,
      isRegistered: s.users.isRegistered,
      walletAddress: walletAddressOf('"users"."id"').mapWith(String),
      totalNFTs: s.userOrganizations.totalNfts,
    })
    .from(s.userOrganizations)
    .innerJoin(s.users, eq(s.users.id, s.userOrganizations.userId))
    .where(and(eq(s.userOrganizations.organizationId, organizationId), eq(s.userOrganizations.id, id)))
    .get();
  if (!m) throw new NotFoundError('Member');
  const nftRows = db
    .select({
      id: s.copyrightShares.id,
      status: s.copyrightShares.status,
      percentage: s.copyrightShares.percentage,
      copyAuthLocation: s.copyrightShares.copyAuthLocation,
      copyAuthTimestamp: s.copyrightShares.copyAuthTimestamp,
      nftId: s.nfts.id,
      nftStatus: s.nfts.status,
      mintedAt: s.nfts.mintedAt,
      supply: s.nfts.supply,
      name: s.nfts.name,
      description: s.nfts.description,
      externalUrl: s.nfts.externalUrl,
      imagePath: s.nfts.imagePath,
      contractId: s.smartContracts.id,
      contractName: s.smartContracts.name,
      symbol: s.smartContracts.symbol,
      contractAddress: s.smartContracts.contractAddress,
    })
    .from(s.copyrightShares)
    .innerJoin(s.nfts, eq(s.nfts.id, s.copyrightShares.nftId))
    .innerJoin(s.smartContracts, eq(s.smartContracts.id, s.nfts.smartContractId))
    .where(and(eq(s.copyrightShares.userId, m.userId), eq(s.nfts.organizationId, organizationId)))
    .orderBy(desc(s.nfts.createdAt), desc(s.nfts.id))
    .all();
  const item = toMemberItem({ ...m, walletAddress: m.walletAddress ?? null });
  return {
    ...item,
    user: { ...item.user, firstName: m.firstName, lastName: m.lastName, phoneNumber: m.phoneNumber },
    endUserNfts: nftRows.map(toEndUserNft),
  };
}
