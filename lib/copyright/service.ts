import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CopyrightRequest } from '@/db/schema';
import {
  chainTransactions,
  auditEvents,
  copyrightRequests,
  copyrightShares,
  nfts,
  organizations,
  smartContracts,
  userOrganizations,
  users,
  wallets,
} from '@/lib/storage/tables';
import { recordAuditIn } from '@/lib/audit/service';
import { addContent, computeCid } from '@/lib/content-store/store';
import { AppError, ConflictError, NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import { errorFields, log } from '@/lib/logger';
import { kickMailWorker } from '@/lib/mail/worker';
import { recordEventIn } from '@/lib/webhooks/emit';
import { organizationAccountIn } from '@/lib/chain';
import { mintBlocker, requestMint } from '@/lib/mint/service';
import { lockRowById } from '@/lib/storage/row-lock';
import { affectedRows, type Store } from '@/lib/storage/store';
import { licenceDetails } from './licences';
import { canonicalJson, recordChainId, signCopyrightRecord, verifyCopyrightRecord, type CopyrightRecord } from './record';
import type { CopyrightDecisionBody } from './schemas';
import { currentRound, issueRequest, refreshCopyrightStatus, type CopyrightStatus } from './split';
import { hashRequestToken, requestTokenPattern } from './tokens';

type Reader = Pick<Store, 'select'>;

/** A share's requests, newest first (a resend in the same millisecond as its predecessor sorts by its count). */
const latestFirst = [desc(copyrightRequests.createdAt), desc(copyrightRequests.round), desc(copyrightRequests.sendCount)] as const;

/* ---------------------------------------------------------------- the link */

export type LinkState = 'valid' | 'unknown' | 'used' | 'superseded' | 'cancelled' | 'expired' | 'not_member';

export type LinkLookup = { state: LinkState; request: CopyrightRequest | null };

/** What a request link's token is worth right now (the page and the decision both ask). */
export async function lookupRequest(db: Reader, token: string, now = new Date()): Promise<LinkLookup> {
  if (!requestTokenPattern.test(token)) return { state: 'unknown', request: null };
  const [request] = await db.select().from(copyrightRequests).where(eq(copyrightRequests.tokenHash, hashRequestToken(token))).limit(1);
  if (!request) return { state: 'unknown', request: null };
  if (request.status === 'USED') return { state: 'used', request };
  if (request.status === 'SUPERSEDED') return { state: 'superseded', request };
  if (request.status === 'CANCELLED' || !request.shareId) return { state: 'cancelled', request };
  if (request.expiresAt <= now) return { state: 'expired', request };
  const [member] = await db
    .select({ status: userOrganizations.status, since: userOrganizations.createdAt })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.organizationId, request.organizationId), eq(userOrganizations.userId, request.userId)))
    .limit(1);
  if (member?.status !== 'ACTIVE') return { state: 'not_member', request };
  // A link mailed before the holder was removed stays dead after they re-join (a new membership).
  if (member.since.getTime() > request.createdAt.getTime()) return { state: 'not_member', request };
  return { state: 'valid', request };
}

const linkMessages: Record<Exclude<LinkState, 'valid'>, [number, string]> = {
  unknown: [404, 'This authorization link is not valid.'],
  used: [410, 'This authorization link has already been used; the decision was recorded.'],
  superseded: [410, 'This authorization link was replaced by a newer e-mail; use the most recent one.'],
  cancelled: [410, 'The copyright split changed since this e-mail; a new request was sent for the new split.'],
  expired: [410, 'This authorization link has expired. Ask the organization to send a new one.'],
  not_member: [410, 'You are no longer a member of this organization, so this request can no longer be answered.'],
};

export function linkStateError(state: Exclude<LinkState, 'valid'>) {
  const [status, message] = linkMessages[state];
  return new AppError(status, message, [`token: ${state}`]);
}

/** Everything the authorization page shows: the NFT, its contract, the whole split and the licence. */
export async function authorizationView(db: Reader, request: CopyrightRequest) {
  const [nft] = await db
    .select({
      id: nfts.id,
      name: nfts.name,
      description: nfts.description,
      imagePath: nfts.imagePath,
      licenceOffered: nfts.licenceOffered,
      contractName: smartContracts.name,
      contractSymbol: smartContracts.symbol,
      contractAddress: smartContracts.contractAddress,
      network: smartContracts.network,
      env: smartContracts.env,
      organizationName: organizations.name,
    })
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .innerJoin(organizations, eq(organizations.id, nfts.organizationId))
    .where(eq(nfts.id, request.nftId))
    .limit(1);
  if (!nft) throw new NotFoundError('NFT');
  const split = await db
    .select({
      shareId: copyrightShares.id,
      userId: copyrightShares.userId,
      percentage: copyrightShares.percentage,
      status: copyrightShares.status,
      name: users.name,
      userName: users.userName,
    })
    .from(copyrightShares)
    .innerJoin(users, eq(users.id, copyrightShares.userId))
    .where(eq(copyrightShares.nftId, request.nftId))
    .orderBy(desc(copyrightShares.percentage), asc(copyrightShares.createdAt), asc(copyrightShares.id));
  const [holder] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, request.userId)).limit(1);
  return {
    organization: { name: nft.organizationName },
    holder: { email: holder?.email ?? '', name: holder?.name ?? '', percentage: request.percentage },
    nft: { name: nft.name, description: nft.description, imagePath: nft.imagePath },
    contract: { name: nft.contractName, symbol: nft.contractSymbol, address: nft.contractAddress, network: nft.network, env: nft.env },
    licence: licenceDetails(request.licence),
    split: split.map((s) => ({
      holder: s.userName ? `@${s.userName}` : s.name || 'A member',
      you: s.shareId === request.shareId,
      percentage: s.percentage,
      status: s.status,
    })),
    expiresAt: request.expiresAt.toISOString(),
  };
}

/* ---------------------------------------------------------------- decisions */

type DecisionContext = { requestId: string; clientAddress: string | null; now?: Date };

/** The signed-in person a decision is made by (lib/auth/session.ts getPersonFromHeaders). */
export type DecidingPerson = { userId: string; email: string; sessionIdHash: string };

/** What the record and the audit log say proved the holder decided: their own session. */
function evidenceOf(kind: 'link page' | 'console', person: { userId: string; sessionIdHash?: string }, now: Date, clientAddress: string | null) {
  return `${kind}: session of user ${person.userId}${person.sessionIdHash ? `, session id hash ${person.sessionIdHash}` : ''}, at ${now.toISOString()}, ip ${clientAddress ?? 'unknown'}`;
}

/**
 * Applies a decision to a share in the caller's transaction: the share, its request (used), the
 * NFT's split status, and one audit event. Returns the split's new status. The caller holds the
 * NFT's row lock (lockRowById), so the status is recomputed over every other decision committed.
 */
async function applyDecision(
  tx: Store,
  actor: Actor,
  request: Pick<CopyrightRequest, 'id' | 'nftId' | 'shareId' | 'userId' | 'round'>,
  body: CopyrightDecisionBody,
  via: 'link' | 'console',
  clientAddress: string | null,
  now: Date,
  evidence: string,
): Promise<CopyrightStatus> {
  const decision = body.decision === 'AUTHORIZE' ? ('AUTHORIZED' as const) : ('REJECTED' as const);
  const updated = await tx
    .update(copyrightShares)
    .set({ status: decision, copyAuthLocation: body.location, copyAuthTimestamp: now, updatedAt: now })
    .where(and(eq(copyrightShares.id, request.shareId!), eq(copyrightShares.status, 'PENDING')));
  if (affectedRows(updated) !== 1) throw new ConflictError('This share has already been answered.', ['share: already decided']);
  await tx
    .update(copyrightRequests)
    .set({ status: 'USED', decision, location: body.location, reason: body.reason || null, decidedAt: now, decidedVia: via, evidence, updatedAt: now })
    .where(eq(copyrightRequests.id, request.id));
  const status = await refreshCopyrightStatus(tx, request.nftId);
  await recordEventIn(tx, {
    organizationId: actor.organizationId,
    type: decision === 'AUTHORIZED' ? 'copyright.authorized' : 'copyright.rejected',
    resourceType: 'copyright',
    resourceId: request.nftId,
  });
  await recordAuditIn(tx, actor, {
    action: decision === 'AUTHORIZED' ? 'copyright.authorize' : 'copyright.reject',
    entityType: 'nft',
    entityId: request.nftId,
    data: {
      shareId: request.shareId,
      holderId: request.userId,
      round: request.round,
      copyAuthLocation: body.location,
      reason: body.reason || null,
      via,
      clientAddress,
      evidence,
      copyrightStatus: status,
    },
  });
  return status;
}

/** A refused link of a known request is worth an audit line (a second use may be an attack). */
async function auditRefusal(store: Store, request: CopyrightRequest, state: LinkState | 'wrong_person', ctx: DecisionContext & { person?: DecidingPerson | null }) {
  await recordAuditIn(
    store,
    { kind: 'user', userId: request.userId, organizationId: request.organizationId, requestId: ctx.requestId },
    {
      action: 'copyright.link_refused',
      entityType: 'nft',
      entityId: request.nftId,
      data: { state, copyrightRequestId: request.id, clientAddress: ctx.clientAddress, ...(ctx.person ? { sessionOf: ctx.person.userId } : {}) },
    },
  );
}

export type DecisionResult = { nftId: string; decision: 'AUTHORIZED' | 'REJECTED'; copyrightStatus: CopyrightStatus };

/**
 * The holder answers through the mailed link. The link identifies the share; the holder's own
 * signed-in session proves the person (issue 26 finding 4): no session → 401 (the page sends them
 * to /login), anybody else's session — an admin's too — → 403; neither changes anything. The link
 * is checked again inside the transaction, under the NFT's row lock, so two concurrent uses record
 * one decision and concurrent decisions of one split see each other. When the answer completes the
 * split, the record is built, pinned and signed after commit.
 */
export async function decideByToken(
  store: Store,
  token: string,
  body: CopyrightDecisionBody,
  ctx: DecisionContext & { person: DecidingPerson | null },
): Promise<DecisionResult> {
  const now = ctx.now ?? new Date();
  const first = await lookupRequest(store, token, now);
  if (first.state !== 'valid') {
    if (first.request) await auditRefusal(store, first.request, first.state, ctx);
    throw linkStateError(first.state);
  }
  const [holder] = await store.select({ email: users.email }).from(users).where(eq(users.id, first.request!.userId)).limit(1);
  const holderEmail = holder?.email ?? 'the holder';
  if (!ctx.person) {
    throw new AppError(401, `Sign in as ${holderEmail} to answer this request: only the holder can decide on their share.`, [
      'session: sign in as the holder',
    ]);
  }
  if (ctx.person.userId !== first.request!.userId) {
    await auditRefusal(store, first.request!, 'wrong_person', ctx);
    throw new AppError(403, `This request is for ${holderEmail}; you are signed in as ${ctx.person.email}. Only the holder can decide on their share.`, [
      'session: not the holder',
    ]);
  }
  const person = ctx.person;
  const status = await store.transaction(async (tx) => {
    await lockRowById(tx, nfts, first.request!.nftId);
    const found = await lookupRequest(tx, token, now);
    if (found.state !== 'valid') throw linkStateError(found.state);
    const r = found.request!;
    const actor: Actor = { kind: 'user', userId: r.userId, organizationId: r.organizationId, requestId: ctx.requestId };
    return applyDecision(tx, actor, r, body, 'link', ctx.clientAddress, now, evidenceOf('link page', person, now, ctx.clientAddress));
  });
  const request = first.request!;
  if (status === 'COPYRIGHTED') await afterCopyrighted(store, request.organizationId, request.nftId);
  return { nftId: request.nftId, decision: body.decision === 'AUTHORIZE' ? 'AUTHORIZED' : 'REJECTED', copyrightStatus: status };
}

async function loadNft(db: Reader, organizationId: string, nftId: string) {
  const [nft] = await db
    .select()
    .from(nfts)
    .where(and(eq(nfts.id, nftId), eq(nfts.organizationId, organizationId)))
    .limit(1);
  if (!nft) throw new NotFoundError('NFT');
  return nft;
}

/** The organization's NFT, read again under its row lock (held to the end of `tx`). */
async function lockNft(tx: Store, organizationId: string, nftId: string) {
  await loadNft(tx, organizationId, nftId);
  await lockRowById(tx, nfts, nftId);
  return loadNft(tx, organizationId, nftId);
}

/** A holder who is a signed-in admin answers from the console (their own share only). */
export async function decideAsAdmin(store: Store, actor: Actor, nftId: string, body: CopyrightDecisionBody, ctx: DecisionContext): Promise<DecisionResult> {
  if (actor.kind !== 'user') throw new AppError(403, 'Only the holder, signed in to the console, can answer for their share.');
  const now = ctx.now ?? new Date();
  const status = await store.transaction(async (tx) => {
    const nft = await lockNft(tx, actor.organizationId, nftId);
    const [share] = await tx
      .select()
      .from(copyrightShares)
      .where(and(eq(copyrightShares.nftId, nftId), eq(copyrightShares.userId, actor.userId)))
      .limit(1);
    if (!share) throw new NotFoundError('Your copyright share on this NFT');
    if (share.status !== 'PENDING') throw new ConflictError('You have already answered for this share.', ['share: already decided']);
    let [request] = await tx
      .select()
      .from(copyrightRequests)
      .where(and(eq(copyrightRequests.shareId, share.id), eq(copyrightRequests.status, 'OPEN')))
      .limit(1);
    if (!request) {
      // No mailed link (e.g. a split from before this feature): record the answer as a request of the round.
      [request] = await tx
        .insert(copyrightRequests)
        .values({
          organizationId: actor.organizationId,
          nftId,
          shareId: share.id,
          userId: share.userId,
          percentage: share.percentage,
          licence: nft.licenceOffered ?? 'ALL-RIGHTS-RESERVED',
          round: Math.max(1, await currentRound(tx, nftId)),
          status: 'OPEN',
          tokenHash: `console:${crypto.randomUUID()}`,
          expiresAt: now,
          sendCount: 0,
          lastSentAt: now,
        })
        .returning();
    }
    return applyDecision(tx, actor, request!, body, 'console', ctx.clientAddress, now, evidenceOf('console', actor, now, ctx.clientAddress));
  });
  if (status === 'COPYRIGHTED') await afterCopyrighted(store, actor.organizationId, nftId);
  return { nftId, decision: body.decision === 'AUTHORIZE' ? 'AUTHORIZED' : 'REJECTED', copyrightStatus: status };
}

/* ---------------------------------------------------------------- resend */

/**
 * A new link for a share still PENDING: the previous link stops working (SUPERSEDED), the new one
 * gets a fresh expiry and the mail is queued. A decided share, a frozen (minted) split or a holder
 * who is no longer an active member is a 409.
 */
export async function resendRequest(store: Store, actor: Actor, nftId: string, shareId: string, now = new Date()) {
  const result = await store.transaction(async (tx) => {
    // Under the NFT's lock two resends (or a resend and an edit) of one split run one after the other.
    const nft = await lockNft(tx, actor.organizationId, nftId);
    const [share] = await tx
      .select({ id: copyrightShares.id, userId: copyrightShares.userId, status: copyrightShares.status, percentage: copyrightShares.percentage, email: users.email })
      .from(copyrightShares)
      .innerJoin(users, eq(users.id, copyrightShares.userId))
      .where(and(eq(copyrightShares.id, shareId), eq(copyrightShares.nftId, nftId)))
      .limit(1);
    if (!share) throw new NotFoundError('Copyright share');
    if (nft.status === 'MINTED' || nft.status === 'PENDING') {
      throw new ConflictError('This NFT is minted (or being minted); its copyright split is frozen.', [`nft: ${nft.status}`]);
    }
    if (share.status !== 'PENDING') {
      throw new ConflictError(`This share is already ${share.status}; edit the split to ask again.`, [`share: ${share.status}`]);
    }
    const [member] = await tx
      .select({ status: userOrganizations.status })
      .from(userOrganizations)
      .where(and(eq(userOrganizations.organizationId, actor.organizationId), eq(userOrganizations.userId, share.userId)))
      .limit(1);
    if (member?.status !== 'ACTIVE') {
      throw new ConflictError('The holder is no longer an active member; edit the split to remove or replace them.', ['share: holder is not an active member']);
    }
    const [previous] = await tx
      .select()
      .from(copyrightRequests)
      .where(eq(copyrightRequests.shareId, shareId))
      .orderBy(...latestFirst)
      .limit(1);
    if (previous?.status === 'OPEN') {
      await tx.update(copyrightRequests).set({ status: 'SUPERSEDED', updatedAt: now }).where(eq(copyrightRequests.id, previous.id));
    }
    const sendCount = (previous?.sendCount ?? 0) + 1;
    const issued = await issueRequest(
      tx,
      {
        organizationId: actor.organizationId,
        nftId,
        nftName: nft.name,
        shareId,
        userId: share.userId,
        email: share.email,
        percentage: share.percentage,
        licence: nft.licenceOffered ?? 'ALL-RIGHTS-RESERVED',
        round: previous?.round ?? Math.max(1, await currentRound(tx, nftId)),
        sendCount,
      },
      now,
    );
    await recordAuditIn(tx, actor, {
      action: 'copyright.resend',
      entityType: 'nft',
      entityId: nftId,
      data: { shareId, holderId: share.userId, sendCount, supersededRequestId: previous?.status === 'OPEN' ? previous.id : null },
    });
    return { shareId, requestId: issued.requestId, expiresAt: issued.expiresAt.toISOString(), sendCount };
  });
  kickMailWorker();
  return result;
}

/* ---------------------------------------------------------------- the record */

/** Builds the canonical record of a COPYRIGHTED split from the database (null otherwise). */
export async function buildRecord(db: Reader, organizationId: string, nftId: string, signer: string): Promise<CopyrightRecord | null> {
  const nft = await loadNft(db, organizationId, nftId);
  if (nft.copyrightStatus !== 'COPYRIGHTED' || !nft.copyrightedAt) return null;
  const [contract] = await db.select().from(smartContracts).where(eq(smartContracts.id, nft.smartContractId)).limit(1);
  const [org] = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  const shares = (
    await db
      .select({
      userId: copyrightShares.userId,
      percentage: copyrightShares.percentage,
      location: copyrightShares.copyAuthLocation,
      at: copyrightShares.copyAuthTimestamp,
      userName: users.userName,
      wallet: wallets.address,
      evidence: sql<string | null>`(select "cr"."evidence" from "copyright_requests" as "cr" where "cr"."share_id" = ${copyrightShares.id} and "cr"."status" = 'USED' order by "cr"."decided_at" desc limit 1)`,
    })
    .from(copyrightShares)
    .innerJoin(users, eq(users.id, copyrightShares.userId))
    .leftJoin(wallets, and(eq(wallets.userId, users.id), eq(wallets.isPrimary, true)))
    .where(eq(copyrightShares.nftId, nftId))
  ).sort((a, b) => b.percentage - a.percentage || a.userId.localeCompare(b.userId));
  const licence = licenceDetails(nft.licenceOffered) ?? licenceDetails('ALL-RIGHTS-RESERVED')!;
  // The chain the collection lives on: its confirmed deployment's chain id (else the network's).
  const [deployment] = await db
    .select({ chainId: chainTransactions.chainId })
    .from(chainTransactions)
    .where(and(eq(chainTransactions.entityId, contract!.id), eq(chainTransactions.kind, 'deploy'), eq(chainTransactions.status, 'CONFIRMED')))
    .orderBy(desc(chainTransactions.createdAt), desc(chainTransactions.seq))
    .limit(1);
  const deployedOn = deployment?.chainId;
  return {
    schema: 'cl2c.copyright-record/2',
    organization: { id: org!.id, name: org!.name, signer },
    nft: { id: nft.id, name: nft.name, description: nft.description, imagePath: nft.imagePath },
    contract: {
      id: contract!.id,
      name: contract!.name,
      symbol: contract!.symbol,
      network: contract!.network,
      env: contract!.env,
      address: contract!.contractAddress,
      chainId: deployedOn ?? recordChainId(contract!.env),
    },
    licence: { id: licence.id, name: licence.name, url: licence.url },
    round: await currentRound(db, nftId),
    holders: shares.map((s) => ({
      userId: s.userId,
      userName: s.userName,
      walletAddress: s.wallet,
      percentage: s.percentage,
      decision: 'AUTHORIZED' as const,
      location: s.location ?? '',
      decidedAt: (s.at ?? nft.copyrightedAt!).toISOString(),
      ...(s.evidence ? { evidence: s.evidence } : {}),
    })),
    copyrightedAt: nft.copyrightedAt.toISOString(),
  };
}

/**
 * After the last authorization commits: builds the canonical record, pins it to the content store,
 * signs it (EIP-712) with the organization's wallet and stores JSON, CID and signature — unless the
 * split changed meanwhile (then a later completion signs the new one). Idempotent.
 */
export async function completeCopyright(store: Store, organizationId: string, nftId: string) {
  const account = await organizationAccountIn(store, organizationId);
  if (!account) return null;
  const record = await buildRecord(store, organizationId, nftId, account.address);
  if (!record) return null;
  const json = canonicalJson(record);
  const stored = await addContent(Buffer.from(json, 'utf8'), 'application/json');
  const signature = await signCopyrightRecord(account, json);
  const saved = await store.transaction(async (tx) => {
    // Under the NFT's lock: a decision or an edit committed meanwhile is seen (and wins).
    await lockRowById(tx, nfts, nftId);
    const again = await buildRecord(tx, organizationId, nftId, account.address);
    if (!again || canonicalJson(again) !== json) return false;
    await tx
      .update(nfts)
      .set({ copyrightMetadata: json, copyrightRecordCid: stored.cid, signature, updatedAt: new Date() })
      .where(eq(nfts.id, nftId));
    // The service itself signs (no person or key asked for it): a 'system' audit event.
    await tx.insert(auditEvents).values({
      organizationId,
      actorType: 'system',
      actorId: null,
      action: 'copyright.record_signed',
      entityType: 'nft',
      entityId: nftId,
      data: { cid: stored.cid, signer: account.address },
    });
    await recordEventIn(tx, { organizationId, type: 'copyright.completed', resourceType: 'copyright', resourceId: nftId });
    return true;
  });
  return saved ? { json, cid: stored.cid, signature, signer: account.address } : null;
}

/**
 * After the last authorization has committed: sign and pin the record, then mint the NFT on its
 * contract through the one mint entry point (lib/mint/service.ts), whose token metadata names the
 * record's CID. When the contract is not one this service deployed (or not deployed yet) nothing
 * is minted now; the Mint action (POST /cl2c/nft/{id}/mint) does it later, with the same metadata.
 * A failed mint never undoes the decision; the NFT shows FAILED with the reason in mintLogs.
 */
export async function afterCopyrighted(store: Store, organizationId: string, nftId: string) {
  const signed = await completeCopyright(store, organizationId, nftId);
  if (!signed) return;
  try {
    if (await mintBlocker(store, organizationId, nftId)) return;
    await requestMint(store, organizationId, nftId);
  } catch (error) {
    log('warn', 'mint after copyright failed', { nftId, ...errorFields(error) });
  }
}

/** Checks the stored signature against the organization's wallet and the stored CID against the bytes. */
export async function verifyStoredRecord(store: Store, organizationId: string, nftId: string) {
  const nft = await loadNft(store, organizationId, nftId);
  const account = await organizationAccountIn(store, organizationId);
  const signer = account?.address ?? null;
  if (!nft.copyrightMetadata || !nft.signature || !signer) {
    return { valid: false, signer, cid: nft.copyrightRecordCid, cidMatches: false, checks: ['no signed record yet'] };
  }
  const valid = await verifyCopyrightRecord(nft.copyrightMetadata, nft.signature, signer);
  const cid = await computeCid(Buffer.from(nft.copyrightMetadata, 'utf8'));
  const cidMatches = cid === nft.copyrightRecordCid;
  return {
    valid: valid && cidMatches,
    signer,
    cid: nft.copyrightRecordCid,
    cidMatches,
    checks: [
      valid ? `EIP-712 signature recovers to the organization's wallet ${signer}` : 'the signature does not match the record and the wallet',
      cidMatches ? `the record's bytes hash to CID ${cid}` : `the record's bytes hash to ${cid}, not the stored CID`,
    ],
  };
}

/* ---------------------------------------------------------------- state */

/** The split's whole state for the console and Family A: holders, links, record, history. */
export async function getCopyrightState(db: Reader, organizationId: string, nftId: string, viewerUserId: string | null = null) {
  const nft = await loadNft(db, organizationId, nftId);
  const round = await currentRound(db, nftId);
  const shares = await db
    .select({
      shareId: copyrightShares.id,
      userId: copyrightShares.userId,
      percentage: copyrightShares.percentage,
      status: copyrightShares.status,
      copyAuthLocation: copyrightShares.copyAuthLocation,
      copyAuthTimestamp: copyrightShares.copyAuthTimestamp,
      email: users.email,
      userName: users.userName,
      wallet: wallets.address,
      memberStatus: userOrganizations.status,
    })
    .from(copyrightShares)
    .innerJoin(users, eq(users.id, copyrightShares.userId))
    .leftJoin(wallets, and(eq(wallets.userId, users.id), eq(wallets.isPrimary, true)))
    .leftJoin(userOrganizations, and(eq(userOrganizations.userId, users.id), eq(userOrganizations.organizationId, organizationId)))
    .where(eq(copyrightShares.nftId, nftId))
    .orderBy(desc(copyrightShares.percentage), asc(copyrightShares.createdAt), asc(copyrightShares.id));
  const shareIds = shares.map((s) => s.shareId);
  const requests = shareIds.length
    ? await db.select().from(copyrightRequests).where(inArray(copyrightRequests.shareId, shareIds)).orderBy(...latestFirst)
    : [];
  const latest = new Map<string, CopyrightRequest>();
  for (const r of requests) if (r.shareId && !latest.has(r.shareId)) latest.set(r.shareId, r);
  const decided = await db
    .select({ r: copyrightRequests, email: users.email })
    .from(copyrightRequests)
    .innerJoin(users, eq(users.id, copyrightRequests.userId))
    .where(and(eq(copyrightRequests.nftId, nftId), isNotNull(copyrightRequests.decision)))
    .orderBy(desc(copyrightRequests.decidedAt), desc(copyrightRequests.round), asc(copyrightRequests.id));
  const now = Date.now();
  const account = nft.signature ? await organizationAccountIn(db, organizationId) : null;
  const licence = licenceDetails(nft.licenceOffered ?? nft.licence);
  return {
    nftId,
    copyrightStatus: nft.copyrightStatus,
    round,
    frozen: nft.status === 'MINTED' || nft.status === 'PENDING',
    licence,
    copyrightedAt: nft.copyrightedAt?.toISOString() ?? null,
    waitingFor: shares.filter((s) => s.status === 'PENDING').map((s) => s.email),
    viewer: (() => {
      const mine = viewerUserId ? shares.find((s) => s.userId === viewerUserId) : undefined;
      return mine ? { shareId: mine.shareId, status: mine.status } : null;
    })(),
    shares: shares.map((s) => {
      const r = latest.get(s.shareId);
      return {
        shareId: s.shareId,
        userId: s.userId,
        email: s.email,
        userName: s.userName,
        walletAddress: s.wallet,
        percentage: s.percentage,
        status: s.status,
        copyAuthLocation: s.copyAuthLocation,
        copyAuthTimestamp: s.copyAuthTimestamp?.toISOString() ?? null,
        reason: r?.decision === 'REJECTED' ? r.reason : null,
        memberStatus: (s.memberStatus ?? 'REMOVED'),
        request: r
          ? {
              id: r.id,
              status: r.status,
              lastSentAt: r.lastSentAt.toISOString(),
              expiresAt: r.expiresAt.toISOString(),
              expired: r.status === 'OPEN' && r.expiresAt.getTime() <= now,
              sendCount: r.sendCount,
            }
          : null,
      };
    }),
    record: nft.copyrightMetadata
      ? { json: nft.copyrightMetadata, cid: nft.copyrightRecordCid, signature: nft.signature, signer: account?.address ?? null }
      : null,
    history: decided.map(({ r, email }) => ({
      round: r.round,
      userId: r.userId,
      email,
      percentage: r.percentage,
      licence: r.licence,
      decision: r.decision!,
      location: r.location,
      reason: r.reason,
      decidedAt: r.decidedAt!.toISOString(),
      decidedVia: r.decidedVia,
    })),
  };
}
