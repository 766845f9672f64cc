/**
 * Issue 26's identity property: for random sequences of invites, accepts (anonymous, as the
 * inviting admin, as the person), e-mail changes, removals and key creations across three
 * organizations, no operation of one organization changes what another organization's members can
 * sign in with or read: their login e-mails, their memberships there, that organization's B3 list
 * and its keys stay exactly as they were; and every owner still signs in with their own address.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as invitePOST } from '@/app/api/invite/[token]/route';
import { DELETE as removeRoute, PUT as updateRoute } from '@/app/api/v1/cl2c/user/[id]/route';
import { POST as bulk } from '@/app/api/v1/cl2c/user/bulk/route';
import { apiKeys, invitations, outboxEmails, userOrganizations, users } from '@/lib/storage/tables';
import { createApiKey } from '@/lib/api-keys/service';
import { getAuth } from '@/lib/auth/server';
import { resetEnvCache } from '@/lib/env';
import { listTenantUsers } from '@/lib/tenant-users/service';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { getStore } from '@/lib/storage/current';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
const OWNER_PASSWORD = 'correct horse battery';
const MEMBER_PASSWORD = 'member password 1';

type Op =
  | { op: 'invite'; org: number; person: number }
  | { op: 'accept'; org: number; person: number; as: 'anonymous' | 'inviting admin' | 'person' }
  | { op: 'changeEmail'; org: number; person: number }
  | { op: 'remove'; org: number; person: number }
  | { op: 'createKey'; org: number; person: number };

const org = fc.integer({ min: 0, max: 2 });
const person = fc.integer({ min: 0, max: 4 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('invite' as const), org, person }),
  fc.record({ op: fc.constant('accept' as const), org, person, as: fc.constantFrom('anonymous' as const, 'inviting admin' as const, 'person' as const) }),
  fc.record({ op: fc.constant('changeEmail' as const), org, person }),
  fc.record({ op: fc.constant('remove' as const), org, person }),
  fc.record({ op: fc.constant('createKey' as const), org, person }),
);

beforeAll(() => {
  process.env.RATE_LIMIT_PER_MINUTE = '1000000';
  resetEnvCache();
});

/** What an organization's members can sign in with and read, as one comparable value. */
async function snapshot(o: Org) {
  const db = await getStore();
  const members = (
    await db
    .select({ userId: userOrganizations.userId, role: userOrganizations.role, status: userOrganizations.status, email: users.email })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(eq(userOrganizations.organizationId, o.organization.id))
  ).sort((a, b) => a.userId.localeCompare(b.userId));
  const keys = (await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.organizationId, o.organization.id), isNull(apiKeys.revokedAt))))
    .map((k) => k.id)
    .sort();
  return JSON.stringify({ members, keys, b3: await listTenantUsers(db, o.organization.id) });
}

async function latestInvitationToken(o: Org, email: string): Promise<string | null> {
  const [mail] = await (await getStore())
    .select({ text: outboxEmails.text })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.organizationId, o.organization.id), eq(outboxEmails.to, email)))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return mail?.text.match(/\/invite\/([A-Za-z0-9_-]{43})/)?.[1] ?? null;
}

describe('identity property (issue 26)', () => {
  it('no operation of one organization changes what another organization’s members sign in with or read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 8 }), async (ops) => {
        const orgs = [await createTestOrg(), await createTestOrg(), await createTestOrg()];
        const tag = crypto.randomUUID().slice(0, 6);
        // The people: the three owners (takeover targets) and two outsiders.
        const people = [...orgs.map((o) => o.admin.email), `p3-${tag}@example.test`, `p4-${tag}@example.test`];
        const loginEmails = new Map<string, string>(); // userId → e-mail at registration
        for (const o of orgs) loginEmails.set(o.admin.id, o.admin.email);
        const passwords = new Map<string, string>(orgs.map((o) => [o.admin.email, OWNER_PASSWORD]));

        for (const step of ops) {
          const o = orgs[step.org]!;
          const email = people[step.person]!;
          const others = orgs.filter((_, i) => i !== step.org);
          const before = await Promise.all(others.map(snapshot));
          const db = await getStore();
          const [user] = await db.select().from(users).where(eq(users.email, email));
          const [membership] = user
            ? await db.select().from(userOrganizations).where(and(eq(userOrganizations.userId, user.id), eq(userOrganizations.organizationId, o.organization.id)))
            : [];
          if (step.op === 'invite') {
            await call(bulk, { method: 'POST', headers: { 'x-api-key': o.apiKey }, body: { users: [{ email }] } });
          } else if (step.op === 'accept') {
            const token = await latestInvitationToken(o, email);
            if (token) {
              const registered = user?.isRegistered === true;
              const headers =
                step.as === 'inviting admin'
                  ? await adminSessionHeaders(o.admin.email)
                  : step.as === 'person' && registered && passwords.has(email)
                    ? await adminSessionHeaders(email, passwords.get(email))
                    : {};
              const body = registered ? {} : { firstName: 'Prop', lastName: 'Person', userName: `prop.${crypto.randomUUID().slice(0, 8)}`, password: MEMBER_PASSWORD };
              const res = await call(invitePOST, { method: 'POST', params: { token }, headers, body });
              if (registered && step.as !== 'person') expect(res.status, res.text).toBeGreaterThanOrEqual(400);
              if (res.status === 200 && !registered) {
                passwords.set(email, MEMBER_PASSWORD);
                const [created] = await db.select().from(users).where(eq(users.email, email));
                loginEmails.set(created!.id, email);
              }
            }
          } else if (step.op === 'changeEmail') {
            const [invitation] = await db
              .select()
              .from(invitations)
              .where(and(eq(invitations.organizationId, o.organization.id), eq(invitations.email, email), eq(invitations.status, 'PENDING')));
            const id = membership?.id ?? invitation?.id;
            if (id) {
              const res = await call(updateRoute, { method: 'PUT', headers: { 'x-api-key': o.apiKey }, params: { id }, body: { email: `moved-${crypto.randomUUID().slice(0, 6)}@evil.test` } });
              if (membership) expect(res.status, res.text).toBe(409);
            }
          } else if (step.op === 'remove') {
            if (membership) await call(removeRoute, { method: 'DELETE', headers: { 'x-api-key': o.apiKey }, params: { id: membership.id } });
          } else if (user && membership?.status === 'ACTIVE') {
            await createApiKey(await getStore(), { organizationId: o.organization.id, userId: user.id, family: 'A', name: 'prop key' });
          }
          // Nothing organization o did changed what the other organizations' members sign in with or read.
          expect(await Promise.all(others.map(snapshot))).toEqual(before);
          // Nobody's login e-mail changed.
          for (const [userId, loginEmail] of loginEmails) {
            expect((await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email).toBe(loginEmail);
          }
        }
        for (const o of orgs) {
          const res = await (await getAuth()).api.signInEmail({ body: { email: o.admin.email, password: OWNER_PASSWORD }, asResponse: true });
          expect(res.status).toBe(200);
        }
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
