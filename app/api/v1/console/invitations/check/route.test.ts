import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as bulk } from '@/app/api/v1/cl2c/user/bulk/route';
import { invitations } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { POST } from './route';

let org: Awaited<ReturnType<typeof createTestOrg>>;
let other: Awaited<ReturnType<typeof createTestOrg>>;

const invitationCount = async () => Number((await (await getStore()).select({ n: sql<number>`count(*)` }).from(invitations))[0]!.n);

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  const invite = (key: string, emails: string[]) =>
    call(bulk, { method: 'POST', headers: { 'x-api-key': key }, body: { users: emails.map((email) => ({ email })) } });
  expect((await invite(org.apiKey, ['pending@check.test', 'stale@check.test'])).status).toBe(200);
  // Another organization's member and invitation say nothing about this one.
  expect((await invite(other.apiKey, ['theirs@check.test'])).status).toBe(200);
  const store = await getStore();
  await store.transaction(async (tx) => {
    await registerUserInOrganizationIn(tx, org.organization.id, { email: 'member@check.test', firstName: 'M', lastName: 'Ember', userName: `member_${Date.now()}` });
    await registerUserInOrganizationIn(tx, other.organization.id, { email: 'their-member@check.test', firstName: 'T', lastName: 'Heirs', userName: `theirs_${Date.now()}` });
  });
  await store.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.email, 'stale@check.test'));
});

describe('POST /api/v1/console/invitations/check', () => {
  it('says per e-mail, in order, what A13 would do — and writes nothing', async () => {
    const before = await invitationCount();
    const emails = [' Member@Check.test ', 'pending@check.test', 'stale@check.test', 'new@check.test', 'theirs@check.test', 'their-member@check.test', '', 'nope', 'new@check.test'];
    const res = await call(POST, { method: 'POST', headers: { 'x-api-key': org.apiKey }, body: { emails } });
    expect(res.status).toBe(200);
    const results = res.json.data.results as { email: string; status: string; id: string | null; reason: string }[];
    expect(results.map((r) => [r.email, r.status])).toEqual([
      ['member@check.test', 'member'],
      ['pending@check.test', 'invited'],
      // An expired invitation is invited again by A13, so the preview counts it as new.
      ['stale@check.test', 'new'],
      ['new@check.test', 'new'],
      ['theirs@check.test', 'new'],
      ['their-member@check.test', 'new'],
      ['', 'invalid'],
      ['nope', 'invalid'],
      ['new@check.test', 'new'],
    ]);
    expect(results[0]!.id).toEqual(expect.any(String));
    expect(results[1]!.id).toEqual(expect.any(String));
    expect(results[6]!.reason).toBe('email: is required');
    expect(results[7]!.reason).toBe('email: must be a valid e-mail address');
    expect(await invitationCount()).toBe(before);

    // And it agrees with the send itself.
    const sent = await call(bulk, { method: 'POST', headers: { 'x-api-key': org.apiKey }, body: { users: emails.slice(0, 4).map((email) => ({ email })) } });
    expect(sent.json.data.results.map((r: { status: string }) => r.status)).toEqual(['skipped', 'skipped', 'invited', 'invited']);
  });

  it('works for the console session; 400 naming the field for an empty or oversized list; 401 without a key', async () => {
    const session = await adminSessionHeaders(org.admin.email);
    const ok = await call(POST, { method: 'POST', headers: session, body: { emails: ['pending@check.test'] } });
    expect(ok.status).toBe(200);
    expect(ok.json.data.results[0].status).toBe('invited');
    const empty = await call(POST, { method: 'POST', headers: { 'x-api-key': org.apiKey }, body: { emails: [] } });
    expect(empty.status).toBe(400);
    expect(empty.json.details).toEqual(['emails: must contain at least 1 e-mail']);
    const tooMany = await call(POST, { method: 'POST', headers: { 'x-api-key': org.apiKey }, body: { emails: Array.from({ length: 1001 }, (_, i) => `p${i}@check.test`) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.details).toEqual(['emails: must contain at most 1000 e-mails']);
    expect((await call(POST, { method: 'POST', body: { emails: ['a@b.test'] } })).status).toBe(401);
  });
});
