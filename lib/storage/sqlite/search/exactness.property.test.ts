import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { copyrightShares, invitations, nfts, organizations, smartContracts, userOrganizations, users } from '@/db/schema';
import { listContracts } from '@/lib/contracts/service';
import { contractPage } from '@/lib/storage/sqlite/lists/contracts';
import { listMembers } from '@/lib/members/service';
import { getNft as getNftB, searchNfts } from '@/lib/nft-search/service';
import { listNfts } from '@/lib/nfts/service';
import { pendingCount } from '@/lib/storage/sqlite/derived-writes';
import { check, reindex } from './maintenance';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/*
 * Exactness of every derived structure under writes by ANY code path: random sequences of raw
 * inserts, updates and deletes on the base tables (as another module, a migration or a bulk
 * import would do them — no service function that could "remember" to update anything), then
 * every search result, total and derived field is compared with a brute-force recomputation
 * over the base tables, and `db check` must pass after every step. Some writes go through a second
 * connection with none of the app's SQL functions registered (`plain`, as the sqlite3 shell or a
 * load script would write): they must never fail, `db check` must report the derived data they left
 * queued, and the app's next write must write it.
 */

const words = ['harbor', 'Harbor', 'HARBOUR', 'ab', 'é', 'É', 'straße', 'STRASSE', '🚀', '50%', 'a_b', 'x', 'İstanbul', 'Kelvin'];
const terms = ['a', 'ab', 'é', 'É', 'ß', '%', '_', 'har', 'harbor', 'RBOR', 'straß', 'STRA', '🚀', '50%', 'a_b', 'r h', 'bor har', 'ist', 'kel', 'zzz'];
const nftStatuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'] as const;
const copyrightStatuses = ['NONE', 'AWAITING', 'REJECTED', 'COPYRIGHTED'] as const;
const contractStatuses = ['CREATED', 'DEPLOYED', 'FAILED'] as const;
const shareStatuses = ['PENDING', 'AUTHORIZED', 'REJECTED'] as const;
const memberStatuses = ['ACTIVE', 'SUSPENDED'] as const;
const invitationStatuses = ['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;

const phrase = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const pick = fc.nat({ max: 50 });

type Op =
  | { op: 'addContract'; name: string; status: (typeof contractStatuses)[number] }
  | { op: 'updateContract'; i: number; name: string; status: (typeof contractStatuses)[number] }
  | { op: 'deleteContract'; i: number }
  | { op: 'addNft'; c: number; name: string; description: string | null; supply: number; status: (typeof nftStatuses)[number] }
  | { op: 'updateNft'; i: number; c: number; name: string; supply: number; status: (typeof nftStatuses)[number]; copyright: (typeof copyrightStatuses)[number] }
  | { op: 'deleteNft'; i: number }
  | { op: 'setNftStatus'; i: number; status: (typeof nftStatuses)[number]; copyright: (typeof copyrightStatuses)[number] }
  | { op: 'addMember'; name: string; status: (typeof memberStatuses)[number] }
  | { op: 'updateMember'; i: number; status: (typeof memberStatuses)[number]; name: string }
  | { op: 'removeMember'; i: number }
  | { op: 'addInvitation'; email: string }
  | { op: 'updateInvitation'; i: number; status: (typeof invitationStatuses)[number] }
  | { op: 'deleteInvitation'; i: number }
  | { op: 'addShare'; n: number; u: number; status: (typeof shareStatuses)[number] }
  | { op: 'updateShare'; i: number; status: (typeof shareStatuses)[number] }
  | { op: 'deleteShare'; i: number }
  | { op: 'plain'; inner: Op };

/** The writes the `plain` connection makes (those on the tables whose derived data needs JavaScript). */
const plainOps = new Set(['addContract', 'updateContract', 'addNft', 'updateNft', 'deleteNft', 'setNftStatus']);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('addContract' as const), name: phrase, status: fc.constantFrom(...contractStatuses) }),
  fc.record({ op: fc.constant('updateContract' as const), i: pick, name: phrase, status: fc.constantFrom(...contractStatuses) }),
  fc.record({ op: fc.constant('deleteContract' as const), i: pick }),
  fc.record({
    op: fc.constant('addNft' as const),
    c: pick,
    name: phrase,
    description: fc.option(phrase, { nil: null }),
    supply: fc.integer({ min: 1, max: 9 }),
    status: fc.constantFrom(...nftStatuses),
  }),
  fc.record({
    op: fc.constant('addNft' as const),
    c: pick,
    name: phrase,
    description: fc.option(phrase, { nil: null }),
    supply: fc.integer({ min: 1, max: 9 }),
    status: fc.constantFrom(...nftStatuses),
  }),
  fc.record({
    op: fc.constant('updateNft' as const),
    i: pick,
    c: pick,
    name: phrase,
    supply: fc.integer({ min: 1, max: 9 }),
    status: fc.constantFrom(...nftStatuses),
    copyright: fc.constantFrom(...copyrightStatuses),
  }),
  fc.record({ op: fc.constant('deleteNft' as const), i: pick }),
  // Status and copyright status alone: the short-term index's filter tokens follow them.
  fc.record({ op: fc.constant('setNftStatus' as const), i: pick, status: fc.constantFrom(...nftStatuses), copyright: fc.constantFrom(...copyrightStatuses) }),
  fc.record({ op: fc.constant('addMember' as const), name: phrase, status: fc.constantFrom(...memberStatuses) }),
  fc.record({ op: fc.constant('updateMember' as const), i: pick, status: fc.constantFrom(...memberStatuses), name: phrase }),
  fc.record({ op: fc.constant('removeMember' as const), i: pick }),
  fc.record({ op: fc.constant('addInvitation' as const), email: fc.constantFrom('harbor', 'strasse', 'ab', 'a_b', 'x') }),
  fc.record({ op: fc.constant('updateInvitation' as const), i: pick, status: fc.constantFrom(...invitationStatuses) }),
  fc.record({ op: fc.constant('deleteInvitation' as const), i: pick }),
  fc.record({ op: fc.constant('addShare' as const), n: pick, u: pick, status: fc.constantFrom(...shareStatuses) }),
  fc.record({ op: fc.constant('addShare' as const), n: pick, u: pick, status: fc.constantFrom(...shareStatuses) }),
  fc.record({ op: fc.constant('updateShare' as const), i: pick, status: fc.constantFrom(...shareStatuses) }),
  fc.record({ op: fc.constant('updateShare' as const), i: pick, status: fc.constantFrom(...shareStatuses) }),
  fc.record({ op: fc.constant('updateShare' as const), i: pick, status: fc.constantFrom(...shareStatuses) }),
  fc.record({ op: fc.constant('deleteShare' as const), i: pick }),
);
const withPlain: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: opArb, weight: 4 },
  { arbitrary: fc.record({ op: fc.constant('plain' as const), inner: opArb.filter((o) => plainOps.has(o.op)) }), weight: 1 },
);

let plainConnection: Database.Database | undefined;
/** A connection to the test database as another tool opens it: no app functions registered. */
function plain() {
  plainConnection ??= new Database(process.env.DATABASE_PATH);
  plainConnection.pragma('foreign_keys = ON');
  return plainConnection;
}

/** The same writes as `apply`, in plain SQL through the plain connection. */
function applyPlain(organizationId: string, o: Op) {
  const p = plain();
  const ids = (table: 'nfts' | 'smart_contracts') =>
    (p.prepare(`select id from ${table} where organization_id = ? order by rowid`).all(organizationId) as { id: string }[]).map((r) => r.id);
  const stamp = Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 1e9);
  switch (o.op) {
    case 'addContract':
      p.prepare('insert into smart_contracts (id, organization_id, name, symbol, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)')
        .run(crypto.randomUUID(), organizationId, o.name, 'S', o.status, stamp, stamp);
      return;
    case 'updateContract': {
      const id = at(ids('smart_contracts'), o.i);
      if (id) p.prepare('update smart_contracts set name = ?, status = ? where id = ?').run(o.name, o.status, id);
      return;
    }
    case 'addNft': {
      const c = at(ids('smart_contracts'), o.c);
      if (c) {
        p.prepare(`insert into nfts (id, organization_id, smart_contract_id, name, description, supply, status, created_at, updated_at)
          values (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(crypto.randomUUID(), organizationId, c, o.name, o.description, o.supply, o.status, stamp, stamp);
      }
      return;
    }
    case 'updateNft': {
      const id = at(ids('nfts'), o.i);
      const c = at(ids('smart_contracts'), o.c);
      if (id && c) {
        p.prepare('update nfts set smart_contract_id = ?, name = ?, supply = ?, status = ?, copyright_status = ? where id = ?').run(c, o.name, o.supply, o.status, o.copyright, id);
      }
      return;
    }
    case 'setNftStatus': {
      const id = at(ids('nfts'), o.i);
      if (id) p.prepare('update nfts set status = ?, copyright_status = ? where id = ?').run(o.status, o.copyright, id);
      return;
    }
    case 'deleteNft': {
      const id = at(ids('nfts'), o.i);
      if (id) p.prepare('delete from nfts where id = ?').run(id);
      return;
    }
    default:
      throw new Error(`no plain form of ${o.op}`);
  }
}

const at = <T,>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

/** Applies one operation with plain Drizzle writes on the base tables. */
function apply(organizationId: string, o: Op) {
  const db = getDb();
  const ids = (table: 'nfts' | 'smart_contracts' | 'user_organizations' | 'invitations') =>
    db.all<{ id: string }>(sql`select id from ${sql.identifier(table)} where organization_id = ${organizationId} order by rowid`).map((r) => r.id);
  const shareIds = () =>
    db.all<{ id: string }>(sql`select s.id from copyright_shares s join nfts n on n.id = s.nft_id where n.organization_id = ${organizationId} order by s.rowid`).map((r) => r.id);
  const stamp = new Date(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 1e9));
  switch (o.op) {
    case 'plain':
      applyPlain(organizationId, o.inner);
      return;
    case 'addContract':
      db.insert(smartContracts).values({ organizationId, name: o.name, symbol: 'S', status: o.status, createdAt: stamp }).run();
      return;
    case 'updateContract': {
      const id = at(ids('smart_contracts'), o.i);
      if (id) db.update(smartContracts).set({ name: o.name, status: o.status }).where(eq(smartContracts.id, id)).run();
      return;
    }
    case 'deleteContract': {
      const id = at(ids('smart_contracts'), o.i);
      const used = id && db.get<{ n: number }>(sql`select count(*) as n from nfts where smart_contract_id = ${id}`).n > 0;
      if (id && !used) db.delete(smartContracts).where(eq(smartContracts.id, id)).run();
      return;
    }
    case 'addNft': {
      const c = at(ids('smart_contracts'), o.c);
      if (c) {
        db.insert(nfts)
          .values({ organizationId, smartContractId: c, name: o.name, description: o.description, supply: o.supply, status: o.status, createdAt: stamp })
          .run();
      }
      return;
    }
    case 'updateNft': {
      const id = at(ids('nfts'), o.i);
      const c = at(ids('smart_contracts'), o.c);
      if (id && c) db.update(nfts).set({ smartContractId: c, name: o.name, supply: o.supply, status: o.status, copyrightStatus: o.copyright }).where(eq(nfts.id, id)).run();
      return;
    }
    case 'setNftStatus': {
      const id = at(ids('nfts'), o.i);
      if (id) db.update(nfts).set({ status: o.status, copyrightStatus: o.copyright }).where(eq(nfts.id, id)).run();
      return;
    }
    case 'deleteNft': {
      const id = at(ids('nfts'), o.i);
      if (id) db.delete(nfts).where(eq(nfts.id, id)).run();
      return;
    }
    case 'addMember': {
      const user = db
        .insert(users)
        .values({ email: `${crypto.randomUUID().slice(0, 12)}-${o.name.length}@ex.test`, name: o.name, firstName: o.name.split(' ')[0], lastName: 'Harbor' })
        .returning()
        .get();
      db.insert(userOrganizations).values({ organizationId, userId: user.id, status: o.status, createdAt: stamp }).run();
      return;
    }
    case 'updateMember': {
      const id = at(ids('user_organizations'), o.i);
      if (!id) return;
      db.update(userOrganizations).set({ status: o.status }).where(eq(userOrganizations.id, id)).run();
      const userId = db.get<{ u: string }>(sql`select user_id as u from user_organizations where id = ${id}`).u;
      db.update(users).set({ name: o.name }).where(eq(users.id, userId)).run();
      return;
    }
    case 'removeMember': {
      const id = at(ids('user_organizations'), o.i);
      if (id) db.delete(userOrganizations).where(eq(userOrganizations.id, id)).run();
      return;
    }
    case 'addInvitation':
      db.insert(invitations)
        .values({ organizationId, email: `${o.email}-${crypto.randomUUID().slice(0, 12)}@ex.test`, tokenHash: crypto.randomUUID(), expiresAt: stamp, createdAt: stamp })
        .run();
      return;
    case 'updateInvitation': {
      const id = at(ids('invitations'), o.i);
      if (id) db.update(invitations).set({ status: o.status }).where(eq(invitations.id, id)).run();
      return;
    }
    case 'deleteInvitation': {
      const id = at(ids('invitations'), o.i);
      if (id) db.delete(invitations).where(eq(invitations.id, id)).run();
      return;
    }
    case 'addShare': {
      const n = at(ids('nfts'), o.n);
      const members = db.all<{ u: string }>(sql`select user_id as u from user_organizations where organization_id = ${organizationId} order by rowid`);
      const u = at(members, o.u)?.u;
      if (n && u) db.insert(copyrightShares).values({ nftId: n, userId: u, percentage: 50, status: o.status }).onConflictDoNothing().run();
      return;
    }
    case 'updateShare': {
      const id = at(shareIds(), o.i);
      if (id) db.update(copyrightShares).set({ status: o.status }).where(eq(copyrightShares.id, id)).run();
      return;
    }
    case 'deleteShare': {
      const id = at(shareIds(), o.i);
      if (id) db.delete(copyrightShares).where(eq(copyrightShares.id, id)).run();
      return;
    }
  }
}

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const sorted = (ids: string[]) => [...ids].sort();

/**
 * A1 synchronously (the property runs synchronously): the SQLite list module's page, its rows'
 * stored totalNFTs loaded by id, as listContracts builds them.
 */
function a1Page(db: ReturnType<typeof getDb>, organizationId: string, q: Parameters<typeof contractPage>[2]) {
  const { ids, total } = contractPage(db, organizationId, q);
  const rows = db.select({ id: smartContracts.id, totalNFTs: smartContracts.totalNfts }).from(smartContracts).all().filter((r) => ids.includes(r.id));
  return { pagination: { total }, data: rows };
}

/** Every list/search answer and derived field, against brute force over the base tables. */
async function compareAll(organizationId: string) {
  const db = getDb();
  const page = { page: 1, limit: 100, sortOrder: 'desc' as const };

  // A1: totals per status filter, totalNFTs per row, every search term.
  for (const status of [undefined, ...contractStatuses]) {
    const got = a1Page(db, organizationId, { ...page, search: null, status, sortBy: 'createdAt' });
    const want = db.all<{ id: string; n: number }>(sql`select c.id, (select count(*) from nfts where smart_contract_id = c.id) as n
      from smart_contracts c where c.organization_id = ${organizationId} and (${status ?? null} is null or c.status = ${status ?? null})`);
    expect(got.pagination.total).toBe(want.length);
    expect(sorted(got.data.map((d) => `${d.id}:${d.totalNFTs}`))).toEqual(sorted(want.map((w) => `${w.id}:${w.n}`)));
  }
  for (const term of terms) {
    const got = a1Page(db, organizationId, { ...page, search: term, status: undefined, sortBy: 'name' });
    const want = db.all<{ id: string }>(sql`select id from smart_contracts where organization_id = ${organizationId}
      and (name like ${like(term)} escape '\\' or symbol like ${like(term)} escape '\\' or description like ${like(term)} escape '\\')`);
    expect(got.pagination.total, `A1 search ${term}`).toBe(want.length);
    expect(sorted(got.data.map((d) => d.id)), `A1 search ${term}`).toEqual(sorted(want.map((w) => w.id)));
  }

  // A5: totals per status / contract filter, every search term.
  const contractIds = db.all<{ id: string }>(sql`select id from smart_contracts where organization_id = ${organizationId}`).map((r) => r.id);
  for (const status of [undefined, ...nftStatuses]) {
    for (const contractId of [undefined, ...contractIds.slice(0, 2)]) {
      const got = (await listNfts(sqliteStore(db), organizationId, { ...page, search: null, status, contractId, sortBy: 'supply' }));
      const want = db.get<{ n: number }>(sql`select count(*) as n from nfts where organization_id = ${organizationId}
        and (${status ?? null} is null or status = ${status ?? null}) and (${contractId ?? null} is null or smart_contract_id = ${contractId ?? null})`).n;
      expect(got.pagination.total).toBe(want);
    }
  }
  for (const term of terms) {
    const got = (await listNfts(sqliteStore(db), organizationId, { ...page, search: term, status: undefined, contractId: undefined, sortBy: 'createdAt' }));
    const want = db.all<{ id: string }>(sql`select id from nfts where organization_id = ${organizationId}
      and (name like ${like(term)} escape '\\' or description like ${like(term)} escape '\\')`);
    expect(got.pagination.total, `A5 search ${term}`).toBe(want.length);
    expect(sorted(got.data.map((d) => d.id)), `A5 search ${term}`).toEqual(sorted(want.map((w) => w.id)));
  }

  // A5: a search under a status and/or copyright filter (a short term's total: the short-term index's filter tokens).
  const filters = [
    { status: 'MINTED', copyrightStatus: undefined },
    { status: undefined, copyrightStatus: 'NONE' },
    { status: 'CREATED', copyrightStatus: 'AWAITING' },
  ] as const;
  for (const term of terms) {
    for (const { status, copyrightStatus } of filters) {
      const got = await listNfts(sqliteStore(db), organizationId, { ...page, search: term, status, copyrightStatus, contractId: undefined, sortBy: 'name' });
      const want = db.all<{ id: string }>(sql`select id from nfts where organization_id = ${organizationId}
        and (${status ?? null} is null or status = ${status ?? null}) and (${copyrightStatus ?? null} is null or copyright_status = ${copyrightStatus ?? null})
        and (name like ${like(term)} escape '\\' or description like ${like(term)} escape '\\')`);
      expect(got.pagination.total, `A5 search ${term} ${status} ${copyrightStatus}`).toBe(want.length);
      expect(sorted(got.data.map((d) => d.id)), `A5 search ${term} ${status} ${copyrightStatus}`).toEqual(sorted(want.map((w) => w.id)));
    }
  }

  // B1: keyword over name/description with JavaScript case folding; copyrighted; B2 totalSupply.
  const base = db.all<{ id: string; name: string; description: string | null; smart_contract_id: string; status: string; shares: number; authorized: number }>(
    sql`select id, name, description, smart_contract_id, status,
      (select count(*) from copyright_shares s where s.nft_id = nfts.id) as shares,
      (select count(*) from copyright_shares s where s.nft_id = nfts.id and s.status = 'AUTHORIZED') as authorized
      from nfts where organization_id = ${organizationId}`,
  );
  const copyrightedOf = (r: (typeof base)[number]) => r.shares > 0 && r.shares === r.authorized;
  for (const term of terms) {
    // Alone and beside a status filter (its index decides the status by a facet / token).
    for (const status of [undefined, 'MINTED', 'CREATED'] as const) {
      const filter = status ? { advancedFilter: { field: 'status', operator: 'eq', value: status } } : {};
      const got = await searchNfts(sqliteStore(db), organizationId, { pageSize: 100, advancedSearch: { fields: ['name', 'description'], keyword: term }, ...filter });
      const k = term.toLowerCase();
      const want = base.filter((r) => (r.name.toLowerCase().includes(k) || (r.description ?? '').toLowerCase().includes(k)) && (!status || r.status === status));
      expect(got.totalCount, `B1 keyword ${term} ${status}`).toBe(want.length);
      expect(sorted(got.data.map((d) => d.id)), `B1 keyword ${term} ${status}`).toEqual(sorted(want.map((w) => w.id)));
      // The same term as a `name contains` filter, alone and AND-ed with the status: counted off the index too.
      const contains = { field: 'name', operator: 'contains', value: term };
      const byName = await searchNfts(sqliteStore(db), organizationId, {
        pageSize: 100,
        advancedFilter: status ? { logic: 'and', filters: [contains, { field: 'status', operator: 'eq', value: status }] } : contains,
      });
      const wantByName = base.filter((r) => r.name.toLowerCase().includes(k) && (!status || r.status === status));
      expect(byName.totalCount, `B1 name contains ${term} ${status}`).toBe(wantByName.length);
      expect(sorted(byName.data.map((d) => d.id)), `B1 name contains ${term} ${status}`).toEqual(sorted(wantByName.map((w) => w.id)));
      // Beside copyrighted eq (and the status): the copyrighted index's rows among the index's matches.
      for (const copyrighted of [true, false]) {
        const leaf = { field: 'copyrighted', operator: 'eq', value: copyrighted };
        const got = await searchNfts(sqliteStore(db), organizationId, {
          pageSize: 100,
          advancedSearch: { fields: ['name', 'description'], keyword: term },
          advancedFilter: status ? { logic: 'and', filters: [leaf, { field: 'status', operator: 'eq', value: status }] } : leaf,
        });
        const want = base.filter(
          (r) => (r.name.toLowerCase().includes(k) || (r.description ?? '').toLowerCase().includes(k)) && (!status || r.status === status) && copyrightedOf(r) === copyrighted,
        );
        expect(got.totalCount, `B1 keyword ${term} ${status} copyrighted ${copyrighted}`).toBe(want.length);
        expect(sorted(got.data.map((d) => d.id)), `B1 keyword ${term} ${status} copyrighted ${copyrighted}`).toEqual(sorted(want.map((w) => w.id)));
      }
    }
  }
  const all = (await searchNfts(sqliteStore(db), organizationId, { pageSize: 100 }));
  expect(all.totalCount).toBe(base.length);
  for (const item of all.data) {
    const shares = db.all<{ status: string }>(sql`select status from copyright_shares where nft_id = ${item.id}`);
    expect(item.copyrighted, `copyrighted ${item.id}`).toBe(shares.length > 0 && shares.every((s) => s.status === 'AUTHORIZED'));
  }
  const copyrightedCount = (await searchNfts(sqliteStore(db), organizationId, { pageSize: 1, advancedFilter: { field: 'copyrighted', operator: 'eq', value: true } })).totalCount;
  expect(copyrightedCount).toBe(all.data.filter((d) => d.copyrighted).length);
  for (const item of all.data.slice(0, 5)) {
    const b2 = await getNftB(sqliteStore(db), organizationId, item.id);
    const supply = db.get<{ s: number }>(sql`select coalesce(sum(supply), 0) as s from nfts where smart_contract_id = ${item.smartContractId}`).s;
    expect(b2.smartContract.totalSupply).toBe(supply);
  }

  // A9: totals per status, member totalNFTs, every search term.
  for (const status of [undefined, 'ACTIVE', 'SUSPENDED', 'PENDING'] as const) {
    const got = await listMembers(sqliteStore(db), organizationId, { ...page, search: null, status, hasWallet: undefined, sortBy: 'createdAt' });
    const members = db.get<{ n: number }>(sql`select count(*) as n from user_organizations where organization_id = ${organizationId}
      and (${status ?? null} is null or status = ${status ?? null})`).n;
    const pending = db.get<{ n: number }>(sql`select count(*) as n from invitations where organization_id = ${organizationId} and status = 'PENDING'`).n;
    expect(got.pagination.total).toBe(status === 'PENDING' ? pending : status ? members : members + pending);
    for (const m of got.data.filter((d) => d.kind === 'member')) {
      const n = db.get<{ n: number }>(sql`select count(*) as n from copyright_shares s join nfts x on x.id = s.nft_id
        where s.user_id = ${m.user.id} and x.organization_id = ${organizationId}`).n;
      expect(m.totalNFTs).toBe(n);
    }
  }
  for (const term of terms) {
    const got = await listMembers(sqliteStore(db), organizationId, { ...page, search: term, status: undefined, hasWallet: undefined, sortBy: 'email' });
    const p = like(term);
    const want = db.all<{ id: string }>(sql`select uo.id from user_organizations uo join users u on u.id = uo.user_id where uo.organization_id = ${organizationId}
        and (u.email like ${p} escape '\\' or u.name like ${p} escape '\\' or u.user_name like ${p} escape '\\' or (u.first_name || ' ' || u.last_name) like ${p} escape '\\')
      union all select id from invitations where organization_id = ${organizationId} and status = 'PENDING' and email like ${p} escape '\\'`);
    expect(got.pagination.total, `A9 search ${term}`).toBe(want.length);
    expect(sorted(got.data.map((d) => d.id)), `A9 search ${term}`).toEqual(sorted(want.map((w) => w.id)));
  }
}

describe('derived data stays exact under random writes', () => {
  it('search results, totals and stored aggregates equal a brute-force recomputation; db check passes after every step', async () => {
    const db = getDb();
    await fc.assert(
      fc.asyncProperty(fc.array(withPlain, { minLength: 1, maxLength: 30 }), async (ops) => {
        const org = db.insert(organizations).values({ name: 'exact', tenant: `exact-${crypto.randomUUID()}` }).returning().get();
        // A second organization written alongside: nothing of it may leak into the first's answers.
        const other = db.insert(organizations).values({ name: 'other', tenant: `other-${crypto.randomUUID()}` }).returning().get();
        // A little of everything to start from, so every kind of operation has something to act on.
        const start: Op[] = [
          { op: 'addContract', name: 'harbor lights', status: 'CREATED' },
          { op: 'addNft', c: 0, name: 'Harbor one', description: 'straße', supply: 3, status: 'CREATED' },
          { op: 'addNft', c: 0, name: 'two', description: null, supply: 1, status: 'MINTED' },
          { op: 'addMember', name: 'Ann Harbor', status: 'ACTIVE' },
          { op: 'addMember', name: 'Bob É', status: 'ACTIVE' },
          { op: 'addShare', n: 0, u: 0, status: 'PENDING' },
        ];
        for (const o of start) apply(org.id, o);
        for (const [i, o] of ops.entries()) {
          apply(org.id, o);
          if (i % 3 === 0) apply(other.id, o);
          if (o.op === 'plain') {
            // What the plain write could not derive is queued, reported, and written by the app's next write.
            const queued = pendingCount(db.$client);
            if (queued) expect(check(db.$client).problems.join('\n'), JSON.stringify(o)).toMatch(/search_nfts_pending/);
            db.transaction(() => {});
          }
          const result = check(db.$client);
          expect(result.problems, JSON.stringify(o)).toEqual([]);
          // Interleave reads with writes so cached totals are exercised across writes.
          if (i % 5 === 4) await compareAll(org.id);
        }
        await compareAll(org.id);
      }),
      { numRuns: 15 },
    );
  });

  it('db check fails after a row is changed behind its back, and db reindex repairs it', () => {
    const db = getDb();
    const sqlite = db.$client;
    const org = db.insert(organizations).values({ name: 'tamper', tenant: `tamper-${crypto.randomUUID()}` }).returning().get();
    apply(org.id, { op: 'addContract', name: 'harbor lights', status: 'CREATED' });
    apply(org.id, { op: 'addNft', c: 0, name: 'harbor one', description: 'straße', supply: 2, status: 'MINTED' });
    apply(org.id, { op: 'addMember', name: 'Ann Harbor', status: 'ACTIVE' });
    apply(org.id, { op: 'addShare', n: 0, u: 0, status: 'AUTHORIZED' });
    apply(org.id, { op: 'addInvitation', email: 'harbor' });
    expect(check(sqlite).problems).toEqual([]);

    const nftRowid = sqlite.prepare('select rowid as r from nfts where organization_id = ?').get(org.id) as { r: number };
    const tamperings: [string, string, RegExp][] = [
      ['stored contract total', `update smart_contracts set total_nfts = total_nfts + 1 where organization_id = '${org.id}'`, /total_nfts/],
      ['stored supply', `update smart_contracts set total_supply = 0 where organization_id = '${org.id}'`, /total_supply/],
      ['copyrighted flag', `update nfts set copyrighted = 0 where organization_id = '${org.id}'`, /copyrighted/],
      ['member NFT count', `update user_organizations set total_nfts = 7 where organization_id = '${org.id}'`, /user_organizations/],
      ['counter', `update search_counters set n = n + 1 where organization_id = '${org.id}' and name = 'nfts'`, /search_counters/],
      ['supply count', `update nft_supply_counts set n = n + 1 where organization_id = '${org.id}'`, /nft_supply_counts .* supply 2: 2 \(actual 1\)/],
      ['missing supply count', `delete from nft_supply_counts where organization_id = '${org.id}'`, /nft_supply_counts .* supply 2: no row \(actual 1\)/],
      ['empty supply count', `insert into nft_supply_counts values ('${org.id}', 'CREATED', 5, 0)`, /nft_supply_counts .* CREATED supply 5: 0 \(actual 0\)/],
      ['missing index row', `delete from search_nfts where rowid = ${nftRowid.r}`, /not indexed/],
      [
        'stale index row',
        `delete from search_nfts where rowid = ${nftRowid.r}; insert into search_nfts (rowid, name, contract_name) values (${nftRowid.r}, 'something else entirely', 'harbor lights')`,
        /stale|not found/,
      ],
      ['orphan index row', `insert into search_contracts (rowid, name, symbol) values (987654321, 'ghost', 'G')`, /no longer exist/],
    ];
    for (const [what, statement, expected] of tamperings) {
      sqlite.exec(statement);
      const result = check(sqlite);
      expect(result.ok, what).toBe(false);
      expect(result.problems.join('\n'), what).toMatch(expected);
      reindex(sqlite);
      expect(check(sqlite).problems, `${what} after reindex`).toEqual([]);
    }
  });

  it('rows inserted straight into the base tables, then db reindex, give what the API would have produced', async () => {
    const db = getDb();
    const sqlite = db.$client;
    const org = db.insert(organizations).values({ name: 'bulk', tenant: `bulk-${crypto.randomUUID()}` }).returning().get();
    // A bulk import that bypasses the triggers entirely (they are dropped and restored around it).
    const triggers = sqlite.prepare("select sql from sqlite_master where type = 'trigger' and name like 'search_%'").all() as { sql: string }[];
    const names = sqlite.prepare("select name from sqlite_master where type = 'trigger' and name like 'search_%'").all() as { name: string }[];
    for (const { name } of names) sqlite.exec(`drop trigger ${name}`);
    try {
      const contractId = crypto.randomUUID();
      sqlite.prepare('insert into smart_contracts (id, organization_id, name, symbol, created_at, updated_at) values (?, ?, ?, ?, ?, ?)').run(contractId, org.id, 'Bulk harbor', 'B', 1, 1);
      for (let i = 0; i < 5; i++) {
        sqlite
          .prepare('insert into nfts (id, organization_id, smart_contract_id, name, supply, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)')
          .run(crypto.randomUUID(), org.id, contractId, `bulk harbor ${i}`, i + 1, 'CREATED', i, i);
      }
      expect(check(sqlite).ok).toBe(false);
    } finally {
      for (const { sql: ddl } of triggers) sqlite.exec(ddl);
    }
    reindex(sqlite);
    expect(check(sqlite).problems).toEqual([]);
    const page = await listContracts(sqliteStore(db), org.id, { page: 1, limit: 20, search: 'harbor', status: undefined, sortBy: 'createdAt', sortOrder: 'desc' });
    expect(page.data.map((c) => c.totalNFTs)).toEqual([5]);
    expect((await listNfts(sqliteStore(db), org.id, { page: 1, limit: 20, search: 'HARBOR', status: undefined, contractId: undefined, sortBy: 'createdAt', sortOrder: 'desc' })).pagination.total).toBe(5);
    const nft = (await searchNfts(sqliteStore(db), org.id, { pageSize: 1 })).data[0]!;
    expect((await getNftB(sqliteStore(db), org.id, nft.id)).smartContract.totalSupply).toBe(15);
  });
});
