import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@/db/schema';
import {
  auditEvents,
  copyrightRequests,
  copyrightShares,
  nfts,
  outboxEmails,
  userOrganizations,
  webhookEndpoints,
  webhookEvents,
} from '@/lib/storage/tables';
import { getContent, parseCid } from '@/lib/content-store/store';
import type { Actor } from '@/lib/shared/actor';
import { removeMember } from '@/lib/members/service';
import { createNft, updateNft } from '@/lib/nfts/service';
import { getStore } from '@/lib/storage/current';
import type { Store } from '@/lib/storage/store';
import { provisionCustodialWallet } from '@/lib/wallets/service';
import { installWebhooks } from '@/lib/wiring/webhooks';
import { createTestOrg } from '@/test/helpers';
import { insertContract, insertMember, insertNft } from '@/test/nft-fixtures';
import { verifyCopyrightRecord } from './record';
import {
  decideAsAdmin,
  decideByToken,
  getCopyrightState,
  resendRequest,
  verifyStoredRecord,
} from './service';
import type { CopyrightDecisionBody } from './schemas';
import { hashRequestToken, REQUEST_TTL_MS } from './tokens';

/*
 * The copyright service on the engine of the run (this file is in test/postgres/suite.ts). What
 * still reaches the chain helper's SQLite-only functions (an NFT created without holders, A7's
 * status changes, the mint) is in nft-status.test.ts and mint.test.ts.
 */

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let actor: Actor;
let otherActor: Actor;
let contractId: string;
let store: Store;

const ctx = (extra: { now?: Date } = {}) => ({
  requestId: crypto.randomUUID(),
  clientAddress: '203.0.113.7',
  ...extra,
});

/** The holder a link was mailed to, signed in: the person decideByToken needs besides the link. */
async function holderOf(token: string) {
  const [request] = await store
    .select()
    .from(copyrightRequests)
    .where(eq(copyrightRequests.tokenHash, hashRequestToken(token)))
    .limit(1);
  return request
    ? { userId: request.userId, email: 'holder@example.test', sessionIdHash: 'test-session' }
    : null;
}

/** Decides through the link as its own holder (a signed-in session of that person). */
const decide = async (token: string, body: CopyrightDecisionBody, c: ReturnType<typeof ctx>) =>
  decideByToken(store, token, body, { ...c, person: await holderOf(token) });

async function member(organizationId: string): Promise<User> {
  const u = await insertMember(organizationId, {
    userName: `holder_${crypto.randomUUID().slice(0, 8)}`,
  });
  await provisionCustodialWallet(store, u.id);
  return u;
}

/** The newest request link mailed to an address (read from the outbox, as a holder would). */
async function linkFor(email: string): Promise<string> {
  const [mail] = await store
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, email))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  const token = mail?.text.match(/\/copyright\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no copyright link mailed to ${email}`);
  return token;
}

function audits(nftId: string, action: string) {
  return store
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, nftId), eq(auditEvents.action, action)));
}

const nftRow = async (id: string) => (await store.select().from(nfts).where(eq(nfts.id, id)))[0]!;
const shareOf = async (nftId: string, userId: string) =>
  (
    await store
      .select()
      .from(copyrightShares)
      .where(and(eq(copyrightShares.nftId, nftId), eq(copyrightShares.userId, userId)))
  )[0]!;

async function splitNft(holders: [User, number][], licence?: 'CC-BY-4.0' | 'CC-BY-NC-4.0') {
  return createNft(store, actor, {
    name: `Split ${crypto.randomUUID().slice(0, 6)}`,
    smartContractId: contractId,
    supply: 1,
    copyright: holders.map(([u, percentage]) => ({ userId: u.id, percentage })),
    ...(licence ? { licence } : {}),
  });
}

const authorize = (location = 'Lisbon, Portugal') => ({ decision: 'AUTHORIZE' as const, location });
const reject = (reason = 'Not my work') => ({
  decision: 'REJECT' as const,
  location: 'Porto, Portugal',
  reason,
});

beforeAll(async () => {
  store = await getStore();
  org = await createTestOrg();
  other = await createTestOrg();
  actor = {
    kind: 'api_key',
    keyId: 'test-key',
    userId: org.admin.id,
    organizationId: org.organization.id,
    requestId: 'req-test',
  };
  otherActor = {
    kind: 'api_key',
    keyId: 'other-key',
    userId: other.admin.id,
    organizationId: other.organization.id,
    requestId: 'req-other',
  };
  contractId = (await insertContract(org.organization.id, { name: 'Copyright Collection' })).id;
});

describe('requests at creation', () => {
  it('mails every holder a single-use link; the split AWAITS; the licence is offered', async () => {
    const a = await member(org.organization.id);
    const b = await member(org.organization.id);
    const nft = await splitNft(
      [
        [a, 60],
        [b, 40],
      ],
      'CC-BY-NC-4.0',
    );
    expect(nft.copyrightStatus).toBe('AWAITING');
    expect(nft.licence).toBe('CC-BY-NC-4.0');
    const requests = await store
      .select()
      .from(copyrightRequests)
      .where(eq(copyrightRequests.nftId, nft.id));
    expect(requests).toHaveLength(2);
    expect(
      requests.every((r) => r.status === 'OPEN' && r.round === 1 && r.licence === 'CC-BY-NC-4.0'),
    ).toBe(true);
    // Only the hash is stored; the token in the mail hashes to it.
    const token = await linkFor(a.email);
    expect(requests.some((r) => r.tokenHash === token)).toBe(false);
    const state = await getCopyrightState(store, org.organization.id, nft.id);
    expect(state.waitingFor.sort()).toEqual([a.email, b.email].sort());
    expect(
      state.shares.every((s) => s.request?.status === 'OPEN' && s.request.sendCount === 1),
    ).toBe(true);
    // Family B's licence is the agreed one: nothing agreed yet.
    expect((await nftRow(nft.id)).licence).toBeNull();
    expect(await audits(nft.id, 'nft.create')).toHaveLength(1);
  });
});

describe('decisions', () => {
  it('authorize records time, stated place, audit (with the client address); reject marks the split REJECTED', async () => {
    const a = await member(org.organization.id);
    const b = await member(org.organization.id);
    const nft = await splitNft([
      [a, 50],
      [b, 50],
    ]);
    const now = new Date();
    const res = await decide(await linkFor(a.email), authorize('Lisbon, Portugal'), ctx({ now }));
    expect(res).toMatchObject({ decision: 'AUTHORIZED', copyrightStatus: 'AWAITING' });
    const share = await shareOf(nft.id, a.id);
    expect(share).toMatchObject({ status: 'AUTHORIZED', copyAuthLocation: 'Lisbon, Portugal' });
    expect(share.copyAuthTimestamp?.getTime()).toBe(now.getTime());
    const [authAudit] = await audits(nft.id, 'copyright.authorize');
    expect(authAudit).toMatchObject({
      actorType: 'user',
      actorId: a.id,
      organizationId: org.organization.id,
    });
    expect(authAudit!.data).toMatchObject({
      copyAuthLocation: 'Lisbon, Portugal',
      clientAddress: '203.0.113.7',
      via: 'link',
    });

    const rej = await decide(await linkFor(b.email), reject('I did not make this'), ctx());
    expect(rej).toMatchObject({ decision: 'REJECTED', copyrightStatus: 'REJECTED' });
    expect((await shareOf(nft.id, b.id)).status).toBe('REJECTED');
    expect((await nftRow(nft.id)).copyrightStatus).toBe('REJECTED');
    const [rejAudit] = await audits(nft.id, 'copyright.reject');
    expect(rejAudit!.data).toMatchObject({
      reason: 'I did not make this',
      copyrightStatus: 'REJECTED',
    });
    const state = await getCopyrightState(store, org.organization.id, nft.id);
    expect(state.shares.find((s) => s.userId === b.id)?.reason).toBe('I did not make this');
    expect(state.waitingFor).toEqual([]);
  });

  it('a link used twice is refused (410), changes nothing, and the refusal is audited', async () => {
    const a = await member(org.organization.id);
    const b = await member(org.organization.id);
    const nft = await splitNft([
      [a, 70],
      [b, 30],
    ]);
    const token = await linkFor(a.email);
    await decide(token, authorize(), ctx());
    const before = await shareOf(nft.id, a.id);
    await expect(decide(token, reject(), ctx())).rejects.toMatchObject({
      status: 410,
      details: ['token: used'],
    });
    expect(await shareOf(nft.id, a.id)).toEqual(before);
    expect(await audits(nft.id, 'copyright.reject')).toHaveLength(0);
    const [refused] = await audits(nft.id, 'copyright.link_refused');
    expect(refused!.data).toMatchObject({ state: 'used', clientAddress: '203.0.113.7' });
  });

  it('an unknown or malformed token is a 404 and writes nothing', async () => {
    const count = (await store.select().from(auditEvents)).length;
    await expect(decide('x'.repeat(43), authorize(), ctx())).rejects.toMatchObject({ status: 404 });
    await expect(decide('../etc', authorize(), ctx())).rejects.toMatchObject({ status: 404 });
    expect((await store.select().from(auditEvents)).length).toBe(count);
  });

  it('an expired link is refused (410) and audited; a resend supersedes it and the new link works', async () => {
    const a = await member(org.organization.id);
    const nft = await splitNft([[a, 100]]);
    const old = await linkFor(a.email);
    const later = new Date(Date.now() + REQUEST_TTL_MS + 1000);
    await expect(decide(old, authorize(), ctx({ now: later }))).rejects.toMatchObject({
      status: 410,
      details: ['token: expired'],
    });
    expect((await shareOf(nft.id, a.id)).status).toBe('PENDING');
    expect((await audits(nft.id, 'copyright.link_refused'))[0]!.data).toMatchObject({ state: 'expired' });
    expect((await getCopyrightState(store, org.organization.id, nft.id)).shares[0]!.request).toMatchObject({
      status: 'OPEN',
    });

    const share = await shareOf(nft.id, a.id);
    const resent = await resendRequest(store, actor, nft.id, share.id);
    expect(resent.sendCount).toBe(2);
    const [resendAudit] = await audits(nft.id, 'copyright.resend');
    expect(resendAudit!.data).toMatchObject({ shareId: share.id, sendCount: 2 });
    const fresh = await linkFor(a.email);
    expect(fresh).not.toBe(old);
    await expect(decide(old, authorize(), ctx())).rejects.toMatchObject({
      status: 410,
      details: ['token: superseded'],
    });
    const done = await decide(fresh, authorize(), ctx());
    expect(done.copyrightStatus).toBe('COPYRIGHTED');
    // A decided share is not resent.
    await expect(resendRequest(store, actor, nft.id, share.id)).rejects.toMatchObject({ status: 409 });
  });

  it('a removed member can no longer answer (410, audited) nor be resent (409)', async () => {
    const a = await member(org.organization.id);
    const b = await member(org.organization.id);
    const nft = await splitNft([
      [a, 50],
      [b, 50],
    ]);
    const token = await linkFor(b.email);
    const [membership] = await store
      .select()
      .from(userOrganizations)
      .where(
        and(
          eq(userOrganizations.organizationId, org.organization.id),
          eq(userOrganizations.userId, b.id),
        ),
      );
    await removeMember(store, actor, membership!.id);
    await expect(decide(token, authorize(), ctx())).rejects.toMatchObject({
      status: 410,
      details: ['token: not_member'],
    });
    expect((await shareOf(nft.id, b.id)).status).toBe('PENDING');
    expect((await audits(nft.id, 'copyright.link_refused'))[0]!.data).toMatchObject({
      state: 'not_member',
    });
    await expect(resendRequest(store, actor, nft.id, (await shareOf(nft.id, b.id)).id)).rejects.toMatchObject({
      status: 409,
    });
    expect(
      (await getCopyrightState(store, org.organization.id, nft.id)).shares.find((s) => s.userId === b.id)
        ?.memberStatus,
    ).toBe('REMOVED');
  });
});

describe('at the same moment (each engine: PostgreSQL runs these on separate connections)', () => {
  it('two holders deciding at once complete the split once: both shares count, one signed record', async () => {
    for (let i = 0; i < 3; i++) {
      const a = await member(org.organization.id);
      const b = await member(org.organization.id);
      const nft = await splitNft([
        [a, 50],
        [b, 50],
      ]);
      const [ta, tb] = [await linkFor(a.email), await linkFor(b.email)];
      const results = await Promise.all([decide(ta, authorize('Lisbon'), ctx()), decide(tb, authorize('Porto'), ctx())]);
      expect(results.map((r) => r.copyrightStatus).sort()).toEqual(['AWAITING', 'COPYRIGHTED']);
      const row = await nftRow(nft.id);
      expect(row.copyrightStatus).toBe('COPYRIGHTED');
      expect(row.signature).toMatch(/^0x[0-9a-f]{130}$/);
      expect(await audits(nft.id, 'copyright.authorize')).toHaveLength(2);
      expect(await audits(nft.id, 'copyright.record_signed')).toHaveLength(1);
    }
  });

  it('one link used twice at once records one decision; the other use is refused and changes nothing', async () => {
    const a = await member(org.organization.id);
    const b = await member(org.organization.id);
    const nft = await splitNft([
      [a, 50],
      [b, 50],
    ]);
    const token = await linkFor(a.email);
    const settled = await Promise.allSettled([decide(token, authorize('Lisbon'), ctx()), decide(token, reject('no'), ctx())]);
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = settled.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect([409, 410]).toContain((refused.reason as { status: number }).status);
    const decided = (settled.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ decision: string }>).value.decision;
    expect((await shareOf(nft.id, a.id)).status).toBe(decided);
    expect([...(await audits(nft.id, 'copyright.authorize')), ...(await audits(nft.id, 'copyright.reject'))]).toHaveLength(1);
    const used = await store
      .select()
      .from(copyrightRequests)
      .where(and(eq(copyrightRequests.nftId, nft.id), eq(copyrightRequests.status, 'USED')));
    expect(used).toHaveLength(1);
  });

  it('two resends of one share at once leave exactly one open link, the newest', async () => {
    const a = await member(org.organization.id);
    const nft = await splitNft([[a, 100]]);
    const share = await shareOf(nft.id, a.id);
    const sent = await Promise.all([resendRequest(store, actor, nft.id, share.id), resendRequest(store, actor, nft.id, share.id)]);
    expect(sent.map((r) => r.sendCount).sort()).toEqual([2, 3]);
    const open = await store
      .select()
      .from(copyrightRequests)
      .where(and(eq(copyrightRequests.shareId, share.id), eq(copyrightRequests.status, 'OPEN')));
    expect(open).toHaveLength(1);
    expect(open[0]!.sendCount).toBe(3);
    expect((await decide(await linkFor(a.email), authorize(), ctx())).copyrightStatus).toBe('COPYRIGHTED');
  });
});

describe('another NFT or organization', () => {
  it('a share of another NFT, or an NFT of another organization, is a 404 and changes nothing', async () => {
    const a = await member(org.organization.id);
    const n1 = await splitNft([[a, 100]]);
    const b = await member(org.organization.id);
    const n2 = await splitNft([[b, 100]]);
    const shareOfN2 = await shareOf(n2.id, b.id);
    await expect(resendRequest(store, actor, n1.id, shareOfN2.id)).rejects.toMatchObject({ status: 404 });
    await expect(resendRequest(store, otherActor, n2.id, shareOfN2.id)).rejects.toMatchObject({ status: 404 });
    await expect(getCopyrightState(store, other.organization.id, n1.id)).rejects.toMatchObject({ status: 404 });
    await expect(verifyStoredRecord(store, other.organization.id, n1.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      decideAsAdmin(
        store,
        {
          kind: 'user',
          userId: other.admin.id,
          organizationId: other.organization.id,
          requestId: 'r',
        },
        n1.id,
        authorize(),
        ctx(),
      ),
    ).rejects.toMatchObject({ status: 404 });
    // A link answers for its own share only: n1's link leaves n2 untouched.
    await decide(await linkFor(a.email), authorize(), ctx());
    expect((await shareOf(n2.id, b.id)).status).toBe('PENDING');
    expect((await nftRow(n2.id)).copyrightStatus).toBe('AWAITING');
    expect(await audits(n2.id, 'copyright.resend')).toHaveLength(0);
  });
});

describe('a new round after an edit, then copyrighted', () => {
  it('editing the split cancels open links, asks again, keeps history; all authorized → signed, pinned record', async () => {
    const a = await member(org.organization.id);
    const b = await member(org.organization.id);
    const nft = await splitNft(
      [
        [a, 50],
        [b, 50],
      ],
      'CC-BY-4.0',
    );
    const oldA = await linkFor(a.email);
    await decide(await linkFor(b.email), reject('wrong split'), ctx());
    expect((await nftRow(nft.id)).copyrightStatus).toBe('REJECTED');

    const edited = await updateNft(store, actor, nft.id, {
      copyright: [
        { userId: a.id, percentage: 30 },
        { userId: b.id, percentage: 70 },
      ],
    });
    expect(edited.copyrightStatus).toBe('AWAITING');
    const [round] = await audits(nft.id, 'copyright.new_round');
    expect(round!.data).toMatchObject({ round: 2, requestsSent: 2 });
    await expect(decide(oldA, authorize(), ctx())).rejects.toMatchObject({
      status: 410,
      details: ['token: cancelled'],
    });
    const state = await getCopyrightState(store, org.organization.id, nft.id);
    expect(state.round).toBe(2);
    expect(state.shares.map((s) => s.status)).toEqual(['PENDING', 'PENDING']);
    expect(state.history).toHaveLength(1);
    expect(state.history[0]).toMatchObject({
      round: 1,
      email: b.email,
      decision: 'REJECTED',
      reason: 'wrong split',
    });

    await decide(await linkFor(a.email), authorize('Lisbon, Portugal'), ctx());
    const last = await decide(await linkFor(b.email), authorize('Berlin, Germany'), ctx());
    expect(last.copyrightStatus).toBe('COPYRIGHTED');
    const row = await nftRow(nft.id);
    expect(row.copyrightStatus).toBe('COPYRIGHTED');
    expect(row.licence).toBe('CC-BY-4.0');
    expect(row.copyrightedAt?.getTime()).toBe((await shareOf(nft.id, b.id)).copyAuthTimestamp?.getTime());
    expect(row.signature).toMatch(/^0x[0-9a-f]{130}$/);
    const record = JSON.parse(row.copyrightMetadata!);
    expect(record).toMatchObject({
      schema: 'cl2c.copyright-record/2',
      round: 2,
      licence: { id: 'CC-BY-4.0' },
      nft: { id: nft.id },
    });
    expect(
      record.holders.map((h: { percentage: number; location: string }) => [
        h.percentage,
        h.location,
      ]),
    ).toEqual([
      [70, 'Berlin, Germany'],
      [30, 'Lisbon, Portugal'],
    ]);
    // Pinned: the content store holds exactly the record's bytes under the stored CID.
    const stored = await getContent(parseCid(row.copyrightRecordCid!)!);
    expect(stored?.bytes.toString('utf8')).toBe(row.copyrightMetadata);
    expect(await audits(nft.id, 'copyright.record_signed')).toHaveLength(1);
    const verified = await verifyStoredRecord(store, org.organization.id, nft.id);
    expect(verified).toMatchObject({ valid: true, cidMatches: true });
    expect(
      await verifyCopyrightRecord(row.copyrightMetadata!, row.signature!, verified.signer!),
    ).toBe(true);

    // A minted NFT's split and licence are frozen (minted here as the chain would leave it; A7 and
    // the mint itself are in nft-status.test.ts and mint.test.ts).
    await store.update(nfts).set({ status: 'MINTED', mintedAt: new Date() }).where(eq(nfts.id, nft.id));
    await expect(updateNft(store, actor, nft.id, { licence: 'CC-BY-NC-4.0' })).rejects.toMatchObject(
      { status: 409 },
    );
    await expect(
      updateNft(store, actor, nft.id, { copyright: [{ userId: a.id, percentage: 100 }] }),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect((await nftRow(nft.id)).copyrightStatus).toBe('COPYRIGHTED');
    expect((await getCopyrightState(store, org.organization.id, nft.id)).frozen).toBe(true);
  });

  it('changing only the licence also starts a new round', async () => {
    const a = await member(org.organization.id);
    const nft = await splitNft([[a, 100]]);
    await decide(await linkFor(a.email), authorize(), ctx());
    expect((await nftRow(nft.id)).copyrightStatus).toBe('COPYRIGHTED');
    await updateNft(store, actor, nft.id, { licence: 'CC-BY-NC-4.0' });
    const row = await nftRow(nft.id);
    expect(row).toMatchObject({
      copyrightStatus: 'AWAITING',
      licenceOffered: 'CC-BY-NC-4.0',
      licence: null,
      signature: null,
      copyrightMetadata: null,
    });
    expect((await shareOf(nft.id, a.id)).status).toBe('PENDING');
  });

  it('a holder who is an admin answers from the console', async () => {
    const adminUser = { id: org.admin.id } as User;
    const b = await member(org.organization.id);
    const nft = await splitNft([
      [adminUser, 50],
      [b, 50],
    ]);
    const sessionActor: Actor = {
      kind: 'user',
      userId: org.admin.id,
      organizationId: org.organization.id,
      requestId: 'r-console',
    };
    const res = await decideAsAdmin(store, sessionActor, nft.id, authorize('Office, Madrid'), ctx());
    expect(res.decision).toBe('AUTHORIZED');
    expect((await audits(nft.id, 'copyright.authorize'))[0]!.data).toMatchObject({ via: 'console' });
    // The mailed link of that share is now used.
    await expect(decide(await linkFor(org.admin.email), authorize(), ctx())).rejects.toMatchObject({
      status: 410,
    });
    // Not a holder → 404; already answered → 409.
    await expect(
      decideAsAdmin(store, sessionActor, nft.id, authorize(), ctx()),
    ).rejects.toMatchObject({ status: 409 });
    const notHolder = await splitNft([[b, 100]]);
    await expect(
      decideAsAdmin(store, sessionActor, notHolder.id, authorize(), ctx()),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('webhook messages', () => {
  it('each decision carries the split as the copyright route returns it, read in its transaction', async () => {
    installWebhooks();
    const fresh = await createTestOrg();
    const freshActor: Actor = { ...actor, organizationId: fresh.organization.id, userId: fresh.admin.id };
    await store.insert(webhookEndpoints).values({
      organizationId: fresh.organization.id,
      url: 'https://hooks.example.test/cl2c',
      eventTypes: [],
      secret: 'sealed-elsewhere',
    });
    const c = (await insertContract(fresh.organization.id)).id;
    const a = await member(fresh.organization.id);
    const b = await member(fresh.organization.id);
    const nft = await createNft(store, freshActor, {
      name: 'Hooked',
      smartContractId: c,
      supply: 1,
      copyright: [
        { userId: a.id, percentage: 50 },
        { userId: b.id, percentage: 50 },
      ],
    });
    await decide(await linkFor(a.email), authorize(), ctx());
    await decide(await linkFor(b.email), reject('no'), ctx());
    const messages = (
      await store
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.resourceType, 'copyright'), eq(webhookEvents.resourceId, nft.id)))
        .orderBy(webhookEvents.sequence)
    ).map((e) => JSON.parse(e.payload) as { type: string; sequence: number; data: { copyrightStatus: string; waitingFor: string[] } });
    expect(messages.map((m) => [m.type, m.sequence, m.data.copyrightStatus])).toEqual([
      ['copyright.authorized', 1, 'AWAITING'],
      ['copyright.rejected', 2, 'REJECTED'],
    ]);
    expect(messages[0]!.data.waitingFor).toEqual([b.email]);
    // The last message is the state as the route answers it after commit (JSON: dates as ISO text).
    const state = await getCopyrightState(store, fresh.organization.id, nft.id);
    expect(messages[1]!.data).toEqual(JSON.parse(JSON.stringify(state)));
  });
});

describe('overview count', () => {
  it('counts NFTs per copyright state for the organization only', async () => {
    const { countCopyrightStates } = await import('./overview');
    const fresh = await createTestOrg();
    const freshActor: Actor = {
      kind: 'api_key',
      keyId: 'k',
      userId: fresh.admin.id,
      organizationId: fresh.organization.id,
      requestId: 'r',
    };
    const c = (await insertContract(fresh.organization.id)).id;
    const m = await member(fresh.organization.id);
    const mk = (copyright: { userId: string; percentage: number }[]) =>
      createNft(store, freshActor, { name: 'n', smartContractId: c, supply: 1, copyright });
    await mk([{ userId: m.id, percentage: 100 }]);
    await mk([{ userId: m.id, percentage: 100 }]);
    // Without holders (as A6 stores it; A6 itself is in nft-status.test.ts).
    await insertNft(fresh.organization.id, c, { copyrightStatus: 'NONE' });
    expect(await countCopyrightStates(store, fresh.organization.id)).toEqual({
      NONE: 1,
      AWAITING: 2,
      REJECTED: 0,
      COPYRIGHTED: 0,
    });
  });
});
