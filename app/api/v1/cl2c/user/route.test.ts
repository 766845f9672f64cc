import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  copyrightShares,
  invitations,
  nfts,
  outboxEmails,
  smartContracts,
  userOrganizations,
  users,
} from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import type { Store } from '@/lib/storage/store';
import { hashInvitationToken, INVITATION_TTL_MS } from '@/lib/invitations/tokens';
import { invitationLinks } from '@/lib/mail/outbox';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { GET as inviteGET, POST as invitePOST } from '@/app/api/invite/[token]/route';
import { DELETE, GET as getOne, PUT } from './[id]/route';
import { POST as bulk } from './bulk/route';
import { GET as list } from './route';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let store: Store;
/** The first row of a query (what `.get()` was on SQLite's synchronous handle). */
const one = async <T,>(rows: PromiseLike<T[]>): Promise<T | undefined> => (await rows)[0];
let org: Org;
let other: Org;
const h = (o: Org = org) => ({ 'x-api-key': o.apiKey });
const uid = () => crypto.randomUUID().slice(0, 8);

async function invite(users: { email: string; phone?: string | null }[], o: Org = org) {
  const res = await call(bulk, { method: 'POST', headers: h(o), body: { users } });
  expect(res.status, res.text).toBe(200);
  return res.json.data as {
    results: { email: string; status: string; reason: string; id: string | null }[];
    summary: { total: number; invited: number; skipped: number; failed: number };
  };
}

/** The token of the newest invitation mail sent to `email` (read from the outbox, as a person would). */
async function latestToken(email: string): Promise<string> {
  const mails = await store.select().from(outboxEmails).where(eq(outboxEmails.to, email));
  const newest = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.text.localeCompare(a.text))[0];
  const link = invitationLinks(newest!.text)[0]!;
  return link.split('/invite/')[1]!;
}

const MEMBER_PASSWORD = 'member password 1';

/** Registers through the link as a new person (the form's fields and a password for the new login). */
async function register(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const withPassword = 'firstName' in body && !('password' in body) ? { ...body, password: MEMBER_PASSWORD } : body;
  return call(invitePOST, { method: 'POST', params: { token }, body: withPassword, headers });
}

async function inviteAndRegister(o: Org = org) {
  const email = `member-${uid()}@example.test`;
  const { results } = await invite([{ email }], o);
  const token = await latestToken(email);
  const res = await register(token, { firstName: 'Grace', lastName: 'Hopper', userName: `grace.${uid()}` });
  expect(res.status, res.text).toBe(200);
  return { email, invitationId: results[0]!.id!, memberId: res.json.memberId as string, walletAddress: res.json.walletAddress as string };
}

beforeAll(async () => {
  store = await getStore();
  org = await createTestOrg();
  other = await createTestOrg();
});

describe('A13 POST /cl2c/user/bulk', () => {
  it('400 with 0 or 101 entries, and nothing is written', async () => {
    const db = store;
    const before = { inv: (await db.select().from(invitations)).length, mail: (await db.select().from(outboxEmails)).length };
    const zero = await call(bulk, { method: 'POST', headers: h(), body: { users: [] } });
    expect(zero.status).toBe(400);
    expect(zero.json.details).toEqual(['users: must contain at least 1 entry']);
    const many = Array.from({ length: 101 }, (_, i) => ({ email: `many${i}-${uid()}@example.test` }));
    const over = await call(bulk, { method: 'POST', headers: h(), body: { users: many } });
    expect(over.status).toBe(400);
    expect(over.json.details).toEqual(['users: must contain at most 100 entries']);
    const missing = await call(bulk, { method: 'POST', headers: h(), body: {} });
    expect(missing.status).toBe(400);
    expect((await db.select().from(invitations)).length).toBe(before.inv);
    expect((await db.select().from(outboxEmails)).length).toBe(before.mail);
  });

  it('100 entries are accepted', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => ({ email: `hundred${i}-${uid()}@example.test` }));
    const data = await invite(hundred);
    expect(data.summary).toEqual({ total: 100, invited: 100, skipped: 0, failed: 0 });
  });

  it('invites, skips and fails per entry with reasons; the summary adds up', async () => {
    const member = await inviteAndRegister();
    const pending = `pending-${uid()}@example.test`;
    await invite([{ email: pending }]);
    const fresh = `Fresh-${uid()}@Example.test`;
    const data = await invite([
      { email: fresh, phone: '+44 20 7946 0958' },
      { email: fresh.toUpperCase() },
      { email: member.email },
      { email: pending },
      { email: 'not-an-email' },
      { email: `phone-${uid()}@example.test`, phone: '12ab' },
      { email: `nophone-${uid()}@example.test`, phone: '' },
    ]);
    expect(data.results.map((r) => r.status)).toEqual(['invited', 'skipped', 'skipped', 'skipped', 'failed', 'failed', 'invited']);
    expect(data.results[0]).toMatchObject({ email: fresh.toLowerCase(), reason: 'invitation e-mail queued' });
    expect(data.results[1]!.reason).toMatch(/duplicate within the request/);
    // Skipped entries name the existing record: the first occurrence's invitation, the membership, the pending invitation.
    expect(data.results[1]!.id).toBe(data.results[0]!.id);
    expect(data.results[2]).toMatchObject({ reason: 'already a member of the organization', id: member.memberId });
    expect(data.results[3]!.reason).toMatch(/already invited/);
    const pendingRow = (await one(store.select().from(invitations).where(eq(invitations.email, pending))))!;
    expect(data.results[3]!.id).toBe(pendingRow.id);
    expect(data.results[5]!.id).toBeNull();
    expect(data.results[4]).toMatchObject({ email: 'not-an-email', id: null, reason: 'email: must be a valid e-mail address' });
    expect(data.results[5]!.reason).toMatch(/^phone: must be a phone number/);
    expect(data.summary).toEqual({ total: 7, invited: 2, skipped: 3, failed: 2 });

    const row = (await one(store.select().from(invitations).where(eq(invitations.id, data.results[0]!.id!))))!;
    expect(row).toMatchObject({ email: fresh.toLowerCase(), phone: '+442079460958', status: 'PENDING', sendCount: 1 });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // The mail carries the token, the database only its SHA-256.
    const token = await latestToken(fresh.toLowerCase());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashInvitationToken(token)).toBe(row.tokenHash);
    expect(row.lastSentAt).toEqual(row.createdAt);
    expect(row.updatedAt).toEqual(row.createdAt);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(INVITATION_TTL_MS);
    expect(row).toMatchObject({ acceptedAt: null, userOrganizationId: null });
    const noPhone = (await one(store.select().from(invitations).where(eq(invitations.id, data.results[6]!.id!))))!;
    expect(noPhone).toMatchObject({ phone: null, status: 'PENDING', sendCount: 1 });
    expect(noPhone.tokenHash).not.toBe(row.tokenHash);
    // Each mail carries its own invitation's token (the tokens of one import come from one draw).
    expect(hashInvitationToken(await latestToken(data.results[6]!.email))).toBe(noPhone.tokenHash);
    const audits = await store.select().from(auditEvents).where(eq(auditEvents.entityId, row.id));
    expect(audits.map((a) => a.action)).toEqual(['invitation.create']);
    expect(audits[0]).toMatchObject({ entityType: 'invitation', actorType: 'api_key', data: { email: fresh.toLowerCase() } });
  });

  it('an already-invited e-mail of ANOTHER organization is invited here', async () => {
    const email = `shared-${uid()}@example.test`;
    await invite([{ email }], other);
    const data = await invite([{ email }]);
    expect(data.summary.invited).toBe(1);
  });

  it('400 for an entry of the wrong shape (nothing written)', async () => {
    const before = (await store.select().from(invitations)).length;
    const res = await call(bulk, { method: 'POST', headers: h(), body: { users: [{ email: `ok-${uid()}@example.test` }, { mail: 'x' }] } });
    expect(res.status).toBe(400);
    expect(res.json.details.join('\n')).toMatch(/users\[1\]/);
    expect((await store.select().from(invitations)).length).toBe(before);
  });
});

describe('A9 GET /cl2c/user', () => {
  let listOrg: Org;
  const found = async (query: Record<string, string | number>) => {
    const res = await call(list, { headers: h(listOrg), query });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };

  beforeAll(async () => {
    listOrg = await createTestOrg();
    await invite([{ email: 'zed.pending@list.test' }, { email: 'under_score.pending@list.test' }], listOrg);
    const email = 'ann.member@list.test';
    await invite([{ email }], listOrg);
    const res = await register(await latestToken(email), { firstName: 'Ann', lastName: 'Member', userName: `ann.member.${uid()}` });
    expect(res.status).toBe(200);
    // A suspended member without a wallet.
    const db = store;
    const [u] = await db.insert(users).values({ email: 'sus.pended@list.test', name: 'Sus Pended', isRegistered: true }).returning();
    await db.insert(userOrganizations).values({ organizationId: listOrg.organization.id, userId: u!.id, status: 'SUSPENDED' });
  });

  it('lists memberships and pending invitations together in the envelope', async () => {
    const json = await found({});
    // owner + Ann + suspended + 2 pending
    expect(json.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1, hasNext: false, hasPrev: false });
    expect(json.filters).toEqual({ search: null, status: null, hasWallet: null, sortBy: 'createdAt', sortOrder: 'desc' });
    const pending = json.data.find((m: { email: string }) => m.email === 'zed.pending@list.test');
    expect(pending).toMatchObject({
      kind: 'invitation',
      status: 'PENDING',
      walletAddress: null,
      totalNFTs: 0,
      user: { id: null, isRegistered: false },
    });
    const ann = json.data.find((m: { email: string }) => m.email === 'ann.member@list.test');
    expect(ann).toMatchObject({ kind: 'member', status: 'ACTIVE', role: 'MEMBER', user: { name: 'Ann Member', isRegistered: true } });
    expect(ann.walletAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(ann.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('filters by status and hasWallet', async () => {
    expect((await found({ status: 'PENDING' })).data.map((m: { email: string }) => m.email).sort()).toEqual([
      'under_score.pending@list.test',
      'zed.pending@list.test',
    ]);
    expect((await found({ status: 'SUSPENDED' })).data.map((m: { email: string }) => m.email)).toEqual(['sus.pended@list.test']);
    expect((await found({ status: 'ACTIVE' })).pagination.total).toBe(2);
    const withWallet = await found({ hasWallet: 'true' });
    expect(withWallet.pagination.total).toBe(2);
    expect(withWallet.data.every((m: { walletAddress: string | null }) => m.walletAddress)).toBe(true);
    const without = await found({ hasWallet: 'false' });
    expect(without.data.map((m: { email: string }) => m.email).sort()).toEqual([
      'sus.pended@list.test',
      'under_score.pending@list.test',
      'zed.pending@list.test',
    ]);
    expect((await found({ hasWallet: 'true', status: 'PENDING' })).pagination.total).toBe(0);
  });

  it('searches e-mail and name case-insensitively, % and _ literally', async () => {
    expect((await found({ search: 'ANN' })).data.map((m: { email: string }) => m.email)).toEqual(['ann.member@list.test']);
    expect((await found({ search: 'sus pend' })).data.map((m: { email: string }) => m.email)).toEqual(['sus.pended@list.test']);
    expect((await found({ search: '_' })).data.map((m: { email: string }) => m.email)).toEqual(['under_score.pending@list.test']);
    expect((await found({ search: '%' })).pagination.total).toBe(0);
    expect((await found({ search: 'nobody-here' })).pagination).toMatchObject({ total: 0, totalPages: 0 });
  });

  it('sorts by email and pages through both kinds', async () => {
    const asc = await found({ sortBy: 'email', sortOrder: 'asc' });
    const emails = asc.data.map((m: { email: string }) => m.email);
    expect(emails).toEqual([...emails].sort());
    const p1 = await found({ sortBy: 'email', sortOrder: 'asc', limit: 2, page: 1 });
    const p3 = await found({ sortBy: 'email', sortOrder: 'asc', limit: 2, page: 3 });
    expect(p1.data.map((m: { email: string }) => m.email)).toEqual(emails.slice(0, 2));
    expect(p3.data.map((m: { email: string }) => m.email)).toEqual(emails.slice(4));
    expect(p3.pagination).toEqual({ page: 3, limit: 2, total: 5, totalPages: 3, hasNext: false, hasPrev: true });
    const byStatus = await found({ sortBy: 'status', sortOrder: 'asc' });
    expect(byStatus.data.map((m: { status: string }) => m.status)).toEqual(['ACTIVE', 'ACTIVE', 'PENDING', 'PENDING', 'SUSPENDED']);
  });

  it.each([
    [{ sortBy: 'name' }, 'sortBy'],
    [{ status: 'ACCEPTED' }, 'status'],
    [{ hasWallet: 'yes' }, 'hasWallet'],
    [{ limit: 101 }, 'limit'],
    [{ page: 0 }, 'page'],
    [{ color: 'red' }, 'color'],
  ])('400 for %j', async (query, field) => {
    const res = await call(list, { headers: h(listOrg), query });
    expect(res.status).toBe(400);
    expect(res.json.details.some((d: string) => d.startsWith(`${field}: `) || d.includes(`"${field}"`))).toBe(true);
  });

  it('never shows another organization’s members; 401 without a key', async () => {
    const json = (await call(list, { headers: h(other), query: { limit: 100 } })).json;
    expect(json.data.some((m: { email: string }) => m.email.endsWith('@list.test'))).toBe(false);
    expect((await call(list, {})).status).toBe(401);
  });
});

describe('A10 GET /cl2c/user/{id}', () => {
  it('returns a member with endUserNfts (share, NFT and its contract)', async () => {
    const m = await inviteAndRegister();
    const db = store;
    const user = (await one(db.select().from(users).where(eq(users.email, m.email))))!;
    const [c] = (await db
      .insert(smartContracts)
      .values({ organizationId: org.organization.id, name: 'Songs', symbol: 'SNG', contractAddress: '0x000000000000000000000000000000000000dEaD' })
      .returning()
      );
    const [n] = (await db
      .insert(nfts)
      .values({ organizationId: org.organization.id, smartContractId: c!.id, name: 'Track 1', supply: 3, status: 'MINTED', mintedAt: new Date('2026-01-02T03:04:05.000Z') })
      .returning()
      );
    await db.insert(copyrightShares).values({ nftId: n!.id, userId: user.id, percentage: 62.5 });

    const res = await call(getOne, { headers: h(), params: { id: m.memberId } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      id: m.memberId,
      kind: 'member',
      email: m.email,
      walletAddress: m.walletAddress,
      status: 'ACTIVE',
      totalNFTs: 1,
      user: { name: 'Grace Hopper', firstName: 'Grace', lastName: 'Hopper', image: null, isRegistered: true },
      invitation: null,
    });
    expect(res.json.endUserNfts).toEqual([
      {
        id: expect.any(String),
        status: 'PENDING',
        percentage: 62.5,
        copyAuthLocation: null,
        copyAuthTimestamp: null,
        nft: {
          id: n!.id,
          status: 'MINTED',
          mintedAt: '2026-01-02T03:04:05.000Z',
          supply: 3,
          name: 'Track 1',
          description: null,
          externalUrl: null,
          imagePath: null,
          smartContract: { id: c!.id, name: 'Songs', symbol: 'SNG', contractAddress: '0x000000000000000000000000000000000000dEaD' },
        },
      },
    ]);
    const listed = await call(list, { headers: h(), query: { search: m.email } });
    expect(listed.json.data[0]).toMatchObject({ id: m.memberId, totalNFTs: 1 });
  });

  it('returns a pending invitation by its id', async () => {
    const email = `detail-${uid()}@example.test`;
    const { results } = await invite([{ email, phone: '+15550101234' }]);
    const res = await call(getOne, { headers: h(), params: { id: results[0]!.id! } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: results[0]!.id,
      kind: 'invitation',
      email,
      status: 'PENDING',
      walletAddress: null,
      endUserNfts: [],
      user: { id: null, isRegistered: false },
      invitation: { phone: '+15550101234', expired: false, sendCount: 1 },
    });
  });

  it('an accepted invitation’s id answers with the member it became', async () => {
    const mine = await inviteAndRegister();
    const byInvitation = await call(getOne, { headers: h(), params: { id: mine.invitationId } });
    const byMembership = await call(getOne, { headers: h(), params: { id: mine.memberId } });
    expect(byInvitation.status, byInvitation.text).toBe(200);
    expect(byInvitation.json).toMatchObject({ id: mine.memberId, kind: 'member', email: mine.email, status: 'ACTIVE', walletAddress: mine.walletAddress });
    expect(byInvitation.json).toEqual(byMembership.json);
    // Removed afterwards: both ids are gone.
    expect((await call(DELETE, { method: 'DELETE', headers: h(), params: { id: mine.memberId } })).status).toBe(200);
    expect((await call(getOne, { headers: h(), params: { id: mine.invitationId } })).status).toBe(404);
  });

  it('404 for unknown ids, other organizations’ members and invitations (pending or accepted)', async () => {
    const theirs = await inviteAndRegister(other);
    const theirPending = (await invite([{ email: `theirs-${uid()}@example.test` }], other)).results[0]!.id!;
    for (const id of ['nope', crypto.randomUUID(), theirs.memberId, theirs.invitationId, theirPending]) {
      const res = await call(getOne, { headers: h(), params: { id } });
      expect(res.status, id).toBe(404);
      expect(res.json).toEqual({ error: 'Member or invitation not found.', details: [] });
    }
  });
});

describe('A11 PUT /cl2c/user/{id}', () => {
  it('409 for resend on a member; 409 naming email for any change of a member’s login e-mail (it is the person’s)', async () => {
    const a = await inviteAndRegister();
    const b = await inviteAndRegister();
    const resend = await call(PUT, { method: 'PUT', headers: h(), params: { id: a.memberId }, body: { resend: true } });
    expect(resend.status).toBe(409);
    expect(resend.json.details).toEqual(['resend: applies only to pending invitations']);
    const taken = await call(PUT, { method: 'PUT', headers: h(), params: { id: a.memberId }, body: { email: b.email.toUpperCase() } });
    expect(taken.status).toBe(409);
    const newEmail = `Renamed-${uid()}@Example.test`;
    const refused = await call(PUT, { method: 'PUT', headers: h(), params: { id: a.memberId }, body: { email: newEmail } });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.details).toEqual([expect.stringMatching(/^email: /)]);
    expect((await one(store.select().from(users).where(eq(users.email, newEmail.toLowerCase()))))).toBeUndefined();
    expect((await one(store.select().from(users).where(eq(users.email, a.email))))).toBeTruthy();
  });

  it('changes an invitation’s e-mail (old link dies) and resends with a new token', async () => {
    const email = `typo-${uid()}@exmaple.test`;
    const { results } = await invite([{ email }]);
    const id = results[0]!.id!;
    const firstToken = await latestToken(email);
    expect((await call(inviteGET, { params: { token: firstToken } })).status).toBe(200);

    const fixed = `fixed-${uid()}@example.test`;
    const res = await call(PUT, { method: 'PUT', headers: h(), params: { id }, body: { email: fixed, resend: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ id, email: fixed, walletAddress: null, resent: true });
    const row = (await one(store.select().from(invitations).where(eq(invitations.id, id))))!;
    expect(row).toMatchObject({ email: fixed, sendCount: 2, status: 'PENDING' });
    const secondToken = await latestToken(fixed);
    expect(secondToken).not.toBe(firstToken);
    expect((await call(inviteGET, { params: { token: firstToken } })).status).toBe(404);
    const info = await call(inviteGET, { params: { token: secondToken } });
    expect(info.json).toMatchObject({ state: 'valid', email: fixed, alreadyRegistered: false });

    // A plain resend rotates the token again.
    const again = await call(PUT, { method: 'PUT', headers: h(), params: { id }, body: { resend: true } });
    expect(again.status).toBe(200);
    const third = await latestToken(fixed);
    expect(third).not.toBe(secondToken);
    expect((await call(inviteGET, { params: { token: secondToken } })).status).toBe(404);
    expect((await call(inviteGET, { params: { token: third } })).status).toBe(200);
  });

  it('409 when an invitation’s new e-mail is a member or already invited', async () => {
    const m = await inviteAndRegister();
    const invitedEmail = `inv-${uid()}@example.test`;
    const { results } = await invite([{ email: `x-${uid()}@example.test` }, { email: invitedEmail }]);
    const id = results[0]!.id!;
    expect((await call(PUT, { method: 'PUT', headers: h(), params: { id }, body: { email: m.email } })).status).toBe(409);
    expect((await call(PUT, { method: 'PUT', headers: h(), params: { id }, body: { email: invitedEmail } })).status).toBe(409);
  });

  it('400 for an invalid e-mail, an empty body or unknown fields; 404 across organizations', async () => {
    const m = await inviteAndRegister();
    for (const body of [{ email: 'nope' }, {}, { email: 'a@b.test', name: 'x' }, { resend: 'yes' }]) {
      const res = await call(PUT, { method: 'PUT', headers: h(), params: { id: m.memberId }, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await call(PUT, { method: 'PUT', headers: h(other), params: { id: m.memberId }, body: { email: `z-${uid()}@example.test` } });
    expect(res.status).toBe(404);
  });
});

describe('A12 DELETE /cl2c/user/{id}', () => {
  it('removes a membership and keeps the copyright shares', async () => {
    const m = await inviteAndRegister();
    const db = store;
    const user = (await one(db.select().from(users).where(eq(users.email, m.email))))!;
    const [c] = await db.insert(smartContracts).values({ organizationId: org.organization.id, name: 'K', symbol: 'K' }).returning();
    const [n] = await db.insert(nfts).values({ organizationId: org.organization.id, smartContractId: c!.id, name: 'N' }).returning();
    await db.insert(copyrightShares).values({ nftId: n!.id, userId: user.id, percentage: 100 });

    const res = await call(DELETE, { method: 'DELETE', headers: h(), params: { id: m.memberId } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toMatch(/removed/);
    expect((await one(db.select().from(userOrganizations).where(eq(userOrganizations.id, m.memberId))))).toBeUndefined();
    expect((await db.select().from(copyrightShares).where(eq(copyrightShares.userId, user.id)))).toHaveLength(1);
    expect((await call(getOne, { headers: h(), params: { id: m.memberId } })).status).toBe(404);
    expect((await call(DELETE, { method: 'DELETE', headers: h(), params: { id: m.memberId } })).status).toBe(404);
  });

  it('revokes an invitation: its link gets a clear “withdrawn” answer', async () => {
    const email = `revoke-${uid()}@example.test`;
    const { results } = await invite([{ email }]);
    const token = await latestToken(email);
    const res = await call(DELETE, { method: 'DELETE', headers: h(), params: { id: results[0]!.id! } });
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/revoked/);
    expect((await one(store.select().from(invitations).where(eq(invitations.id, results[0]!.id!))))!.status).toBe('REVOKED');
    const page = await call(inviteGET, { params: { token } });
    expect(page.status).toBe(410);
    expect(page.json.error).toMatch(/withdrawn/);
    expect((await register(token, { firstName: 'A', lastName: 'B', userName: 'revoked.user' })).status).toBe(410);
    // A revoked e-mail can be invited again.
    expect((await invite([{ email }])).summary.invited).toBe(1);
  });

  it('409 for the owner; 404 for another organization’s member', async () => {
    const owner = (await one(store
      .select()
      .from(userOrganizations)
      .where(and(eq(userOrganizations.organizationId, org.organization.id), eq(userOrganizations.role, 'OWNER')))
      ))!;
    const res = await call(DELETE, { method: 'DELETE', headers: h(), params: { id: owner.id } });
    expect(res.status).toBe(409);
    const theirs = await inviteAndRegister(other);
    expect((await call(DELETE, { method: 'DELETE', headers: h(), params: { id: theirs.memberId } })).status).toBe(404);
  });
});

describe('invitation link', () => {
  it('registers the invitee as an ACTIVE member with a custodial wallet; the link then counts as used', async () => {
    const email = `flow-${uid()}@example.test`;
    await invite([{ email, phone: '+15557654321' }]);
    const token = await latestToken(email);
    const info = await call(inviteGET, { params: { token } });
    expect(info.json).toMatchObject({ state: 'valid', email, organization: { name: org.organization.name } });

    const bad = await register(token, { firstName: '', lastName: 'X', userName: 'ab' });
    expect(bad.status).toBe(400);
    expect(bad.json.details).toEqual(expect.arrayContaining(['firstName: is required', 'userName: must be at least 6 characters']));

    const ok = await register(token, { firstName: 'Flow', lastName: 'Person', userName: `flow.${uid()}` });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.walletAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const detail = await call(getOne, { headers: h(), params: { id: ok.json.memberId } });
    expect(detail.json).toMatchObject({ status: 'ACTIVE', walletAddress: ok.json.walletAddress, user: { phoneNumber: '+15557654321' } });

    const used = await call(inviteGET, { params: { token } });
    expect(used.status).toBe(410);
    expect(used.json.error).toMatch(/already been used/);
    expect((await register(token, { firstName: 'Flow', lastName: 'Person', userName: `flow.${uid()}` })).status).toBe(410);
  });

  it('expired and unknown tokens get clear answers', async () => {
    const email = `late-${uid()}@example.test`;
    const { results } = await invite([{ email }]);
    const token = await latestToken(email);
    await store.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, results[0]!.id!));
    const expired = await call(inviteGET, { params: { token } });
    expect(expired.status).toBe(410);
    expect(expired.json.error).toMatch(/expired/);
    expect((await register(token, { firstName: 'A', lastName: 'B', userName: 'late.user' })).status).toBe(410);
    // Listed as PENDING (so it can be resent) and flagged expired.
    const d = await call(getOne, { headers: h(), params: { id: results[0]!.id! } });
    expect(d.json.invitation.expired).toBe(true);
    // Inviting the e-mail again replaces the expired invitation.
    expect((await invite([{ email }])).summary.invited).toBe(1);
    for (const t of ['x', 'A'.repeat(43)]) expect((await call(inviteGET, { params: { token: t } })).status).toBe(404);
  });

  it('a person already registered elsewhere joins only from their own signed-in session (no form needed)', async () => {
    const elsewhere = await inviteAndRegister(other);
    await invite([{ email: elsewhere.email }]);
    const token = await latestToken(elsewhere.email);
    expect((await call(inviteGET, { params: { token } })).json.alreadyRegistered).toBe(true);
    // The link alone (e.g. held by the inviting admin) is not the person: 401, and nothing is written.
    const anonymous = await register(token, {});
    expect(anonymous.status, anonymous.text).toBe(401);
    expect(anonymous.json.error).toMatch(new RegExp(`sign in as ${elsewhere.email}`, 'i'));
    // Somebody else's session (the inviting admin's) is 403.
    const asAdmin = await register(token, {}, await adminSessionHeaders(org.admin.email));
    expect(asAdmin.status, asAdmin.text).toBe(403);
    expect((await one(store.select().from(invitations).where(and(eq(invitations.email, elsewhere.email), eq(invitations.organizationId, org.organization.id)))))!.status).toBe('PENDING');
    const res = await register(token, {}, await adminSessionHeaders(elsewhere.email, MEMBER_PASSWORD));
    expect(res.status, res.text).toBe(200);
    expect(res.json.walletAddress).toBe(elsewhere.walletAddress);
    expect((await call(getOne, { headers: h(), params: { id: res.json.memberId } })).json.status).toBe('ACTIVE');
    // The invitation is accepted with that membership, and no longer pending.
    const accepted = await store.select().from(invitations).where(and(eq(invitations.email, elsewhere.email), eq(invitations.organizationId, org.organization.id)));
    expect(accepted).toEqual([expect.objectContaining({ status: 'ACCEPTED', userOrganizationId: res.json.memberId })]);
  });

  it('409 on a taken user name, and the invitation stays usable', async () => {
    const first = await inviteAndRegister();
    const user = (await one(store.select().from(users).where(eq(users.email, first.email))))!;
    const email = `clash-${uid()}@example.test`;
    await invite([{ email }]);
    const token = await latestToken(email);
    const clash = await register(token, { firstName: 'A', lastName: 'B', userName: user.userName!.toUpperCase() });
    expect(clash.status).toBe(409);
    expect((await call(inviteGET, { params: { token } })).status).toBe(200);
  });
});
