import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { invitations, organizations, userOrganizations, users, wallets } from '@/db/schema';
import { likePattern } from '@/lib/storage/like';
import { check, reindex } from '@/lib/storage/sqlite/search/maintenance';
import { memberListColumns, memberListProblems } from '@/lib/storage/sqlite/search/member-list';
import { searchTuning } from '@/lib/storage/sqlite/search/tuning';
import { preparedDuring } from '@/test/prepared-statements';
import { listMembers } from './service';
import type { ListMembersQuery } from './schemas';

/*
 * A9 over the derived `member_list` table: random raw writes on memberships, invitations, users
 * and wallets (no service function, so only the triggers can keep the table right) must keep it
 * equal to a recomputation, `db check` must pass, and every listMembers answer — filters × sorts ×
 * pages × search, through both the rare (trigram rowids) and the common (walk the sort index)
 * paths — must equal a brute-force model: the old UNION ALL over the base tables, fully sorted.
 */

const names = ['Ann Harbor', 'harbor', 'Bob É', 'straße', 'a_b', '50%', 'x', 'Kelvin', 'zed'];
const terms = ['a', 'ab', 'é', '%', '_', 'har', 'HARBOR', 'r h', 'ex.test', 'ann', 'kel', 'zzz', '@ex', 'b É'];
// Few distinct stamps, so equal sort values are common and the id tie-breaker decides.
const stamps = [1, 2, 3].map((d) => new Date(Date.UTC(2026, 0, d)));
const memberStatuses = ['ACTIVE', 'SUSPENDED'] as const;
const invitationStatuses = ['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;

type Op =
  | { op: 'addMember'; name: string; status: (typeof memberStatuses)[number]; t: number }
  | { op: 'updateMember'; i: number; status: (typeof memberStatuses)[number]; t: number }
  | { op: 'removeMember'; i: number }
  | { op: 'addInvitation'; name: string; status: (typeof invitationStatuses)[number]; t: number }
  | { op: 'updateInvitation'; i: number; status: (typeof invitationStatuses)[number]; name: string | null }
  | { op: 'deleteInvitation'; i: number }
  | { op: 'updateUser'; i: number; name: string; email: boolean }
  | { op: 'deleteUser'; i: number }
  | { op: 'addWallet'; i: number; primary: boolean }
  | { op: 'togglePrimary'; i: number }
  | { op: 'moveWallet'; i: number; to: number }
  | { op: 'deleteWallet'; i: number };

const pick = fc.nat({ max: 40 });
const t = fc.nat({ max: stamps.length - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('addMember' as const), name: fc.constantFrom(...names), status: fc.constantFrom(...memberStatuses), t }),
  fc.record({ op: fc.constant('addMember' as const), name: fc.constantFrom(...names), status: fc.constantFrom(...memberStatuses), t }),
  fc.record({ op: fc.constant('updateMember' as const), i: pick, status: fc.constantFrom(...memberStatuses), t }),
  fc.record({ op: fc.constant('removeMember' as const), i: pick }),
  fc.record({ op: fc.constant('addInvitation' as const), name: fc.constantFrom(...names), status: fc.constantFrom(...invitationStatuses), t }),
  fc.record({ op: fc.constant('addInvitation' as const), name: fc.constantFrom(...names), status: fc.constant('PENDING' as const), t }),
  fc.record({
    op: fc.constant('updateInvitation' as const),
    i: pick,
    status: fc.constantFrom(...invitationStatuses),
    name: fc.option(fc.constantFrom(...names), { nil: null }),
  }),
  fc.record({ op: fc.constant('deleteInvitation' as const), i: pick }),
  fc.record({ op: fc.constant('updateUser' as const), i: pick, name: fc.constantFrom(...names), email: fc.boolean() }),
  fc.record({ op: fc.constant('deleteUser' as const), i: pick }),
  fc.record({ op: fc.constant('addWallet' as const), i: pick, primary: fc.boolean() }),
  fc.record({ op: fc.constant('togglePrimary' as const), i: pick }),
  fc.record({ op: fc.constant('moveWallet' as const), i: pick, to: pick }),
  fc.record({ op: fc.constant('deleteWallet' as const), i: pick }),
);

const at = <T,>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);
const slug = (name: string) => name.toLowerCase().replace(/\s/g, '.');

/** Applies one operation with plain Drizzle writes on the base tables. */
function apply(organizationId: string, o: Op) {
  const db = getDb();
  const ids = (table: 'user_organizations' | 'invitations') =>
    db.all<{ id: string }>(sql`select id from ${sql.identifier(table)} where organization_id = ${organizationId} order by rowid`).map((r) => r.id);
  const userIds = () =>
    db.all<{ id: string }>(sql`select user_id as id from user_organizations where organization_id = ${organizationId} order by rowid`).map((r) => r.id);
  const walletIds = () =>
    db.all<{ id: string; primary: number; user: string }>(sql`select w.id, w.is_primary as "primary", w.user_id as "user" from wallets w
      join user_organizations uo on uo.user_id = w.user_id where uo.organization_id = ${organizationId} order by w.rowid`);
  switch (o.op) {
    case 'addMember': {
      const [first, last] = o.name.split(' ');
      const user = db
        .insert(users)
        .values({ email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test`, name: o.name, userName: slug(o.name) + crypto.randomUUID().slice(0, 12), firstName: first, lastName: last ?? null })
        .returning()
        .get();
      db.insert(userOrganizations).values({ organizationId, userId: user.id, status: o.status, createdAt: stamps[o.t], updatedAt: stamps[o.t] }).run();
      return;
    }
    case 'updateMember': {
      const id = at(ids('user_organizations'), o.i);
      if (id) db.update(userOrganizations).set({ status: o.status, updatedAt: stamps[o.t] }).where(eq(userOrganizations.id, id)).run();
      return;
    }
    case 'removeMember': {
      const id = at(ids('user_organizations'), o.i);
      if (id) db.delete(userOrganizations).where(eq(userOrganizations.id, id)).run();
      return;
    }
    case 'addInvitation':
      db.insert(invitations)
        .values({
          organizationId,
          email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test`,
          status: o.status,
          tokenHash: crypto.randomUUID(),
          expiresAt: stamps[o.t]!,
          createdAt: stamps[o.t],
          updatedAt: stamps[o.t],
        })
        .run();
      return;
    case 'updateInvitation': {
      const id = at(ids('invitations'), o.i);
      const email = o.name === null ? {} : { email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test` };
      if (id) db.update(invitations).set({ status: o.status, ...email }).where(eq(invitations.id, id)).run();
      return;
    }
    case 'deleteInvitation': {
      const id = at(ids('invitations'), o.i);
      if (id) db.delete(invitations).where(eq(invitations.id, id)).run();
      return;
    }
    case 'updateUser': {
      const id = at(userIds(), o.i);
      const email = o.email ? { email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test` } : {};
      const [first, last] = o.name.split(' ');
      if (id) db.update(users).set({ name: o.name, firstName: first, lastName: last ?? null, ...email }).where(eq(users.id, id)).run();
      return;
    }
    case 'deleteUser': {
      const id = at(userIds(), o.i);
      if (id) db.delete(users).where(eq(users.id, id)).run();
      return;
    }
    case 'addWallet': {
      const userId = at(userIds(), o.i);
      if (!userId) return;
      const hasPrimary = db.all(sql`select 1 from wallets where user_id = ${userId} and is_primary = 1`).length > 0;
      db.insert(wallets).values({ userId, address: `0x${crypto.randomUUID().replace(/-/g, '')}`, isPrimary: o.primary && !hasPrimary }).run();
      return;
    }
    case 'togglePrimary': {
      const w = at(walletIds(), o.i);
      if (!w) return;
      if (w.primary) db.update(wallets).set({ isPrimary: false }).where(eq(wallets.id, w.id)).run();
      else {
        db.update(wallets).set({ isPrimary: false }).where(eq(wallets.userId, w.user)).run();
        db.update(wallets).set({ isPrimary: true }).where(eq(wallets.id, w.id)).run();
      }
      return;
    }
    case 'moveWallet': {
      const w = at(walletIds(), o.i);
      const to = at(userIds(), o.to);
      if (w && to) {
        db.update(wallets).set({ isPrimary: false }).where(eq(wallets.userId, to)).run();
        db.update(wallets).set({ userId: to }).where(eq(wallets.id, w.id)).run();
      }
      return;
    }
    case 'deleteWallet': {
      const w = at(walletIds(), o.i);
      if (w) db.delete(wallets).where(eq(wallets.id, w.id)).run();
      return;
    }
  }
}

const sortColumn = { createdAt: 'created_at', updatedAt: 'updated_at', email: 'email', status: 'status' } as const;

/** The old A9 query, unbounded: both branches over the base tables, every matching row sorted. */
function model(organizationId: string, q: ListMembersQuery): { ids: string[]; total: number } {
  const db = getDb();
  const p = q.search ? likePattern(q.search) : null;
  const dir = sql.raw(q.sortOrder);
  const rows = db.all<{ id: string }>(sql`select id from (
      select uo.id, u.email, uo.status, uo.created_at, uo.updated_at,
        exists (select 1 from wallets w where w.user_id = u.id and w.is_primary = 1) as has_wallet,
        (${p} is null or u.email like ${p} escape '\\' or u.name like ${p} escape '\\' or u.user_name like ${p} escape '\\'
          or (u.first_name || ' ' || u.last_name) like ${p} escape '\\') as hit
      from user_organizations uo join users u on u.id = uo.user_id where uo.organization_id = ${organizationId}
      union all
      select id, email, 'PENDING', created_at, updated_at, 0, (${p} is null or email like ${p} escape '\\')
      from invitations where organization_id = ${organizationId} and status = 'PENDING')
    where hit and (${q.status ?? null} is null or status = ${q.status ?? null})
      and (${q.hasWallet === undefined ? null : Number(q.hasWallet)} is null or has_wallet = ${q.hasWallet === undefined ? null : Number(q.hasWallet)})
    order by ${sql.identifier(sortColumn[q.sortBy])} ${dir}${q.sortBy === 'status' ? sql`, created_at ${dir}` : sql``}, id ${dir}`);
  const start = (q.page - 1) * q.limit;
  return { ids: rows.slice(start, start + q.limit).map((r) => r.id), total: rows.length };
}

const queryArb: fc.Arbitrary<ListMembersQuery> = fc.record({
  page: fc.integer({ min: 1, max: 8 }),
  limit: fc.integer({ min: 1, max: 4 }),
  search: fc.option(fc.constantFrom(...terms), { nil: null }),
  status: fc.option(fc.constantFrom('ACTIVE', 'SUSPENDED', 'PENDING' as const), { nil: undefined }),
  hasWallet: fc.option(fc.boolean(), { nil: undefined }),
  sortBy: fc.constantFrom('createdAt', 'updatedAt', 'email', 'status' as const),
  sortOrder: fc.constantFrom('asc', 'desc' as const),
});

const tuning = { ...searchTuning };

function compare(organizationId: string, q: ListMembersQuery) {
  const want = model(organizationId, q);
  // Each plan of a search: the hits always sorted (walk ratio 0), the sort index always walked
  // (memberCommonHits 1: every term with a trigram hit is common), and the production choice.
  // The walk also bounded to 0 and 2 rows: pages it does not fill are read off the sorted hits.
  const plans = [
    [10_000, 0, tuning.walkBudget],
    [1, 0, tuning.walkBudget],
    [1, 0, 0],
    [1, 0, 2],
    [tuning.memberCommonHits, tuning.memberWalkRatio, tuning.walkBudget],
  ] as const;
  for (const [commonHits, walkRatio, walkBudget] of plans) {
    searchTuning.memberCommonHits = commonHits;
    searchTuning.memberWalkRatio = walkRatio;
    searchTuning.walkBudget = walkBudget;
    searchTuning.walkPerHit = walkBudget === tuning.walkBudget ? tuning.walkPerHit : 0;
    const got = listMembers(getDb(), organizationId, q);
    const what = `${JSON.stringify(q)} commonHits ${commonHits} walkRatio ${walkRatio} walkBudget ${walkBudget}`;
    expect(got.pagination.total, what).toBe(want.total);
    expect(got.data.map((d) => d.id), what).toEqual(want.ids);
  }
}

describe('A9 member_list', () => {
  // Anchors every 3 rows, so deep pages go through the anchor cache even on a few dozen rows.
  beforeAll(() => {
    searchTuning.anchorInterval = 3;
  });
  afterAll(() => {
    Object.assign(searchTuning, tuning);
  });

  it('stays equal to its recomputation under random writes, and listMembers equals the brute-force model', () => {
    const db = getDb();
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 25 }), fc.array(queryArb, { minLength: 4, maxLength: 8 }), (ops, queries) => {
        const org = db.insert(organizations).values({ name: 'list', tenant: `list-${crypto.randomUUID()}` }).returning().get();
        const other = db.insert(organizations).values({ name: 'other', tenant: `other-${crypto.randomUUID()}` }).returning().get();
        const start: Op[] = [
          { op: 'addMember', name: 'Ann Harbor', status: 'ACTIVE', t: 0 },
          { op: 'addMember', name: 'Bob É', status: 'SUSPENDED', t: 0 },
          { op: 'addWallet', i: 0, primary: true },
          { op: 'addInvitation', name: 'harbor', status: 'PENDING', t: 0 },
        ];
        for (const o of start) apply(org.id, o);
        ops.forEach((o, i) => {
          apply(org.id, o);
          if (i % 3 === 0) apply(other.id, o);
          expect(memberListProblems(db.$client, 10), JSON.stringify(o)).toEqual([]);
          expect(check(db.$client).problems, JSON.stringify(o)).toEqual([]);
          // Interleave reads with writes so cached totals are exercised across writes.
          if (i % 4 === 3) compare(org.id, queries[i % queries.length]!);
        });
        for (const q of queries) compare(org.id, q);
      }),
      { numRuns: 25 },
    );
  });

  it('gives every page of every sort and filter in the model\'s order (status ties by createdAt, across anchors)', () => {
    const db = getDb();
    const org = db.insert(organizations).values({ name: 'pages', tenant: `pages-${crypto.randomUUID()}` }).returning().get();
    // Few statuses and three creation times: long runs of ties whose createdAt order is not the ids'.
    for (let i = 0; i < 24; i++) apply(org.id, { op: 'addMember', name: names[i % names.length]!, status: memberStatuses[i % 2]!, t: (i * 7) % 3 });
    for (let i = 0; i < 9; i++) apply(org.id, { op: 'addInvitation', name: names[i % names.length]!, status: 'PENDING', t: (i * 5) % 3 });
    for (let i = 0; i < 6; i++) apply(org.id, { op: 'addWallet', i: i * 3, primary: true });
    const filters: Partial<ListMembersQuery>[] = [{}, { status: 'ACTIVE' }, { hasWallet: false }, { hasWallet: true }];
    for (const sortBy of ['createdAt', 'updatedAt', 'email', 'status'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        for (const filter of filters) {
          for (const limit of [1, 2, 5]) {
            for (let page = 1; page <= Math.ceil(33 / limit) + 1; page++) compare(org.id, { page, limit, search: null, sortBy, sortOrder, ...filter });
          }
        }
      }
    }
  });

  it('db check fails after member_list is changed behind its back, and db reindex repairs it', () => {
    const db = getDb();
    const sqlite = db.$client;
    const org = db.insert(organizations).values({ name: 'tamper', tenant: `tamper-${crypto.randomUUID()}` }).returning().get();
    apply(org.id, { op: 'addMember', name: 'Ann Harbor', status: 'ACTIVE', t: 0 });
    apply(org.id, { op: 'addInvitation', name: 'harbor', status: 'PENDING', t: 1 });
    expect(check(sqlite).problems).toEqual([]);
    const tamperings: [string, string][] = [
      ['email', `update member_list set email = 'someone@else.test' where organization_id = '${org.id}' and kind = 'member'`],
      ['has_wallet', `update member_list set has_wallet = 1 where organization_id = '${org.id}' and kind = 'member'`],
      ['status', `update member_list set status = 'SUSPENDED' where organization_id = '${org.id}' and kind = 'member'`],
      ['sort value', `update member_list set created_at = created_at + 1 where organization_id = '${org.id}' and kind = 'invitation'`],
      ['missing row', `delete from member_list where organization_id = '${org.id}' and kind = 'invitation'`],
      ['extra row', `insert into member_list (id, organization_id, kind, email, status, created_at, updated_at) values ('ghost', '${org.id}', 'invitation', 'g@x.test', 'PENDING', 1, 1)`],
      [
        'repeated row',
        `insert into member_list (${memberListColumns}) select ${memberListColumns} from member_list where organization_id = '${org.id}' and kind = 'member'`,
      ],
      ['base row written with the triggers off', `drop trigger member_list_invitations_au; update invitations set status = 'REVOKED' where organization_id = '${org.id}'`],
    ];
    const ddl = (sqlite.prepare("select sql from sqlite_master where name = 'member_list_invitations_au'").get() as { sql: string }).sql;
    for (const [what, statement] of tamperings) {
      sqlite.exec(statement);
      const result = check(sqlite);
      expect(result.ok, what).toBe(false);
      expect(result.problems.join('\n'), what).toMatch(/member_list/);
      reindex(sqlite);
      expect(check(sqlite).problems, `${what} after reindex`).toEqual([]);
    }
    sqlite.exec(ddl);
    expect(listMembers(db, org.id, { page: 1, limit: 20, search: null, sortBy: 'createdAt', sortOrder: 'desc' }).data.map((d) => d.kind)).toEqual(['member']);
  });

  it('reads every page off an (organization[, filter], sort, id) index, without sorting', () => {
    const db = getDb();
    const sqlite = db.$client;
    const org = db.insert(organizations).values({ name: 'plan', tenant: `plan-${crypto.randomUUID()}` }).returning().get();
    for (let i = 0; i < 30; i++) apply(org.id, { op: 'addMember', name: names[i % names.length]!, status: memberStatuses[i % 2]!, t: i % 3 });
    for (let i = 0; i < 10; i++) apply(org.id, { op: 'addInvitation', name: names[i % names.length]!, status: 'PENDING', t: i % 3 });
    const filters: [string, Partial<ListMembersQuery>, string][] = [
      ['none', {}, 'member_list'],
      ['status', { status: 'ACTIVE' }, 'member_list_status'],
      ['hasWallet', { hasWallet: false }, 'member_list_wallet'],
    ];
    for (const sortBy of ['createdAt', 'updatedAt', 'email', 'status'] as const) {
      for (const [name, filter, prefix] of filters) {
        const statements = preparedDuring(db, () => {
          listMembers(db, org.id, { page: 3, limit: 4, search: null, sortBy, sortOrder: 'desc', ...filter });
        });
        const paging = statements.filter((s) => /from "member_list" as "ml"/.test(s) && /order by/.test(s));
        // The anchor steps and the page read (lib/storage/sqlite/search/anchors.ts): every one an index range.
        expect(paging.length, `${sortBy} × ${name}`).toBeGreaterThan(0);
        // `status` sorts its ties by created_at: (organization[, filter], status, created_at, id).
        const column = { createdAt: 'created', updatedAt: 'updated', email: 'email', status: 'status_created' }[sortBy];
        const index = name === 'status' && sortBy === 'status' ? 'member_list_status_created_idx' : `${prefix}_${column}_idx`;
        for (const source of paging) {
          const params = Array.from(source.matchAll(/\?/g), () => null);
          const plan = (sqlite.prepare(`explain query plan ${source}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
          expect(plan, `${sortBy} × ${name}: ${source}`).toContain(`USING COVERING INDEX ${index}`);
          // The anchors' NULL segment is an empty index range here (the sort columns are NOT NULL).
          if (!/ is null /.test(source)) expect(plan, `${sortBy} × ${name}: ${source}`).not.toMatch(/TEMP B-TREE/);
        }
      }
    }
  });
});
