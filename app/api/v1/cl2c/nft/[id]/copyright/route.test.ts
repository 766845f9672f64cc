import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@/db/schema';
import { auditEvents, outboxEmails, userOrganizations } from '@/lib/storage/tables';
import { DELETE as removeRoute } from '@/app/api/v1/cl2c/user/[id]/route';
import { GET as getB2 } from '@/app/v1/cl2c/nfts/[id]/route';
import { GET as getLink, POST as postLink } from '@/app/api/copyright/[token]/route';
import { POST as createNftRoute } from '@/app/api/v1/cl2c/nft/route';
import { PUT as putNftRoute } from '@/app/api/v1/cl2c/nft/[id]/route';
import { provisionCustodialWallet } from '@/lib/wallets/service';
import { adminSessionHeaders, call, createTestOrg, memberSessionHeaders } from '@/test/helpers';
import { insertContract, insertMember } from '@/test/nft-fixtures';
import { POST as postDecision } from './decision/route';
import { GET } from './route';
import { POST as postResend } from './shares/[shareId]/resend/route';
import { GET as getVerify } from './verify/route';
import { getStore } from '@/lib/storage/current';

/*
 * The copyright routes on the engine of the run (this file is in test/postgres/suite.ts). A8 beside
 * A6-without-holders and A7 (the chain helper's functions, SQLite only for now) is in status.test.ts.
 */

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let contractId: string;
let a: User;
let b: User;
let sessionA: Record<string, string>;
let sessionB: Record<string, string>;

const h = (o: Org = org) => ({ 'x-api-key': o.apiKey });
const b2 = (id: string) =>
  call(getB2, {
    headers: { tenant: org.organization.tenant, 'X-API-Key': org.tenantApiKey },
    params: { id },
  });

async function tokenFor(email: string): Promise<string> {
  const [mail] = await (await getStore())
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, email))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return mail!.text.match(/\/copyright\/([A-Za-z0-9_-]{43})/)![1]!;
}

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  contractId = (await insertContract(org.organization.id)).id;
  a = await insertMember(org.organization.id, { userName: 'ana.holder' });
  b = await insertMember(org.organization.id, { userName: 'ben.holder' });
  sessionA = await memberSessionHeaders(a);
  sessionB = await memberSessionHeaders(b);
  await provisionCustodialWallet(await getStore(), a.id);
  await provisionCustodialWallet(await getStore(), b.id);
});

async function createSplit() {
  const res = await call(createNftRoute, {
    method: 'POST',
    headers: h(),
    body: {
      name: `Routed ${crypto.randomUUID().slice(0, 6)}`,
      smartContractId: contractId,
      licence: 'CC-BY-4.0',
      copyright: [
        { userId: a.id, percentage: 60 },
        { userId: b.id, percentage: 40 },
      ],
    },
  });
  expect(res.status, res.text).toBe(201);
  expect(res.json).toMatchObject({ copyrightStatus: 'AWAITING', licence: 'CC-BY-4.0' });
  return res.json as { id: string; copyright: { id: string; userId: string }[] };
}

describe('Family A copyright extensions', () => {
  it('lists the share states; another organization gets 404', async () => {
    const nft = await createSplit();
    const res = await call(GET, { headers: h(), params: { id: nft.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      nftId: nft.id,
      copyrightStatus: 'AWAITING',
      round: 1,
      licence: { id: 'CC-BY-4.0' },
      record: null,
    });
    expect(res.json.shares).toHaveLength(2);
    expect(res.json.shares[0]).toMatchObject({
      status: 'PENDING',
      memberStatus: 'ACTIVE',
      request: { status: 'OPEN', sendCount: 1 },
    });
    expect((await call(GET, { headers: h(other), params: { id: nft.id } })).status).toBe(404);
  });

  it('resends a pending share (old link dies); 404 for a share of another NFT or organization', async () => {
    const nft = await createSplit();
    const old = await tokenFor(a.email);
    const other1 = await createSplit();
    const share = nft.copyright.find((c) => c.userId === a.id)!;
    const res = await call(postResend, {
      method: 'POST',
      headers: h(),
      params: { id: nft.id, shareId: share.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ shareId: share.id, sendCount: 2 });
    expect((await call(getLink, { params: { token: old } })).status).toBe(410);
    expect((await call(getLink, { params: { token: await tokenFor(a.email) } })).status).toBe(200);
    const foreign = await call(postResend, {
      method: 'POST',
      headers: h(),
      params: { id: other1.id, shareId: share.id },
    });
    expect(foreign.status).toBe(404);
    expect(
      (
        await call(postResend, {
          method: 'POST',
          headers: h(other),
          params: { id: nft.id, shareId: share.id },
        })
      ).status,
    ).toBe(404);
  });

  it('the console decision route is for signed-in holders only (an API key is 403)', async () => {
    const nft = await createSplit();
    const res = await call(postDecision, {
      method: 'POST',
      headers: h(),
      params: { id: nft.id },
      body: { decision: 'AUTHORIZE', location: 'Lisbon' },
    });
    expect(res.status).toBe(403);
  });

  it('A8 answers 400 naming the field for an unknown licence', async () => {
    const nft = await createSplit();
    const bad = await call(putNftRoute, {
      method: 'PUT',
      headers: h(),
      params: { id: nft.id },
      body: { licence: 'GPL-3.0' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.details[0]).toMatch(/^licence: must be one of/);
  });
});

describe('the public authorization link', () => {
  it('shows the NFT, the split and the licence; validates the answer naming the field', async () => {
    const nft = await createSplit();
    const token = await tokenFor(a.email);
    const view = await call(getLink, { params: { token } });
    expect(view.status, view.text).toBe(200);
    expect(view.json).toMatchObject({
      state: 'valid',
      holder: { email: a.email, percentage: 60 },
      licence: { id: 'CC-BY-4.0' },
      split: [
        { holder: '@ana.holder', you: true, percentage: 60, status: 'PENDING' },
        { holder: '@ben.holder', you: false, percentage: 40, status: 'PENDING' },
      ],
    });
    expect(view.headers.get('cache-control')).toBe('no-store');
    const invalid = await call(postLink, {
      method: 'POST',
      params: { token },
      body: { decision: 'AUTHORIZE' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.details).toEqual(['location: is required']);
    expect((await call(GET, { headers: h(), params: { id: nft.id } })).json.shares[0].status).toBe(
      'PENDING',
    );
    expect((await call(getLink, { params: { token: 'nope' } })).status).toBe(404);
  });

  it('reject, then a new round, then both authorize: B2 shows copyrighted true with the signed record', async () => {
    const nft = await createSplit();
    const ok = await call(postLink, {
      method: 'POST',
      params: { token: await tokenFor(a.email) },
      headers: { 'x-forwarded-for': '198.51.100.4', ...sessionA },
      body: { decision: 'AUTHORIZE', location: 'Lisbon, Portugal' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ decision: 'AUTHORIZED', copyrightStatus: 'AWAITING' });
    const no = await call(postLink, {
      method: 'POST',
      params: { token: await tokenFor(b.email) },
      headers: sessionB,
      body: { decision: 'REJECT', location: 'Berlin', reason: 'Split is wrong' },
    });
    expect(no.json).toMatchObject({ decision: 'REJECTED', copyrightStatus: 'REJECTED' });
    expect((await b2(nft.id)).json.copyrighted).toBe(false);

    const edit = await call(putNftRoute, {
      method: 'PUT',
      headers: h(),
      params: { id: nft.id },
      body: {
        copyright: [
          { userId: a.id, percentage: 50 },
          { userId: b.id, percentage: 50 },
        ],
      },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json.copyrightStatus).toBe('AWAITING');
    for (const u of [a, b]) {
      const r = await call(postLink, {
        method: 'POST',
        params: { token: await tokenFor(u.email) },
        headers: u === a ? sessionA : sessionB,
        body: { decision: 'AUTHORIZE', location: 'Somewhere' },
      });
      expect(r.status, r.text).toBe(200);
    }
    const detail = await b2(nft.id);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.json).toMatchObject({ copyrighted: true, licence: 'CC-BY-4.0' });
    expect(detail.json.signature).toMatch(/^0x/);
    expect(JSON.parse(detail.json.copyrightMetadata)).toMatchObject({
      nft: { id: nft.id },
      round: 2,
    });
    expect(detail.json.copyrightedAt).toMatch(/Z$/);
    const verify = await call(getVerify, { headers: h(), params: { id: nft.id } });
    expect(verify.json).toMatchObject({ valid: true, cidMatches: true });
    const state = await call(GET, { headers: h(), params: { id: nft.id } });
    expect(
      state.json.history
        .map((d: { decision: string; round: number }) => `${d.round}:${d.decision}`)
        .sort(),
    ).toEqual(['1:AUTHORIZED', '1:REJECTED', '2:AUTHORIZED', '2:AUTHORIZED']);
  });
});

describe('only the holder decides (issue 26 finding 4 and the re-join low item)', () => {
  const answer = { decision: 'AUTHORIZE', location: 'Lisbon, Portugal' };

  it('the link without a session is 401, an admin session 403 — nothing changes; the holder’s own session decides, with evidence in record and audit', async () => {
    const nft = await createSplit();
    const token = await tokenFor(a.email);
    // Exactly the finding: an admin posting {"decision":"AUTHORIZE","location":"Lisbon, Portugal"} to the link.
    const admin = await call(postLink, {
      method: 'POST',
      params: { token },
      headers: await adminSessionHeaders(org.admin.email),
      body: answer,
    });
    expect(admin.status, admin.text).toBe(403);
    expect(admin.json.error).toMatch(/only the holder/i);
    const anonymous = await call(postLink, { method: 'POST', params: { token }, body: answer });
    expect(anonymous.status, anonymous.text).toBe(401);
    expect(anonymous.json.error).toContain(`Sign in as ${a.email}`);
    // Another holder of the same split is not this holder either.
    expect(
      (await call(postLink, { method: 'POST', params: { token }, headers: sessionB, body: answer }))
        .status,
    ).toBe(403);
    expect(
      (await call(GET, { headers: h(), params: { id: nft.id } })).json.shares.every(
        (s: { status: string }) => s.status === 'PENDING',
      ),
    ).toBe(true);
    for (const res of [admin, anonymous]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    }

    const own = await call(postLink, {
      method: 'POST',
      params: { token },
      headers: { ...sessionA, 'x-forwarded-for': '198.51.100.9' },
      body: answer,
    });
    expect(own.status, own.text).toBe(200);
    expect(own.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    const [event] = await (await getStore())
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, nft.id), eq(auditEvents.action, 'copyright.authorize')));
    expect((event!.data as { evidence: string }).evidence).toMatch(
      new RegExp(
        `^link page: session of user ${a.id}, session id hash [0-9a-f]{16}, at \\d{4}-.*Z, ip `,
      ),
    );
    const refused = await (await getStore())
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, nft.id), eq(auditEvents.action, 'copyright.link_refused')),
      )
      .orderBy(auditEvents.createdAt);
    expect(refused.map((e) => (e.data as { state: string }).state)).toEqual([
      'wrong_person',
      'wrong_person',
    ]);

    const last = await call(postLink, {
      method: 'POST',
      params: { token: await tokenFor(b.email) },
      headers: sessionB,
      body: answer,
    });
    expect(last.json.copyrightStatus).toBe('COPYRIGHTED');
    const record = JSON.parse((await b2(nft.id)).json.copyrightMetadata) as {
      holders: { userId: string; evidence: string }[];
    };
    expect(record.holders.map((x) => x.evidence)).toEqual([
      expect.stringContaining(`session of user ${a.id}`),
      expect.stringContaining(`session of user ${b.id}`),
    ]);
    expect((await call(getVerify, { headers: h(), params: { id: nft.id } })).json).toMatchObject({
      valid: true,
    });
  });

  it('a removed holder’s old link stays dead after they re-join', async () => {
    const c = await insertMember(org.organization.id, {
      userName: `rejoin.${crypto.randomUUID().slice(0, 6)}`,
    });
    await provisionCustodialWallet(await getStore(), c.id);
    const sessionC = await memberSessionHeaders(c);
    const res = await call(createNftRoute, {
      method: 'POST',
      headers: h(),
      body: {
        name: 'Rejoin',
        smartContractId: contractId,
        copyright: [{ userId: c.id, percentage: 100 }],
      },
    });
    expect(res.status, res.text).toBe(201);
    const token = await tokenFor(c.email);
    const [membership] = await (await getStore())
      .select()
      .from(userOrganizations)
      .where(
        and(
          eq(userOrganizations.userId, c.id),
          eq(userOrganizations.organizationId, org.organization.id),
        ),
      );
    expect(
      (await call(removeRoute, { method: 'DELETE', headers: h(), params: { id: membership!.id } }))
        .status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    await (await getStore())
      .insert(userOrganizations)
      .values({ organizationId: org.organization.id, userId: c.id, status: 'ACTIVE' });
    const again = await call(postLink, {
      method: 'POST',
      params: { token },
      headers: await memberSessionHeaders(c),
      body: answer,
    });
    expect(again.status, again.text).toBe(410);
    expect(again.json.details).toEqual(['token: not_member']);
    expect(sessionC).toBeTruthy();
  });
});
