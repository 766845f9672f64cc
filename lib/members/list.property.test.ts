import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, userOrganizations, users, wallets } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { memberExportChunk } from '@/lib/storage/member-list';
import { processEngine } from '@/lib/storage/engine';
import { pgListTuning } from '@/lib/storage/postgres/lists/paging';
import { check } from '@/lib/storage/sqlite/search/maintenance';
import { memberListProblems } from '@/lib/storage/sqlite/search/member-list';
import { searchTuning } from '@/lib/storage/sqlite/search/tuning';
import { sqliteDbOf } from '@/lib/storage/sqlite/store';
import type { Store } from '@/lib/storage/store';
import { apply, memberStatuses, names, newOrganization, opArb, terms, type Op } from '@/test/member-writes';
import { listMembers } from './service';
import type { ListMembersQuery } from './schemas';

/*
 * A9 over the derived `member_list` table, on the engine of the run: random raw writes on
 * memberships, invitations, users and wallets (no service function, so only the triggers can keep
 * the table right) must keep every listMembers answer — filters × sorts × pages × search, through
 * each search plan of the engine — equal to a brute-force model computed in JavaScript from the base
 * tables. On SQLite, member_list also equals its recomputation and `db check` passes after every write.
 */

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
