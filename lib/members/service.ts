import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { copyrightShares, invitations, nfts, smartContracts, userOrganizations, users, type Invitation } from '@/db/schema';
import { revokeKeysOfMember } from '@/lib/api-keys/service';
import { recordAudit } from '@/lib/audit/service';
import { ConflictError } from '@/lib/errors';
import type { Actor } from '@/lib/http/actor';
import { envelope, likePattern } from '@/lib/http/query';
import { cachedCount } from '@/lib/search/count-cache';
import { searchTuning } from '@/lib/search/tuning';
import { readCounter } from '@/lib/search/counters';
import { ftsPhrase, hitCount } from '@/lib/search/fts';
import { anchoredPageIds, boundedPageIds, pageWindow, type AnchoredQuery } from '@/lib/search/paging';
import { pendingInvitationsTo } from '@/lib/invitations/pending';
import { findPendingInvitation, isExpired, sendInvitationMail } from '@/lib/invitations/service';
import { kickMailWorker } from '@/lib/mail/worker';
import { recordEvent } from '@/lib/webhooks/emit';
import type { EndUserNft, ListMembersQuery, MemberDetail, MemberListItem, UpdateMemberBody } from './schemas';

// Hand-written SQL fragments name their tables explicitly: Drizzle renders bare column names in
// single-table selects, which a correlated subquery would resolve against the wrong table.
const walletAddressOf = (userIdColumn: string) =>
  sql.raw(`(select "w"."address" from "wallets" as "w" where "w"."user_id" = ${userIdColumn} and "w"."is_primary" = 1)`);

const sortColumns = { createdAt: 'created_at', updatedAt: 'updated_at', email: 'email', status: 'status' } as const;
const indexNames = { createdAt: 'created', updatedAt: 'updated', email: 'email', status: 'status_created' } as const;

/**
 * The (organization[, filter], sort, id) index of `member_list` a page is read from
 * (db/migrations/*_member_list*.sql). `status` sorts its ties by createdAt (then id), so it reads
 * the (organization[, hasWallet], status, created_at, id) indexes: a new row lands at the end of its
 * status's range instead of at a random id, which keeps a 100-entry import's writes few.
 */
export function memberPageIndex(q: Pick<ListMembersQuery, 'status' | 'hasWallet' | 'sortBy'>): string {
  if (q.status) return `member_list_status_${q.sortBy === 'status' ? 'created' : indexNames[q.sortBy]}_idx`;
  if (q.hasWallet !== undefined) return `member_list_wallet_${indexNames[q.sortBy]}_idx`;
  return `member_list_${indexNames[q.sortBy]}_idx`;
}

/**
 * A9: memberships and pending invitations of the organization as one list, read off the derived
 * table `member_list` (db/migrations/*_member_list.sql, kept exact by triggers). The page's ids
 * come off an (organization[, filter], sort, id) index — a deferred join — and only those rows are
 * loaded in full. Totals come from the counters, or from the exact count cache.
 */
export function listMembers(db: Db, organizationId: string, q: ListMembersQuery) {
  const filters = {
    search: q.search,
    status: q.status ?? null,
    hasWallet: q.hasWallet ?? null,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  };
  const where: SQL[] = [sql`"ml"."organization_id" = ${organizationId}`];
  if (q.status) where.push(sql`"ml"."status" = ${q.status}`);
  if (q.hasWallet !== undefined) where.push(sql`"ml"."has_wallet" = ${q.hasWallet ? 1 : 0}`);
  const pattern = q.search ? likePattern(q.search) : null;
  const search = pattern ? memberSearch(db, organizationId, q.search!, pattern) : null;
  // Rare terms: the (few) trigram-index hits by rowid (NOT INDEXED: no index walk). Otherwise the
  // page index is walked — for a search testing each row, stopping when the page is full.
  const byRowid = sql`"member_list" as "ml" not indexed`;
  const byIndex = sql`"member_list" as "ml" indexed by ${sql.identifier(memberPageIndex(q))}`;
  const walked = sql.join([...where, ...(search ? [search.perRow] : [])], sql` and `);
  // The total of a search counts the index's candidates (common terms too), never the whole list.
  const counted = search?.candidates ? { from: byRowid, where: sql.join([...where, search.candidates], sql` and `) } : { from: byIndex, where: walked };

  const total =
    !pattern && q.hasWallet === undefined
      ? q.status === 'PENDING'
        ? readCounter(db, organizationId, 'invitations:status:PENDING')
        : q.status
          ? readCounter(db, organizationId, `members:status:${q.status}`)
          : listSize(db, organizationId)
      : cachedCount(db, organizationId, `members:${JSON.stringify([q.search, q.status, q.hasWallet])}`, () =>
          db.get<{ n: number }>(sql`select count(*) as "n" from ${counted.from} where ${counted.where}`)?.n ?? 0,
        );
  const sorted = search?.candidates && !walkCheaper(db, organizationId, q, total, search.hits);
  const [from, filtered] = sorted ? [counted.from, counted.where] : [byIndex, walked];
  const page: AnchoredQuery = {
    organizationId,
    key: `members|${JSON.stringify([q.search, q.status, q.hasWallet])}|${q.sortBy}`,
    from,
    id: sql`"ml"."id"`,
    where: filtered,
    sort: sql`"ml".${sql.identifier(sortColumns[q.sortBy])}`,
    then: q.sortBy === 'status' ? sql`"ml"."created_at"` : undefined,
    direction: q.sortOrder,
    total,
    page: q.page,
    limit: q.limit,
  };
  // A walked search whose matches sit together far along the order (`person1` matches the
  // people numbered 1, 10–19, …, 10000–19999: created together) is read as the e-mail range they
  // begin with where that range is all of them; otherwise the walk is bounded, and a page it does
  // not fill within the bound is read off the candidates, sorted. Every sort column is NOT NULL.
  // In e-mail order the range is read as it is; in another order it is sorted, so there it only
  // stands in for sorting the hits, after a walk bounded to walkBudget rows (a walked member row
  // tests LIKEs over the row and its user, ~10× an NFT name's cost: the walk does not grow).
  const walkedSearch = !!search?.candidates && !sorted;
  const leading = () => (walkedSearch ? leadingEmailRange(db, organizationId, q, where, total) : null);
  const byRange = (range: { from: SQL; where: SQL }) => anchoredPageIds(db, { ...page, key: `${page.key}|leading`, ...range });
  const first = q.sortBy === 'email' ? leading() : null;
  const ids = first
    ? byRange(first)
    : ((walkedSearch ? boundedPageIds(db, page, sql.join(where, sql` and `), 0) : anchoredPageIds(db, page)) ??
      ((range) => (range ? byRange(range) : anchoredPageIds(db, { ...page, from: counted.from, where: counted.where })))(q.sortBy === 'email' ? null : leading()));
  if (ids.length === 0) return envelope<MemberListItem>([], { page: q.page, limit: q.limit, total }, filters);

  return envelope(memberItems(db, organizationId, ids), { page: q.page, limit: q.limit, total }, filters);
}

/** The A9 items of `ids` (member_list ids), in that order. */
export function memberItems(db: Db, organizationId: string, ids: string[]): MemberListItem[] {
  // Each id is a membership's or an invitation's (random UUIDs: never both), loaded by its own key.
  const loaded = new Map<string, MemberListItem>();
  for (const m of loadMembers(db, organizationId, ids)) loaded.set(m.id, toMemberItem(m));
  const invitationIds = ids.filter((id) => !loaded.has(id));
  if (invitationIds.length) {
    const now = new Date();
    const inOrganization = and(eq(invitations.organizationId, organizationId), inArray(invitations.id, invitationIds));
    for (const inv of db.select().from(invitations).where(inOrganization).all()) loaded.set(inv.id, toInvitationItem(inv, now));
  }
  return ids.flatMap((id) => loaded.get(id) ?? []);
}

const listSize = (db: Db, organizationId: string) =>
  readCounter(db, organizationId, 'members') + readCounter(db, organizationId, 'invitations:status:PENDING');

/**
 * A search whose matches are exactly the e-mails that begin with its term (`person1`: person1@,
 * person10@ … person19999@): those are one range of the (organization[, filter], email, id) index.
 * Decided exactly: an e-mail beginning with the term contains it (LIKE), so the range is within the
 * matches, and when it holds as many rows as the search's exact total it is all of them. ASCII
 * terms only (lowered, as LIKE folds ASCII letters); the range's size is counted once per write
 * generation. The page is read off that range (sorted, unless by e-mail). Null otherwise.
 */
function leadingEmailRange(db: Db, organizationId: string, q: ListMembersQuery, where: SQL[], total: number): { from: SQL; where: SQL } | null {
  if (!q.search || !/^[\x20-\x7e]+$/.test(q.search) || total === 0) return null;
  const term = q.search.toLowerCase();
  const upper = term.slice(0, -1) + String.fromCharCode(term.charCodeAt(term.length - 1) + 1);
  const range = sql.join([...where, sql`"ml"."email" >= ${term}`, sql`"ml"."email" < ${upper}`], sql` and `);
  const from = sql`"member_list" as "ml" indexed by ${sql.identifier(memberPageIndex({ ...q, sortBy: 'email' }))}`;
  const inRange = cachedCount(db, organizationId, `members-leading:${JSON.stringify([term, q.status, q.hasWallet])}`, () => db.get<{ n: number }>(sql`select count(*) as "n" from ${from} where ${range}`)?.n ?? 0);
  return inRange === total ? { from, where: range } : null;
}

/**
 * Walk the page index (testing each row) rather than sort the search's trigram hits? Always for a
 * term with at least `memberCommonHits` hits; otherwise when the rows the walk is expected to test
 * before the page's end — its position (from the nearer end) × the list's size / the exact total,
 * the matches being spread through the list — are few against the hits sorting would read
 * (`memberWalkRatio`), and the order is not by e-mail. A common first name at 100k members, in
 * process: pages 1–5 walk ~1,200 rows (3 ms median) instead of sorting ~5,000 hits (22 ms). Both
 * plans give the same rows; this only picks the cheaper.
 */
function walkCheaper(db: Db, organizationId: string, q: ListMembersQuery, total: number, hits: number): boolean {
  if (hits >= searchTuning.memberCommonHits) return true;
  // Sorted by e-mail, the matches of a term are not spread: a first name is the e-mail's start, so
  // its matches sit together (at 100k members a walk for `Ada`, descending, tested ~95k rows).
  if (q.sortBy === 'email') return false;
  const w = pageWindow(total, q.page, q.limit, q.sortOrder);
  if (!w || total === 0) return false;
  const rowsToWalk = ((w.offset + w.limit) * listSize(db, organizationId)) / total;
  return rowsToWalk <= searchTuning.memberWalkRatio * hits;
}

/**
 * The A9 search (LIKE semantics over e-mail, name, userName, "first last" and the invitation's
 * e-mail, as before), either as the rowids of the matching rows — when the trigram indexes answer
 * it and the term is rare — or as a predicate tested per row while walking the sort index.
 */
export function memberSearch(db: Db, organizationId: string, term: string, pattern: string) {
  const like = (column: SQL) => sql`${column} like ${pattern} escape '\\'`;
  const userMatches = (u: string) =>
    sql`(${like(sql.raw(`"${u}"."email"`))} or ${like(sql.raw(`"${u}"."name"`))} or ${like(sql.raw(`"${u}"."user_name"`))} or ${like(sql.raw(`("${u}"."first_name" || ' ' || "${u}"."last_name")`))})`;
  const perRow = sql`(${like(sql`"ml"."email"`)} or ("ml"."kind" = 'member' and exists (select 1 from "users" as "su" where "su"."id" = "ml"."user_id" and ${userMatches('su')})))`;
  // The trigram indexes narrow the candidates; the LIKE still decides (lib/search/fts.ts).
  const phrase = ftsPhrase(term, 'A');
  if (!phrase) return { perRow, candidates: null, hits: 0 };
  // A fixed plan: each trigram hit (by rowid) to its member_list row (by index). Left to the
  // planner, an index created after the last ANALYZE (e.g. by a migration) looked cheaper and
  // every search walked the organization's whole list.
  const candidates = sql`"ml"."rowid" in (select "cm"."rowid" from (select rowid as "r" from "search_users" where "search_users" match ${phrase}) as "hit"
      cross join "users" as "cu" on "cu"."rowid" = "hit"."r"
      cross join "member_list" as "cm" indexed by "member_list_user_idx" on "cm"."user_id" = "cu"."id"
      where "cm"."organization_id" = ${organizationId} and ${userMatches('cu')}
    union all
    select "cm"."rowid" from (select rowid as "r" from "search_invitations" where "search_invitations" match ${phrase}) as "hit"
      cross join "invitations" as "ci" on "ci"."rowid" = "hit"."r"
      cross join "member_list" as "cm" indexed by "member_list_created_idx"
        on "cm"."organization_id" = "ci"."organization_id" and "cm"."created_at" = "ci"."created_at" and "cm"."id" = "ci"."id" and "cm"."kind" = 'invitation'
      where "ci"."organization_id" = ${organizationId} and ${like(sql`"ci"."email"`)})`;
  // Users are global, so this counts every organization's people (at most `limit` per index).
  const limit = searchTuning.memberCommonHits;
  const hits = hitCount(db, 'search_users', phrase, limit) + hitCount(db, 'search_invitations', phrase, limit);
  return { perRow, candidates, hits };
}

function loadMembers(db: Db, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
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
      // Stored, kept by triggers (lib/search): no per-row count.
      totalNFTs: userOrganizations.totalNfts,
    })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(and(eq(userOrganizations.organizationId, organizationId), inArray(userOrganizations.id, ids)))
    .all()
    .map((m) => ({ ...m, walletAddress: m.walletAddress ?? null }));
}
type MemberRow = ReturnType<typeof loadMembers>[number];

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

function invitationInfo(inv: Invitation, now: Date) {
  return {
    phone: inv.phone,
    expiresAt: inv.expiresAt.toISOString(),
    expired: isExpired(inv, now),
    sendCount: inv.sendCount,
    lastSentAt: inv.lastSentAt?.toISOString() ?? null,
  };
}

function toInvitationItem(inv: Invitation, now: Date): MemberListItem {
  return {
    id: inv.id,
    kind: 'invitation',
    email: inv.email,
    walletAddress: null,
    totalNFTs: 0,
    status: 'PENDING',
    role: null,
    createdAt: inv.createdAt.toISOString(),
    updatedAt: inv.updatedAt.toISOString(),
    user: { id: null, name: null, userName: null, image: null, emailVerified: false, isRegistered: false },
    invitation: invitationInfo(inv, now),
  };
}

/** The membership an ACCEPTED invitation of the organization became, if `id` is one. */
function acceptedInvitationMembership(db: Db, organizationId: string, id: string): string | null {
  const row = db
    .select({ membershipId: invitations.userOrganizationId })
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.organizationId, organizationId), eq(invitations.status, 'ACCEPTED')))
    .get();
  return row?.membershipId ?? null;
}

type Target = { kind: 'member'; row: MemberRow } | { kind: 'invitation'; row: Invitation };

/** A membership or a PENDING invitation of the organization; anything else is 404. */
function findTarget(db: Db, organizationId: string, id: string): Target {
  const [member] = loadMembers(db, organizationId, [id]);
  if (member) return { kind: 'member', row: member };
  return { kind: 'invitation', row: findPendingInvitation(db, organizationId, id) };
}

/**
 * A10: a member with their NFTs and shares, or a pending invitation (no NFTs yet). The id of an
 * invitation that was accepted answers with the member it became (a client may have stored it).
 */
export function getMember(db: Db, organizationId: string, id: string): MemberDetail {
  const becameMember = acceptedInvitationMembership(db, organizationId, id);
  const target = findTarget(db, organizationId, becameMember ?? id);
  if (target.kind === 'invitation') {
    const item = toInvitationItem(target.row, new Date());
    return {
      ...item,
      user: { ...item.user, firstName: null, lastName: null, phoneNumber: null },
      endUserNfts: [],
    };
  }
  const m = target.row;
  const item = toMemberItem(m);
  return {
    ...item,
    user: { ...item.user, firstName: m.firstName, lastName: m.lastName, phoneNumber: m.phoneNumber },
    endUserNfts: memberNfts(db, organizationId, m.userId),
  };
}

function memberNfts(db: Db, organizationId: string, userId: string): EndUserNft[] {
  return db
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
    .orderBy(desc(nfts.createdAt), desc(nfts.id))
    .all()
    .map((r) => ({
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
    }));
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
export function updateMember(db: Db, actor: Actor, id: string, body: UpdateMemberBody) {
  const organizationId = actor.organizationId;
  const result = db.transaction((tx) => {
    const target = findTarget(tx as unknown as Db, organizationId, id);
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
        tx.update(userOrganizations).set({ role, status, updatedAt: new Date() }).where(eq(userOrganizations.id, m.id)).run();
        recordAudit(tx, actor, {
          action: 'member.update',
          entityType: 'user_organization',
          entityId: m.id,
          data: { userId: m.userId, from: { role: m.role, status: m.status }, to: { role, status } },
        });
        const losesKeys = status !== 'ACTIVE' ? 'member.suspend' : role === 'MEMBER' ? 'member.demote' : null;
        if (losesKeys) revokeKeysOfMember(tx, actor, organizationId, m.userId, losesKeys);
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
      const member = tx
        .select({ id: userOrganizations.id })
        .from(userOrganizations)
        .innerJoin(users, eq(users.id, userOrganizations.userId))
        .where(and(eq(userOrganizations.organizationId, organizationId), eq(users.email, email)))
        .get();
      if (member) throw new ConflictError('This e-mail address belongs to a member already.', [`email: ${email} is already a member`]);
      const other = tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(pendingInvitationsTo(organizationId, [email]))
        .get();
      if (other) throw new ConflictError('This e-mail address is already invited.', [`email: ${email} has a pending invitation`]);
      // The previous link went to the old address; it must not register the new one.
      tx.update(invitations).set({ email, tokenHash: `changed:${crypto.randomUUID()}` }).where(eq(invitations.id, inv.id)).run();
      recordAudit(tx, actor, { action: 'invitation.email.change', entityType: 'invitation', entityId: inv.id, data: { from: inv.email, to: email } });
    }
    if (body.resend) {
      sendInvitationMail(tx, { id: inv.id, organizationId, email });
      recordAudit(tx, actor, { action: 'invitation.resend', entityType: 'invitation', entityId: inv.id, data: { email } });
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
export function removeMember(db: Db, actor: Actor, id: string) {
  return db.transaction((tx) => {
    const target = findTarget(tx as unknown as Db, actor.organizationId, id);
    // The message carries the member (or invitation) as it was just before it went away.
    const removed = () =>
      recordEvent(tx, {
        organizationId: actor.organizationId,
        type: 'member.removed',
        resourceType: 'member',
        resourceId: id,
        data: () => getMember(tx as unknown as Db, actor.organizationId, id),
      });
    if (target.kind === 'invitation') {
      removed();
      tx.update(invitations).set({ status: 'REVOKED' }).where(eq(invitations.id, id)).run();
      recordAudit(tx, actor, { action: 'invitation.revoke', entityType: 'invitation', entityId: id, data: { email: target.row.email } });
      return { message: `Invitation for ${target.row.email} revoked.` };
    }
    const m = target.row;
    if (m.role === 'OWNER') {
      throw new ConflictError('The organization owner cannot be removed.', [`id: membership ${id} is the OWNER`]);
    }
    if (m.userId === actor.userId && actor.kind === 'user') {
      throw new ConflictError('You cannot remove your own membership.', [`id: membership ${id} is your own`]);
    }
    removed();
    tx.delete(userOrganizations).where(eq(userOrganizations.id, id)).run();
    recordAudit(tx, actor, { action: 'member.remove', entityType: 'user_organization', entityId: id, data: { email: m.email, userId: m.userId } });
    revokeKeysOfMember(tx, actor, actor.organizationId, m.userId, 'member.remove');
    return { message: `Member ${m.email} removed from the organization.` };
  });
}
