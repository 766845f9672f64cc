import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { invitations, userOrganizations, users } from '@/db/schema';
import { createTestOrg } from '@/test/helpers';
import { pendingInvitationsTo } from './pending-invitations';

const uid = () => crypto.randomUUID().slice(0, 8);
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000);

function invite(organizationId: string, email: string, status: 'PENDING' | 'EXPIRED' | 'REVOKED' = 'PENDING') {
  return getDb().insert(invitations).values({ organizationId, email, status, tokenHash: crypto.randomUUID(), expiresAt: inAWeek() }).returning().get().id;
}

function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const rows = getDb().$client.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[];
  return rows.map((r) => r.detail).join('\n');
}

describe('pendingInvitationsTo', () => {
  it("matches the organization's pending invitations to the e-mails, and nothing else", async () => {
    const db = getDb();
    const [one, two] = [await createTestOrg(), await createTestOrg()];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => `${x}-${uid()}@pending.test`) as [string, string, string, string];
    const wanted = [invite(one.organization.id, a), invite(one.organization.id, b)];
    invite(one.organization.id, c, 'EXPIRED');
    invite(one.organization.id, c, 'REVOKED');
    invite(two.organization.id, a); // another organization's
    invite(one.organization.id, `other-${uid()}@pending.test`); // not asked for
    const user = db.insert(users).values({ email: d, name: 'Member' }).returning().get();
    db.insert(userOrganizations).values({ organizationId: one.organization.id, userId: user.id, status: 'ACTIVE' }).run(); // a member, not an invitation

    const found = db.select({ id: invitations.id }).from(invitations).where(pendingInvitationsTo({ engine: 'sqlite' }, one.organization.id, [a, b, c, d])).all();
    expect(found.map((r) => r.id).sort()).toEqual([...wanted].sort());

    // An invitation that stops being PENDING stops matching.
    db.update(invitations).set({ status: 'ACCEPTED' }).where(eq(invitations.id, wanted[0]!)).run();
    expect(db.select({ id: invitations.id }).from(invitations).where(pendingInvitationsTo({ engine: 'sqlite' }, one.organization.id, [a])).all()).toEqual([]);
  });

  it('looks the e-mails up by index and the invitations by id, with no walk over the organization', async () => {
    const db = getDb();
    const org = await createTestOrg();
    for (let i = 0; i < 30; i++) invite(org.organization.id, `walk-${i}-${uid()}@pending.test`);
    const where = pendingInvitationsTo({ engine: 'sqlite' }, org.organization.id, ['x@pending.test', 'y@pending.test']);
    for (const query of [db.select().from(invitations).where(where), db.update(invitations).set({ status: 'ACCEPTED' }).where(where)]) {
      const detail = plan(query);
      expect(detail).toMatch(/SEARCH invitations USING INDEX sqlite_autoindex_invitations_1 \(id=\?\)/);
      expect(detail).toMatch(/SEARCH member_list USING INDEX member_list_status_email_idx \(organization_id=\? AND status=\? AND email=\?\)/);
      expect(detail).not.toMatch(/SCAN|invitations_org_status/);
    }
  });
});
