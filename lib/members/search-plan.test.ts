import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { invitations, userOrganizations, users } from '@/db/schema';
import { createTestOrg } from '@/test/helpers';
import { preparedDuring } from '@/test/prepared-statements';
// SQLite's own plans: the engine's page read itself (synchronous), as listMembers calls it.
import { memberPage } from '@/lib/storage/sqlite/lists/members';

/*
 * A9 search, rare term: from the trigram index's hits to their member_list rows by index. At a
 * million rows a migration's new (organization, …) index had no statistics after an earlier
 * ANALYZE, looked cheapest, and the query walked the organization's whole list for every search
 * (15 req/s instead of 360). This file's own database gets statistics, then a fresh index.
 */

/** The statements the page read prepares, with their query plans. */
function plans(run: () => void): { source: string; plan: string }[] {
  const sqlite = getDb().$client;
  const seen = preparedDuring(getDb(), run);
  return seen.map((source) => {
    const params = Array.from(source.matchAll(/\?/g), () => null);
    const rows = sqlite.prepare(`explain query plan ${source}`).all(...params) as { detail: string }[];
    return { source, plan: rows.map((r) => r.detail).join('\n') };
  });
}

describe('A9 rare-term search plan', () => {
  afterEach(() => getDb().$client.exec('DROP TABLE IF EXISTS sqlite_stat1'));

  it('looks members up by user and invitations by (organization, created_at, id), even beside an index created after ANALYZE', async () => {
    const db = getDb();
    const org = await createTestOrg();
    const organizationId = org.organization.id;
    for (let i = 0; i < 60; i++) {
      const user = db.insert(users).values({ email: `plan-${i}-${crypto.randomUUID()}@ex.test`, name: `Person ${i}` }).returning().get();
      db.insert(userOrganizations).values({ organizationId, userId: user.id, status: i % 3 ? 'ACTIVE' : 'SUSPENDED' }).run();
      db.insert(invitations).values({ organizationId, email: `invited-${i}-${crypto.randomUUID()}@ex.test`, tokenHash: crypto.randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) }).run();
    }
    const sqlite = db.$client;
    sqlite.exec('ANALYZE');
    sqlite.exec('DROP INDEX member_list_wallet_status_created_idx');
    sqlite.exec('CREATE INDEX member_list_wallet_status_created_idx ON member_list (organization_id, has_wallet, status, created_at, id)');

    const found = plans(() => {
      const page = memberPage(db, organizationId, { page: 1, limit: 20, search: 'plan-17-', sortBy: 'createdAt', sortOrder: 'desc' });
      expect(page.total).toBe(1);
    });
    const searches = found.filter((s) => /search_users/.test(s.source) && /"member_list" as "ml"/.test(s.source));
    expect(searches.length).toBeGreaterThan(0);
    for (const { source, plan } of searches) {
      // Hits by rowid, then their rows by index: no table or index is walked but the trigram index.
      expect(plan, source).toMatch(/SEARCH cu USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(plan, source).toContain('SEARCH cm USING INDEX member_list_user_idx (user_id=?)');
      expect(plan, source).toMatch(/SEARCH ci USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(plan, source).toContain('SEARCH cm USING INDEX member_list_created_idx (organization_id=? AND created_at=? AND id=?)');
      expect(plan.split('\n').filter((line) => /^SCAN/.test(line) && !/VIRTUAL TABLE/.test(line)), source).toEqual([]);
    }
  });
});

describe('member_list triggers', () => {
  // member_list has no key on id (migration 0018): the triggers that replace or drop a source row's
  // list row must find it by an index's whole key, or every membership or invitation change would
  // scan the table (100k rows in the A13 benchmark).
  it('find the list row of a changed membership or invitation by a point lookup', () => {
    const sqlite = getDb().$client;
    const triggers = sqlite.prepare("select name, sql from sqlite_master where type = 'trigger' and sql like '%DELETE FROM member_list%'").all() as {
      name: string;
      sql: string;
    }[];
    expect(triggers.map((t) => t.name).sort()).toEqual([
      'member_list_invitations_ad',
      'member_list_invitations_au',
      'member_list_members_ad',
      'member_list_members_au',
    ]);
    for (const { name, sql } of triggers) {
      const deletes = [...sql.matchAll(/DELETE FROM member_list WHERE [^;]+/g)].map((m) => m[0].replace(/\bold\.\w+/g, '?'));
      expect(deletes, name).toHaveLength(1);
      const params = Array.from(deletes[0]!.matchAll(/\?/g), () => null);
      const plan = (sqlite.prepare(`explain query plan ${deletes[0]}`).all(...params) as { detail: string }[]).map((r) => r.detail);
      expect(plan, name).toEqual(['SEARCH member_list USING INDEX member_list_created_idx (organization_id=? AND created_at=? AND id=?)']);
    }
  });
});

describe('A9 search: walk or sort', () => {
  /** The page statements (those with an ORDER BY) the page read runs for `search` on page 1. */
  function pageStatements(organizationId: string, search: string, sortBy: 'createdAt' | 'email' = 'createdAt'): string[] {
    return preparedDuring(getDb(), () => memberPage(getDb(), organizationId, { page: 1, limit: 5, search, sortBy, sortOrder: 'desc' })).filter((s) =>
      /order by/i.test(s),
    );
  }

  it('walks the sort index for a term that most rows hold, and sorts the hits of one few rows hold or in e-mail order', async () => {
    const db = getDb();
    const org = await createTestOrg();
    const organizationId = org.organization.id;
    for (let i = 0; i < 60; i++) {
      const name = i % 10 === 0 ? `Seldom Walker ${i}` : `Often Walker ${i}`;
      const user = db.insert(users).values({ email: `choice-${i}-${crypto.randomUUID()}@ex.test`, name }).returning().get();
      db.insert(userOrganizations).values({ organizationId, userId: user.id, status: 'ACTIVE' }).run();
      db.insert(invitations).values({ organizationId, email: `other-${i}-${crypto.randomUUID()}@ex.test`, tokenHash: crypto.randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) }).run();
    }
    // 'walker': 60 of 121 rows match; page 1 is expected within ~10 rows of the start.
    const common = pageStatements(organizationId, 'walker');
    expect(common.length).toBeGreaterThan(0);
    for (const s of common) expect(s).toMatch(/indexed by "member_list_created_idx"/);
    // 'seldom': 6 of 121 rows; the walk would test ~100 rows for page 1, sorting reads 6 hits.
    const rare = pageStatements(organizationId, 'seldom');
    expect(rare.length).toBeGreaterThan(0);
    for (const s of rare) expect(s).toMatch(/"member_list" as "ml" not indexed/);
    // By e-mail a term's matches may sit together (a first name starts the address): never walked.
    const byEmail = pageStatements(organizationId, 'walker', 'email');
    expect(byEmail.length).toBeGreaterThan(0);
    for (const s of byEmail) expect(s).toMatch(/"member_list" as "ml" not indexed/);
    // Either way the answer is the same rows in the same order.
    const answer = (search: string) => memberPage(db, organizationId, { page: 1, limit: 5, search, sortBy: 'createdAt', sortOrder: 'desc' });
    expect(answer('walker').ids).toHaveLength(5);
    expect(answer('seldom').total).toBe(6);
  });
});
