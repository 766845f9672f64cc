/**
 * Issue 26: nobody acts as another person. Each test replays a finding with the exact requests the
 * outside review sent (they passed on ba2b81e) and checks the fixed answer.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as signInRoute } from '@/app/api/auth/[...all]/route';
import { POST as invitePOST } from '@/app/api/invite/[token]/route';
import { GET as contractsGET, POST as contractsPOST } from '@/app/api/v1/cl2c/contract/route';
import { DELETE as removeMember, PUT as updateMember } from '@/app/api/v1/cl2c/user/[id]/route';
import { POST as bulkInvite } from '@/app/api/v1/cl2c/user/bulk/route';
import { GET as outboxGET } from '@/app/api/v1/console/outbox/route';
import { PUT as b6 } from '@/app/v1/cl2c/user/route';
import { GET as b4 } from '@/app/v1/cl2c/users/[id]/route';
import { GET as b3 } from '@/app/v1/cl2c/users/route';
import { apiKeys, auditEvents, invitations, userOrganizations, users } from '@/lib/storage/tables';
import { createApiKey } from '@/lib/api-keys/service';
import { setPassword } from '@/lib/auth/passwords';
import { resetEnvCache } from '@/lib/env';
import { PEER_HEADER } from '@/lib/http/client-address';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { getStore } from '@/lib/storage/current';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let alpha: Org;
let beta: Org;

beforeAll(async () => {
  process.env.RATE_LIMIT_PER_MINUTE = '100000';
  resetEnvCache();
  alpha = await createTestOrg();
  beta = await createTestOrg();
});

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  process.env.RATE_LIMIT_PER_MINUTE = '100000';
  delete process.env.TENANT_RATE_LIMIT_PER_MINUTE;
  resetEnvCache();
});

const keyA = (o: Org) => ({ 'x-api-key': o.apiKey });
const keyB = (o: Org) => ({ tenant: o.organization.tenant, 'x-api-key': o.tenantApiKey });

function signIn(email: string, password: string, peer = '192.0.2.90') {
  return signInRoute(
    new Request('http://127.0.0.1:3999/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3999', [PEER_HEADER]: peer },
      body: JSON.stringify({ email, password }),
    }),
  );
}

describe('finding 2: one organization cannot take over another organization’s owner login', () => {
  it('invite B’s owner, read the link in A’s Outbox, accept it, change the e-mail: every step refused, B unchanged', async () => {
    const boss = beta.admin.email;
    // As org A: invite org B's owner with A13 …
    const invited = await call(bulkInvite, { method: 'POST', headers: keyA(alpha), body: { users: [{ email: boss }] } });
    expect(invited.json.data.summary.invited).toBe(1);
    // … read the link in A's own Outbox (no SMTP: the Outbox shows it, marked for its recipient only) …
    const session = await adminSessionHeaders(alpha.admin.email);
    const outbox = await call(outboxGET, { headers: session, query: { search: boss } });
    const mail = outbox.json.data[0] as { links: string[]; linkNotice: string };
    expect(mail.linkNotice).toContain(`for ${boss} only`);
    const token = mail.links[0]!.split('/invite/')[1]!;
    // … accept it with POST /api/invite/<token> {}: without B's owner's own session it is refused.
    const bare = await call(invitePOST, { method: 'POST', params: { token }, body: {} });
    expect(bare.status, bare.text).toBe(401);
    const asAdminOfA = await call(invitePOST, { method: 'POST', params: { token }, headers: session, body: {} });
    expect(asAdminOfA.status, asAdminOfA.text).toBe(403);
    expect((await (await getStore()).select().from(userOrganizations).where(and(eq(userOrganizations.userId, beta.admin.id), eq(userOrganizations.organizationId, alpha.organization.id))))[0]).toBeUndefined();
    expect((await (await getStore()).select().from(invitations).where(and(eq(invitations.email, boss), eq(invitations.organizationId, alpha.organization.id))))[0]!.status).toBe('PENDING');

    // Even once B's owner joins A of their own will (their own session), A cannot change their login e-mail.
    const joined = await call(invitePOST, { method: 'POST', params: { token }, headers: await adminSessionHeaders(boss), body: {} });
    expect(joined.status, joined.text).toBe(200);
    const takeover = await call(updateMember, {
      method: 'PUT',
      headers: keyA(alpha),
      params: { id: joined.json.memberId },
      body: { email: 'taken-over@evil.test' },
    });
    expect(takeover.status, takeover.text).toBe(409);
    expect(takeover.json.details).toEqual([expect.stringMatching(/^email: /)]);
    // B's owner still signs in with their address; B4 in org B shows it.
    expect((await signIn(boss, 'correct horse battery')).status).toBe(200);
    expect((await signIn('taken-over@evil.test', 'correct horse battery')).status).toBe(401);
    const b4Answer = await call(b4, { headers: keyB(beta), params: { id: beta.admin.id } });
    expect(b4Answer.json.email).toBe(boss);
  });
});

describe('finding 3: API keys die with their owner’s access', () => {
  /** An ADMIN member of alpha with a key of each family, as the console would create them. */
  async function adminMemberWithKeys() {
    const db = await getStore();
    const [user] = await db.insert(users).values({ email: `keyholder-${crypto.randomUUID().slice(0, 8)}@example.test`, name: 'Key Holder', isRegistered: true }).returning();
    const [membership] = await db.insert(userOrganizations).values({ organizationId: alpha.organization.id, userId: user!.id, role: 'ADMIN', status: 'ACTIVE' }).returning();
    await setPassword(await getStore(), user!.id, 'key holder pass');
    const a = await createApiKey(await getStore(), { organizationId: alpha.organization.id, userId: user!.id, family: 'A', name: 'member A' });
    const b = await createApiKey(await getStore(), { organizationId: alpha.organization.id, userId: user!.id, family: 'B', name: 'member B' });
    return { user: user!, membershipId: membership!.id, a: a.key, b: b.key, keyIds: [a.id, b.id] };
  }

  async function answers(k: { a: string; b: string; user: { id: string } }) {
    const hB = { tenant: alpha.organization.tenant, 'x-api-key': k.b };
    return [
      (await call(contractsGET, { headers: { 'x-api-key': k.a } })).status,
      (await call(contractsPOST, { method: 'POST', headers: { 'x-api-key': k.a }, body: { name: 'After removal', symbol: 'AFT' } })).status,
      (await call(b3, { headers: hB })).status,
      (await call(b6, { method: 'PUT', headers: hB, body: { id: k.user.id, firstName: 'Still' } })).status,
    ];
  }

  it('A12 removal: Family A GET/POST and Family B B3/B6 answer 401 afterwards; each revocation is audited', async () => {
    const k = await adminMemberWithKeys();
    expect(await answers(k)).toEqual([200, 201, 200, 200]);
    expect((await call(removeMember, { method: 'DELETE', headers: keyA(alpha), params: { id: k.membershipId } })).status).toBe(200);
    expect(await answers(k)).toEqual([401, 401, 401, 401]);
    const revoked = await (await getStore()).select().from(auditEvents).where(and(eq(auditEvents.organizationId, alpha.organization.id), eq(auditEvents.action, 'api_key.revoke')));
    expect(revoked.filter((e) => k.keyIds.includes(e.entityId!)).map((e) => (e.data as { reason: string }).reason)).toEqual(['member.remove', 'member.remove']);
  });

  it('demoting to MEMBER or suspending revokes the keys in the same change', async () => {
    for (const change of [{ role: 'MEMBER' }, { status: 'SUSPENDED' }] as const) {
      const k = await adminMemberWithKeys();
      const res = await call(updateMember, { method: 'PUT', headers: keyA(alpha), params: { id: k.membershipId }, body: change });
      expect(res.status, res.text).toBe(200);
      expect(await answers(k)).toEqual([401, 401, 401, 401]);
      const rows = await (await getStore()).select().from(apiKeys).where(eq(apiKeys.userId, k.user.id));
      expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    }
  });

  it('the OWNER’s and one’s own membership are not changed; an invitation has no role', async () => {
    const [owner] = await (await getStore()).select().from(userOrganizations).where(and(eq(userOrganizations.userId, alpha.admin.id), eq(userOrganizations.organizationId, alpha.organization.id)));
    expect((await call(updateMember, { method: 'PUT', headers: keyA(alpha), params: { id: owner!.id }, body: { role: 'MEMBER' } })).status).toBe(409);
    const invited = await call(bulkInvite, { method: 'POST', headers: keyA(alpha), body: { users: [{ email: `role-${crypto.randomUUID().slice(0, 6)}@example.test` }] } });
    const res = await call(updateMember, { method: 'PUT', headers: keyA(alpha), params: { id: invited.json.data.results[0].id }, body: { role: 'ADMIN' } });
    expect(res.status).toBe(409);
    expect(res.json.details).toEqual(['role: applies only to memberships']);
  });
});

describe('finding 6: one tenant cannot spend another tenant’s budget', () => {
  it('TRUSTED_PROXIES unset, limit 30: tenant A’s 35 calls from the shared address leave tenant B’s B3 at 200', async () => {
    process.env.RATE_LIMIT_PER_MINUTE = '30';
    resetEnvCache();
    const a = await createTestOrg();
    const b = await createTestOrg();
    const viaProxy = { [PEER_HEADER]: '203.0.113.250', 'x-forwarded-for': '198.51.100.1' };
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await call(b3, { headers: { ...keyB(a), ...viaProxy } })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]); // A's own key budget
    const theirs = await call(b3, { headers: { ...keyB(b), ...viaProxy } });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('ratelimit-limit')).toBe('30');
  });

  it('requests that fail authentication spend the address budget; then even a good key waits', async () => {
    process.env.RATE_LIMIT_PER_MINUTE = '5';
    resetEnvCache();
    const c = await createTestOrg();
    const from = { [PEER_HEADER]: '203.0.113.251' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(contractsGET, { headers: { ...from, 'x-api-key': 'cl2c_a_wrong' } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await call(contractsGET, { headers: { ...from, ...keyA(c) } })).status).toBe(429);
    expect((await call(contractsGET, { headers: { [PEER_HEADER]: '203.0.113.252', ...keyA(c) } })).status).toBe(200);
  });

  it('all keys of one organization share its tenant budget (TENANT_RATE_LIMIT_PER_MINUTE)', async () => {
    process.env.TENANT_RATE_LIMIT_PER_MINUTE = '4';
    resetEnvCache();
    const d = await createTestOrg();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(contractsGET, { headers: keyA(d) })).status);
    for (let i = 0; i < 2; i++) statuses.push((await call(b3, { headers: keyB(d) })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await call(b3, { headers: keyB(beta) })).status).toBe(200);
  });
});
