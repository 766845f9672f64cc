import { and, asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, organizations, userOrganizations, users, wallets } from '@/db/tables';
import { getStore } from '@/lib/storage/current';
import { memberExportChunk } from '@/lib/storage/member-list';
import { processEngine } from '@/lib/storage/engine';
import { pgListTuning } from '@/lib/storage/postgres/lists/paging';
import { check, reindex } from '@/lib/storage/sqlite/search/maintenance';
import { memberListColumns, memberListProblems } from '@/lib/storage/sqlite/search/member-list';
import { searchTuning } from '@/lib/storage/sqlite/search/tuning';
import { memberPage as sqliteMemberPage } from '@/lib/storage/sqlite/lists/members';
import { sqliteDbOf } from '@/lib/storage/sqlite/store';
import type { Store } from '@/lib/storage/store';
import { preparedDuring } from '@/test/prepared-statements';
import { listMembers } from './service';
import type { ListMembersQuery } from './schemas';

/*
 * A9 over the derived `member_list` table, on the engine of the run: random raw writes on
 * memberships, invitations, users and wallets (no service function, so only the triggers can keep
 * the table right) must keep every listMembers answer — filters × sorts × pages × search, through
 * each search plan of the engine — equal to a brute-force model computed in JavaScript from the base
 * tables. On SQLite, member_list also equals its recomputation and `db check` passes after every write.
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
async function apply(store: Store, organizationId: string, o: Op) {
  // Any fixed order picks the i-th row; ids are random, so this one is as good as insertion order.
  const ids = async (table: typeof userOrganizations | typeof invitations) =>
    (await store.select({ id: table.id }).from(table).where(eq(table.organizationId, organizationId)).orderBy(asc(table.id))).map((r) => r.id);
  const userIds = async () =>
    (await store.select({ id: userOrganizations.userId }).from(userOrganizations).where(eq(userOrganizations.organizationId, organizationId)).orderBy(asc(userOrganizations.id))).map((r) => r.id);
  const walletIds = async () => {
    const people = await userIds();
    if (!people.length) return [];
    return store
      .select({ id: wallets.id, primary: wallets.isPrimary, user: wallets.userId })
      .from(wallets)
      .where(inArray(wallets.userId, people))
      .orderBy(asc(wallets.id));
  };
  switch (o.op) {
    case 'addMember': {
      const [first, last] = o.name.split(' ');
      const [user] = await store
        .insert(users)
        .values({ email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test`, name: o.name, userName: slug(o.name) + crypto.randomUUID().slice(0, 12), firstName: first, lastName: last ?? null })
        .returning();
      await store.insert(userOrganizations).values({ organizationId, userId: user!.id, status: o.status, createdAt: stamps[o.t], updatedAt: stamps[o.t] });
      return;
    }
    case 'updateMember': {
      const id = at(await ids(userOrganizations), o.i);
      if (id) await store.update(userOrganizations).set({ status: o.status, updatedAt: stamps[o.t] }).where(eq(userOrganizations.id, id));
      return;
    }
    case 'removeMember': {
      const id = at(await ids(userOrganizations), o.i);
      if (id) await store.delete(userOrganizations).where(eq(userOrganizations.id, id));
      return;
    }
    case 'addInvitation':
      await store.insert(invitations).values({
        organizationId,
        email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test`,
        status: o.status,
        tokenHash: crypto.randomUUID(),
        expiresAt: stamps[o.t]!,
        createdAt: stamps[o.t],
        updatedAt: stamps[o.t],
      });
      return;
    case 'updateInvitation': {
      const id = at(await ids(invitations), o.i);
      const email = o.name === null ? {} : { email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test` };
      if (id) await store.update(invitations).set({ status: o.status, ...email }).where(eq(invitations.id, id));
      return;
    }
    case 'deleteInvitation': {
      const id = at(await ids(invitations), o.i);
      if (id) await store.delete(invitations).where(eq(invitations.id, id));
      return;
    }
    case 'updateUser': {
      const id = at(await userIds(), o.i);
      const email = o.email ? { email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test` } : {};
      const [first, last] = o.name.split(' ');
      if (id) await store.update(users).set({ name: o.name, firstName: first, lastName: last ?? null, ...email }).where(eq(users.id, id));
      return;
    }
    case 'deleteUser': {
      const id = at(await userIds(), o.i);
      if (id) await store.delete(users).where(eq(users.id, id));
      return;
    }
    case 'addWallet': {
      const userId = at(await userIds(), o.i);
      if (!userId) return;
      const hasPrimary = (await store.select({ id: wallets.id }).from(wallets).where(and(eq(wallets.userId, userId), eq(wallets.isPrimary, true)))).length > 0;
      await store.insert(wallets).values({ userId, address: `0x${crypto.randomUUID().replace(/-/g, '')}`, isPrimary: o.primary && !hasPrimary });
      return;
    }
    case 'togglePrimary': {
      const w = at(await walletIds(), o.i);
      if (!w) return;
      if (w.primary) await store.update(wallets).set({ isPrimary: false }).where(eq(wallets.id, w.id));
      else {
        await store.update(wallets).set({ isPrimary: false }).where(eq(wallets.userId, w.user));
        await store.update(wallets).set({ isPrimary: true }).where(eq(wallets.id, w.id));
      }
      return;
    }
    case 'moveWallet': {
      const w = at(await walletIds(), o.i);
      const to = at(await userIds(), o.to);
      if (w && to) {
        await store.update(wallets).set({ isPrimary: false }).where(eq(wallets.userId, to));
        await store.update(wallets).set({ userId: to }).where(eq(wallets.id, w.id));
      }
      return;
    }
    case 'deleteWallet': {
      const w = at(await walletIds(), o.i);
      if (w) await store.delete(wallets).where(eq(wallets.id, w.id));
      return;
    }
  }
}

/** DESIGN's search: the term anywhere in the value, ASCII letters folded, nothing else (as LIKE on SQLite). */
const asciiLower = (v: string) => v.replace(/[A-Z]/g, (c) => c.toLowerCase());
const contains = (value: string | null, term: string) => value !== null && asciiLower(value).includes(asciiLower(term));
/** Text sorts by code point (SQLite BINARY, PostgreSQL COLLATE "C"). */
const byCodePoint = (a: string, b: string) => {
  const [x, y] = [Array.from(a), Array.from(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
};

type ModelRow = { id: string; email: string; status: string; createdAt: number; updatedAt: number; hasWallet: boolean; hit: boolean };

/** The A9 answer recomputed from the base tables: both kinds of row, every match, fully sorted in JavaScript. */
async function model(store: Store, organizationId: string, q: ListMembersQuery): Promise<{ ids: string[]; total: number }> {
  const term = q.search ?? null;
  const members = await store
    .select({
      id: userOrganizations.id,
      userId: users.id,
      status: userOrganizations.status,
      createdAt: userOrganizations.createdAt,
      updatedAt: userOrganizations.updatedAt,
      email: users.email,
      name: users.name,
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(eq(userOrganizations.organizationId, organizationId));
  const withWallet = new Set(
    members.length
      ? (await store.select({ user: wallets.userId }).from(wallets).where(and(inArray(wallets.userId, members.map((m) => m.userId)), eq(wallets.isPrimary, true)))).map((w) => w.user)
      : [],
  );
  const pending = await store.select().from(invitations).where(and(eq(invitations.organizationId, organizationId), eq(invitations.status, 'PENDING')));
  const rows: ModelRow[] = [
    ...members.map((m) => ({
      id: m.id,
      email: m.email,
      status: m.status,
      createdAt: m.createdAt.getTime(),
      updatedAt: m.updatedAt.getTime(),
      hasWallet: withWallet.has(m.userId),
      hit:
        term === null ||
        contains(m.email, term) ||
        contains(m.name, term) ||
        contains(m.userName, term) ||
        contains(m.firstName !== null && m.lastName !== null ? `${m.firstName} ${m.lastName}` : null, term),
    })),
    ...pending.map((i) => ({
      id: i.id,
      email: i.email,
      status: 'PENDING',
      createdAt: i.createdAt.getTime(),
      updatedAt: i.updatedAt.getTime(),
      hasWallet: false,
      hit: term === null || contains(i.email, term),
    })),
  ];
  const sign = q.sortOrder === 'asc' ? 1 : -1;
  const key = (r: ModelRow) => (q.sortBy === 'email' ? r.email : q.sortBy === 'status' ? r.status : q.sortBy === 'createdAt' ? r.createdAt : r.updatedAt);
  const compareValues = (a: string | number, b: string | number) => (typeof a === 'number' ? a - (b as number) : byCodePoint(a, b as string));
  const matched = rows
    .filter((r) => r.hit && (q.status === undefined || r.status === q.status) && (q.hasWallet === undefined || r.hasWallet === q.hasWallet))
    .sort(
      (a, b) =>
        sign *
        (compareValues(key(a), key(b)) || (q.sortBy === 'status' ? a.createdAt - b.createdAt : 0) || byCodePoint(a.id, b.id)),
    );
  const start = (q.page - 1) * q.limit;
  return { ids: matched.slice(start, start + q.limit).map((r) => r.id), total: matched.length };
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
const pgTuning = { ...pgListTuning };

/**
 * Each plan of a search on the engine of the run. SQLite: the hits always sorted (walk ratio 0),
 * the sort index always walked (memberCommonHits 1: every term with a trigram hit is common), the
 * walk bounded to 0 and 2 rows (pages it does not fill are read off the sorted hits), and the
 * production choice. PostgreSQL: the hits sorted, the sort index walked, and the production choice.
 */
const plans: Record<'sqlite' | 'postgres', (() => void)[]> = {
  sqlite: (
    [
      [10_000, 0, tuning.walkBudget],
      [1, 0, tuning.walkBudget],
      [1, 0, 0],
      [1, 0, 2],
      [tuning.memberCommonHits, tuning.memberWalkRatio, tuning.walkBudget],
    ] as const
  ).map(([commonHits, walkRatio, walkBudget]) => () => {
    searchTuning.memberCommonHits = commonHits;
    searchTuning.memberWalkRatio = walkRatio;
    searchTuning.walkBudget = walkBudget;
    searchTuning.walkPerHit = walkBudget === tuning.walkBudget ? tuning.walkPerHit : 0;
  }),
  postgres: (['hits', 'walk', 'auto'] as const).map((walk) => () => {
    pgListTuning.memberWalk = walk;
  }),
};

async function compare(store: Store, organizationId: string, q: ListMembersQuery) {
  const want = await model(store, organizationId, q);
  for (const [n, plan] of plans[store.engine].entries()) {
    plan();
    const got = await listMembers(store, organizationId, q);
    const what = `${JSON.stringify(q)} plan ${n}`;
    expect(got.pagination.total, what).toBe(want.total);
    expect(got.data.map((d) => d.id), what).toEqual(want.ids);
  }
}

/** On SQLite, member_list equals its recomputation and `db check` passes (PostgreSQL's are checked by lib/storage/postgres tests). */
function checkDerived(store: Store, what: string) {
  if (store.engine !== 'sqlite') return;
  const sqlite = sqliteDbOf(store).$client;
  expect(memberListProblems(sqlite, 10), what).toEqual([]);
  expect(check(sqlite).problems, what).toEqual([]);
}

async function newOrganization(store: Store, name: string) {
  const [org] = await store.insert(organizations).values({ name, tenant: `${name}-${crypto.randomUUID()}` }).returning();
  return org!;
}

describe('A9 member_list', () => {
  // Anchors every 3 rows, so deep pages go through the anchor cache even on a few dozen rows.
  beforeAll(() => {
    searchTuning.anchorInterval = 3;
    pgListTuning.anchorInterval = 3;
  });
  afterAll(() => {
    Object.assign(searchTuning, tuning);
    Object.assign(pgListTuning, pgTuning);
  });

  it('listMembers equals the brute-force model under random writes (and member_list its recomputation)', async () => {
    const store = await getStore();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), fc.array(queryArb, { minLength: 4, maxLength: 8 }), async (ops, queries) => {
        const org = await newOrganization(store, 'list');
        const other = await newOrganization(store, 'other');
        const start: Op[] = [
          { op: 'addMember', name: 'Ann Harbor', status: 'ACTIVE', t: 0 },
          { op: 'addMember', name: 'Bob É', status: 'SUSPENDED', t: 0 },
          { op: 'addWallet', i: 0, primary: true },
          { op: 'addInvitation', name: 'harbor', status: 'PENDING', t: 0 },
        ];
        for (const o of start) await apply(store, org.id, o);
        for (const [i, o] of ops.entries()) {
          await apply(store, org.id, o);
          if (i % 3 === 0) await apply(store, other.id, o);
          checkDerived(store, JSON.stringify(o));
          // Interleave reads with writes so cached totals are exercised across writes.
          if (i % 4 === 3) await compare(store, org.id, queries[i % queries.length]!);
        }
        for (const q of queries) await compare(store, org.id, q);
      }),
      { numRuns: processEngine() === 'sqlite' ? 25 : 10 },
    );
  });

  it('gives every page of every sort and filter in the model\'s order (status ties by createdAt, across anchors)', async () => {
    const store = await getStore();
    const org = await newOrganization(store, 'pages');
    // Few statuses and three creation times: long runs of ties whose createdAt order is not the ids'.
    for (let i = 0; i < 24; i++) await apply(store, org.id, { op: 'addMember', name: names[i % names.length]!, status: memberStatuses[i % 2]!, t: (i * 7) % 3 });
    for (let i = 0; i < 9; i++) await apply(store, org.id, { op: 'addInvitation', name: names[i % names.length]!, status: 'PENDING', t: (i * 5) % 3 });
    for (let i = 0; i < 6; i++) await apply(store, org.id, { op: 'addWallet', i: i * 3, primary: true });
    const filters: Partial<ListMembersQuery>[] = [{}, { status: 'ACTIVE' }, { hasWallet: false }, { hasWallet: true }];
    for (const sortBy of ['createdAt', 'updatedAt', 'email', 'status'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        for (const filter of filters) {
          for (const limit of [1, 2, 5]) {
            for (let page = 1; page <= Math.ceil(33 / limit) + 1; page++) await compare(store, org.id, { page, limit, search: null, sortBy, sortOrder, ...filter });
          }
        }
      }
    }
  });

  it('exports every row of a filter in keyset chunks, newest first with id breaking ties, as the model orders them', async () => {
    const store = await getStore();
    const org = await newOrganization(store, 'export');
    for (let i = 0; i < 14; i++) await apply(store, org.id, { op: 'addMember', name: names[i % names.length]!, status: memberStatuses[i % 2]!, t: i % 3 });
    for (let i = 0; i < 7; i++) await apply(store, org.id, { op: 'addInvitation', name: names[i % names.length]!, status: 'PENDING', t: (i * 2) % 3 });
    for (let i = 0; i < 4; i++) await apply(store, org.id, { op: 'addWallet', i: i * 3, primary: true });
    const filters: Partial<ListMembersQuery>[] = [{}, { status: 'PENDING' }, { hasWallet: true }, { search: 'harbor' }, { search: 'a', status: 'ACTIVE' }];
    for (const filter of filters) {
      const exported: string[] = [];
      let cursor: { at: number; id: string } | null = null;
      for (;;) {
        const chunk = await memberExportChunk(store, org.id, filter, cursor, 4);
        exported.push(...chunk.map((r) => r.id));
        if (chunk.length < 4) break;
        cursor = { at: chunk.at(-1)!.createdAt, id: chunk.at(-1)!.id };
      }
      const want = await model(store, org.id, { page: 1, limit: 1000, search: null, sortBy: 'createdAt', sortOrder: 'desc', ...filter });
      expect(exported, JSON.stringify(filter)).toEqual(want.ids);
    }
  });
});

// SQLite's own structures: the trigger-kept table's check/reindex and its index plans (PostgreSQL's
// twins: lib/storage/postgres/lists/*.test.ts and the db check tests there).
describe.runIf(processEngine() === 'sqlite')('A9 member_list on SQLite', () => {
  it('db check fails after member_list is changed behind its back, and db reindex repairs it', async () => {
    const store = await getStore();
    const sqlite = sqliteDbOf(store).$client;
    const org = await newOrganization(store, 'tamper');
    await apply(store, org.id, { op: 'addMember', name: 'Ann Harbor', status: 'ACTIVE', t: 0 });
    await apply(store, org.id, { op: 'addInvitation', name: 'harbor', status: 'PENDING', t: 1 });
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
    expect((await listMembers(store, org.id, { page: 1, limit: 20, search: null, sortBy: 'createdAt', sortOrder: 'desc' })).data.map((d) => d.kind)).toEqual(['member']);
  });

  it('reads every page off an (organization[, filter], sort, id) index, without sorting', async () => {
    const store = await getStore();
    const db = sqliteDbOf(store);
    const sqlite = db.$client;
    const org = await newOrganization(store, 'plan');
    for (let i = 0; i < 30; i++) await apply(store, org.id, { op: 'addMember', name: names[i % names.length]!, status: memberStatuses[i % 2]!, t: i % 3 });
    for (let i = 0; i < 10; i++) await apply(store, org.id, { op: 'addInvitation', name: names[i % names.length]!, status: 'PENDING', t: i % 3 });
    const filters: [string, Partial<ListMembersQuery>, string][] = [
      ['none', {}, 'member_list'],
      ['status', { status: 'ACTIVE' }, 'member_list_status'],
      ['hasWallet', { hasWallet: false }, 'member_list_wallet'],
    ];
    for (const sortBy of ['createdAt', 'updatedAt', 'email', 'status'] as const) {
      for (const [name, filter, prefix] of filters) {
        const statements = preparedDuring(db, () => {
          // The engine's page read itself (synchronous on SQLite), as listMembers calls it.
          sqliteMemberPage(db, org.id, { page: 3, limit: 4, search: null, sortBy, sortOrder: 'desc', ...filter });
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
