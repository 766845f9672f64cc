import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { contractStatuses, copyrightStatuses, invitationStatuses, membershipStatuses, nftStatuses } from '@/db/enums';
import * as lite from '@/db/schema';
import * as s from '@/db/schema-pg';
import { withPostgres } from '@/test/postgres/database';
import type { ContractPageRequest, MemberPageRequest, NftPageRequest } from '@/lib/storage/list-requests';
import type { IdsPage } from '@/lib/storage/lists';
import { contractPage as sqliteContractPage } from '@/lib/storage/sqlite/lists/contracts';
import { memberPage as sqliteMemberPage } from '@/lib/storage/sqlite/lists/members';
import { nftPage as sqliteNftPage } from '@/lib/storage/sqlite/lists/nfts';
import { openPostgres, type PgDb } from '../connection';
import { checkPostgres } from '../maintenance';
import { asciiLower } from '../../like';
import { contractPage } from './contracts';
import { memberPage } from './members';
import { nftPage } from './nfts';
import { pgListTuning } from './paging';

/*
 * The PostgreSQL list modules (A1, A5, A9) against brute force AND against the SQLite modules:
 * fast-check writes the same rows to both engines — on PostgreSQL half through Drizzle, half as
 * plain SQL (psql, COPY), then updates and deletes some by plain SQL — and every page of every
 * drawn request (filters, search of one to three characters, each sort, both directions, small page
 * sizes so ties and NULLs meet page edges, and one page past the end) must hold the same ids and
 * the same total as a recomputation in JavaScript over the rows read back, and as SQLite's answer.
 * Every request is checked before and after the plain-SQL changes, with page anchors every 2 rows
 * (cached ones of the old write generation must not serve). Afterwards `db check` must find the
 * count structures exact.
 */
const server = withPostgres();
const sqlite = getDb();

/*
 * The lists run on a database whose default collation is ICU's en-US (as many production servers'
 * en_US.UTF-8), not the test server's C: there, text sorted without COLLATE "C" ('a' < 'B', spaces
 * and punctuation ignored at first) would differ from SQLite's code-point order, so the test sees it.
 */
let icu: PgDb | undefined;
beforeAll(async () => {
  const url = new URL(server.url());
  const name = `lists_icu_${crypto.randomUUID().replace(/-/g, '')}`;
  await server.db().$client.query(`create database ${name} template template0 encoding 'UTF8' locale_provider icu icu_locale 'en-US' locale 'C.UTF-8'`);
  url.pathname = `/${name}`;
  icu = await openPostgres(url.toString(), 'TEST_DATABASE_URL');
  // Anchors every 2 rows: deep pages of these small lists seek from cached anchors (paging.ts).
  pgListTuning.anchorInterval = 2;
}, 120_000);
afterAll(async () => {
  await icu?.$client.end();
});
const pg = { db: () => icu! };

// A line break: A9's member_list.search joins a person's texts with one (a term holding one must not match across two).
const alphabet = ['a', 'b', 'A', 'B', 'é', 'É', 'k', '\u212a', '%', '_', ' ', '\n', '🚀', 'z', 'Z', '0'];
const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 5 }).map((a) => a.join(''));
const term = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 3 }).map((a) => a.join(''));
/** Absent twice as often as present: most requests match something. */
const maybe = <T,>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: arb, weight: 1 });
const base = Date.UTC(2026, 0, 1);
/** A few instants only: ties on every sort key. */
const at = fc.nat(3).map((n) => new Date(base + n * 1000));
const maybeAt = fc.option(at);

/** SQLite's order of text (BINARY: UTF-8 bytes = code points), PostgreSQL's COLLATE "C". */
const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
type Key = string | number | null;
const cmpKey = (a: Key, b: Key) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : typeof a === 'string' ? bytes(a, b as string) : a < (b as number) ? -1 : 1);
/** Sort by keys, all in one direction, NULL smallest (SQLite's order); the last key is the id. */
function sortedIds<T>(rows: T[], keys: (r: T) => Key[], order: 'asc' | 'desc'): string[] {
  const sorted = [...rows].sort((x, y) => {
    const a = keys(x);
    const b = keys(y);
    for (let i = 0; i < a.length; i++) {
      const c = cmpKey(a[i]!, b[i]!);
      if (c) return order === 'asc' ? c : -c;
    }
    return 0;
  });
  return sorted.map((r) => keys(r).at(-1) as string);
}
const containsA = (value: string | null, t: string) => value !== null && asciiLower(value).includes(asciiLower(t));

/** Every page (and one past the end) of a request: PostgreSQL = brute force = SQLite. */
async function expectPages(
  label: string,
  expected: string[],
  limit: number,
  pgPage: (page: number) => Promise<IdsPage>,
  sqlitePage: (page: number) => IdsPage,
) {
  const pages = Math.ceil(expected.length / limit) + 1;
  for (let page = 1; page <= pages; page++) {
    const want = { ids: expected.slice((page - 1) * limit, page * limit), total: expected.length };
    expect(await pgPage(page), `${label} page ${page} (PostgreSQL)`).toEqual(want);
    expect(sqlitePage(page), `${label} page ${page} (SQLite)`).toEqual(want);
  }
}

async function newOrganization() {
  const id = crypto.randomUUID();
  const tenant = crypto.randomUUID();
  await pg.db().insert(s.organizations).values({ id, name: 'o', tenant });
  sqlite.insert(lite.organizations).values({ id, name: 'o', tenant }).run();
  return id;
}

describe('PostgreSQL list modules equal brute force and the SQLite modules', () => {
  it('the test database sorts text unlike SQLite unless told COLLATE "C"', async () => {
    const { rows } = await pg.db().$client.query<{ v: string }>(`select v from unnest(array['B', 'a', ' z']) v order by v`);
    expect(rows.map((r) => r.v)).not.toEqual(['B', 'a', ' z'].sort(bytes));
  });

  it('A1 contracts: status filter, search, every sort (deployedAt NULL-able)', async () => {
    const db = pg.db();
    const contract = fc.record({ name: text, symbol: text, description: fc.option(text), status: fc.constantFrom(...contractStatuses), deployedAt: maybeAt, createdAt: at, updatedAt: at, plain: fc.boolean() });
    const request = fc.record({
      status: maybe(fc.constantFrom(...contractStatuses)),
      search: maybe(term),
      sortBy: fc.constantFrom('createdAt', 'updatedAt', 'name', 'symbol', 'status', 'deployedAt'),
      sortOrder: fc.constantFrom('asc', 'desc'),
      limit: fc.integer({ min: 1, max: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(contract, { minLength: 1, maxLength: 12 }),
        fc.array(fc.record({ index: fc.nat(9), status: fc.constantFrom(...contractStatuses), remove: fc.boolean() }), { maxLength: 3 }),
        fc.array(request, { minLength: 1, maxLength: 6 }),
        async (rows, changes, requests) => {
          const org = await newOrganization();
          const ids = rows.map(() => crypto.randomUUID());
          for (const [i, r] of rows.entries()) {
            const values = { id: ids[i]!, organizationId: org, name: r.name, symbol: r.symbol, description: r.description, status: r.status, deployedAt: r.deployedAt, createdAt: r.createdAt, updatedAt: r.updatedAt };
            if (r.plain) {
              await db.$client.query(
                `insert into smart_contracts (id, organization_id, name, symbol, description, status, deployed_at, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
                [values.id, org, r.name, r.symbol, r.description, r.status, r.deployedAt, r.createdAt, r.updatedAt],
              );
            } else await db.insert(s.smartContracts).values(values);
            sqlite.insert(lite.smartContracts).values(values).run();
          }
          // Every answer before the plain-SQL changes, and again after them (anchors of the old
          // generation must not serve).
          const verify = async () => {
            const current = (
              await db.$client.query<{ id: string; name: string; symbol: string; description: string | null; status: string; deployed_at: Date | null; created_at: Date; updated_at: Date }>(
                'select * from smart_contracts where organization_id = $1',
                [org],
              )
            ).rows;
            for (const r of requests) {
              const q = { ...r, page: 1 } as ContractPageRequest;
              const matching = current.filter((c) => (!q.status || c.status === q.status) && (!q.search || [c.name, c.symbol, c.description].some((v) => containsA(v, q.search!))));
              const key = (c: (typeof current)[number]): Key => {
                const v = { createdAt: c.created_at, updatedAt: c.updated_at, name: c.name, symbol: c.symbol, status: c.status, deployedAt: c.deployed_at }[q.sortBy];
                return v instanceof Date ? v.getTime() : v;
              };
              await expectPages(
                `A1 ${JSON.stringify(q)}`,
                sortedIds(matching, (c) => [key(c), c.id], q.sortOrder),
                q.limit,
                (page) => contractPage(db, org, { ...q, page }),
                (page) => sqliteContractPage(sqlite, org, { ...q, page }),
              );
            }
          };
          await verify();
          for (const c of changes) {
            const id = ids[c.index];
            if (!id) continue;
            if (c.remove) {
              await db.$client.query('delete from smart_contracts where id = $1', [id]);
              sqlite.delete(lite.smartContracts).where(eq(lite.smartContracts.id, id)).run();
            } else {
              await db.$client.query('update smart_contracts set status = $1 where id = $2', [c.status, id]);
              const updatedAt = (await db.$client.query<{ u: Date }>('select updated_at as u from smart_contracts where id = $1', [id])).rows[0]?.u;
              if (updatedAt) sqlite.update(lite.smartContracts).set({ status: c.status, updatedAt }).where(eq(lite.smartContracts.id, id)).run();
            }
          }
          await verify();
        },
      ),
      { numRuns: 30 },
    );
    expect((await checkPostgres(db.$client)).problems).toEqual([]);
  }, 240_000);

  it('A5 NFTs: status, contract and copyright filters, search, every sort (mintedAt NULL-able)', async () => {
    const db = pg.db();
    const nft = fc.record({
      name: text,
      description: fc.option(text),
      contract: fc.nat(1),
      status: fc.constantFrom(...nftStatuses),
      copyrightStatus: fc.constantFrom(...copyrightStatuses),
      mintedAt: maybeAt,
      supply: fc.nat(2),
      createdAt: at,
      updatedAt: at,
      plain: fc.boolean(),
    });
    const request = fc.record({
      status: maybe(fc.constantFrom(...nftStatuses)),
      copyrightStatus: maybe(fc.constantFrom(...copyrightStatuses)),
      contract: maybe(fc.nat(1)),
      search: maybe(term),
      sortBy: fc.constantFrom('createdAt', 'updatedAt', 'name', 'status', 'mintedAt', 'supply'),
      sortOrder: fc.constantFrom('asc', 'desc'),
      limit: fc.integer({ min: 1, max: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(nft, { minLength: 1, maxLength: 14 }),
        fc.array(fc.record({ index: fc.nat(11), status: fc.constantFrom(...nftStatuses), copyrightStatus: fc.constantFrom(...copyrightStatuses), remove: fc.boolean() }), { maxLength: 4 }),
        fc.array(request, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('auto', 'walk', 'hits'),
        fc.constantFrom('auto', 'index', 'row'),
        async (rows, changes, requests, form, narrowing) => {
          // Both forms of the search (narrowed through the search indexes, or tested row by row on a walk),
          // and a count and deep pages narrowed through the indexes or tested on each row.
          pgListTuning.nftWalk = form;
          pgListTuning.searchIndex = narrowing;
          const org = await newOrganization();
          const contracts = [crypto.randomUUID(), crypto.randomUUID()];
          for (const [i, id] of contracts.entries()) {
            const values = { id, organizationId: org, name: `c${i}`, symbol: `C${i}`, createdAt: new Date(base), updatedAt: new Date(base) };
            await db.insert(s.smartContracts).values(values);
            sqlite.insert(lite.smartContracts).values(values).run();
          }
          const ids = rows.map(() => crypto.randomUUID());
          for (const [i, r] of rows.entries()) {
            const values = {
              id: ids[i]!,
              organizationId: org,
              smartContractId: contracts[r.contract]!,
              name: r.name,
              description: r.description,
              status: r.status,
              copyrightStatus: r.copyrightStatus,
              mintedAt: r.mintedAt,
              supply: r.supply,
              createdAt: r.createdAt,
              updatedAt: r.updatedAt,
            };
            if (r.plain) {
              await db.$client.query(
                `insert into nfts (id, organization_id, smart_contract_id, name, description, status, copyright_status, minted_at, supply, created_at, updated_at)
                 values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
                [values.id, org, values.smartContractId, r.name, r.description, r.status, r.copyrightStatus, r.mintedAt, r.supply, r.createdAt, r.updatedAt],
              );
            } else await db.insert(s.nfts).values(values);
            sqlite.insert(lite.nfts).values(values).run();
          }
          // Every answer before the plain-SQL changes, and again after them (anchors of the old
          // generation must not serve).
          const verify = async () => {
            type Row = { id: string; smart_contract_id: string; name: string; description: string | null; status: string; copyright_status: string; minted_at: Date | null; supply: string | number; created_at: Date; updated_at: Date };
            const current = (await db.$client.query<Row>('select * from nfts where organization_id = $1', [org])).rows;
            for (const r of requests) {
              const contractId = r.contract === undefined ? undefined : contracts[r.contract];
              const q = { status: r.status, copyrightStatus: r.copyrightStatus, contractId, search: r.search, sortBy: r.sortBy, sortOrder: r.sortOrder, limit: r.limit, page: 1 } as NftPageRequest;
              const matching = current.filter(
                (n) =>
                  (!q.status || n.status === q.status) &&
                  (!q.copyrightStatus || n.copyright_status === q.copyrightStatus) &&
                  (!q.contractId || n.smart_contract_id === q.contractId) &&
                  (!q.search || containsA(n.name, q.search) || containsA(n.description, q.search)),
              );
              const key = (n: Row): Key => {
                const v = { createdAt: n.created_at, updatedAt: n.updated_at, name: n.name, status: n.status, mintedAt: n.minted_at, supply: Number(n.supply) }[q.sortBy];
                return v instanceof Date ? v.getTime() : v;
              };
              await expectPages(
                `A5 ${JSON.stringify(q)}`,
                sortedIds(matching, (n) => [key(n), n.id], q.sortOrder),
                q.limit,
                (page) => nftPage(db, org, { ...q, page }),
                (page) => sqliteNftPage(sqlite, org, { ...q, page }),
              );
            }
          };
          await verify();
          for (const c of changes) {
            const id = ids[c.index];
            if (!id) continue;
            if (c.remove) {
              await db.$client.query('delete from nfts where id = $1', [id]);
              sqlite.delete(lite.nfts).where(eq(lite.nfts.id, id)).run();
            } else {
              await db.$client.query('update nfts set status = $1, copyright_status = $2 where id = $3', [c.status, c.copyrightStatus, id]);
              const updatedAt = (await db.$client.query<{ u: Date }>('select updated_at as u from nfts where id = $1', [id])).rows[0]?.u;
              if (updatedAt) sqlite.update(lite.nfts).set({ status: c.status, copyrightStatus: c.copyrightStatus, updatedAt }).where(eq(lite.nfts.id, id)).run();
            }
          }
          await verify();
        },
      ),
      { numRuns: 30 },
    );
    pgListTuning.nftWalk = 'auto';
    pgListTuning.searchIndex = 'auto';
    expect((await checkPostgres(db.$client)).problems).toEqual([]);
  }, 240_000);

  it('A9 members and pending invitations: status and wallet filters, search, every sort', async () => {
    const db = pg.db();
    const person = fc.record({
      email: text,
      name: text,
      first: fc.option(text),
      last: fc.option(text),
      status: fc.constantFrom(...membershipStatuses),
      wallet: fc.constantFrom('none', 'primary', 'secondary'),
      createdAt: at,
      updatedAt: at,
      plain: fc.boolean(),
    });
    const invitation = fc.record({ email: text, status: fc.constantFrom(...invitationStatuses), createdAt: at, updatedAt: at, plain: fc.boolean() });
    const request = fc.record({
      status: maybe(fc.constantFrom('ACTIVE', 'SUSPENDED', 'PENDING')),
      hasWallet: maybe(fc.boolean()),
      search: maybe(term),
      sortBy: fc.constantFrom('createdAt', 'updatedAt', 'email', 'status'),
      sortOrder: fc.constantFrom('asc', 'desc'),
      limit: fc.integer({ min: 1, max: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(person, { minLength: 1, maxLength: 8 }),
        fc.array(invitation, { maxLength: 6 }),
        fc.array(
          fc.record({
            index: fc.nat(7),
            status: fc.constantFrom(...membershipStatuses),
            wallet: fc.boolean(),
            rename: fc.option(fc.record({ column: fc.constantFrom('name', 'first_name', 'last_name'), value: fc.option(text) })),
          }),
          { maxLength: 3 },
        ),
        fc.array(request, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('auto', 'walk', 'hits'),
        fc.constantFrom('auto', 'index', 'row'),
        async (people, invites, changes, requests, form, narrowing) => {
          // Both forms of the search (the hits sorted, or the sort index walked testing each row),
          // and a short term's count narrowed through its index or tested on each row.
          pgListTuning.memberWalk = form;
          pgListTuning.searchIndex = narrowing;
          const org = await newOrganization();
          const users: string[] = [];
          const memberships: string[] = [];
          for (const p of people) {
            const user = { id: crypto.randomUUID(), email: `${p.email}@${crypto.randomUUID().slice(0, 4)}`, name: p.name, userName: `u${crypto.randomUUID()}`, firstName: p.first, lastName: p.last };
            const member = { id: crypto.randomUUID(), organizationId: org, userId: user.id, status: p.status, createdAt: p.createdAt, updatedAt: p.updatedAt };
            const wallet = p.wallet === 'none' ? null : { id: crypto.randomUUID(), userId: user.id, address: `0x${crypto.randomUUID()}`, isPrimary: p.wallet === 'primary' };
            users.push(user.id);
            memberships.push(member.id);
            if (p.plain) {
              await db.$client.query(`insert into users (id, email, name, user_name, first_name, last_name, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, now(), now())`, [
                user.id,
                user.email,
                user.name,
                user.userName,
                user.firstName,
                user.lastName,
              ]);
              await db.$client.query(`insert into user_organizations (id, organization_id, user_id, status, created_at, updated_at) values ($1, $2, $3, $4, $5, $6)`, [
                member.id,
                org,
                user.id,
                member.status,
                member.createdAt,
                member.updatedAt,
              ]);
              if (wallet) await db.$client.query(`insert into wallets (id, user_id, address, is_primary, created_at, updated_at) values ($1, $2, $3, $4, now(), now())`, [wallet.id, user.id, wallet.address, wallet.isPrimary]);
            } else {
              await db.insert(s.users).values(user);
              await db.insert(s.userOrganizations).values(member);
              if (wallet) await db.insert(s.wallets).values(wallet);
            }
            sqlite.insert(lite.users).values(user).run();
            sqlite.insert(lite.userOrganizations).values(member).run();
            if (wallet) sqlite.insert(lite.wallets).values(wallet).run();
          }
          for (const i of invites) {
            const values = { id: crypto.randomUUID(), organizationId: org, email: i.email, status: i.status, tokenHash: crypto.randomUUID(), expiresAt: new Date(base), createdAt: i.createdAt, updatedAt: i.updatedAt };
            if (i.plain) {
              await db.$client.query(
                `insert into invitations (id, organization_id, email, status, token_hash, expires_at, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
                [values.id, org, i.email, i.status, values.tokenHash, values.expiresAt, i.createdAt, i.updatedAt],
              );
            } else await db.insert(s.invitations).values(values);
            sqlite.insert(lite.invitations).values(values).run();
          }
          // Every answer before the plain-SQL changes, and again after them (anchors of the old
          // generation must not serve).
          const verify = async () => {
            type Row = { id: string; email: string; status: string; has_wallet: boolean; created_at: Date; updated_at: Date; texts: (string | null)[] };
            const current: Row[] = [
              ...(
                await db.$client.query<Row>(
                  `select m.id, u.email, m.status, exists (select 1 from wallets w where w.user_id = u.id and w.is_primary) as has_wallet, m.created_at, m.updated_at,
                     array[u.email, u.name, u.user_name, u.first_name || ' ' || u.last_name] as texts
                   from user_organizations m join users u on u.id = m.user_id where m.organization_id = $1`,
                  [org],
                )
              ).rows,
              ...(
                await db.$client.query<Row>(
                  `select id, email, status, false as has_wallet, created_at, updated_at, array[email] as texts from invitations where organization_id = $1 and status = 'PENDING'`,
                  [org],
                )
              ).rows,
            ];
            for (const r of requests) {
              const q = { ...r, page: 1 } as MemberPageRequest;
              const matching = current.filter(
                (m) => (!q.status || m.status === q.status) && (q.hasWallet === undefined || m.has_wallet === q.hasWallet) && (!q.search || m.texts.some((v) => containsA(v, q.search!))),
              );
              const keys = (m: Row): Key[] => {
                if (q.sortBy === 'status') return [m.status, m.created_at.getTime(), m.id];
                const v = { createdAt: m.created_at, updatedAt: m.updated_at, email: m.email }[q.sortBy];
                return [v instanceof Date ? v.getTime() : v, m.id];
              };
              await expectPages(
                `A9 ${JSON.stringify(q)}`,
                sortedIds(matching, keys, q.sortOrder),
                q.limit,
                (page) => memberPage(db, org, { ...q, page }),
                (page) => sqliteMemberPage(sqlite, org, { ...q, page }),
              );
            }
          };
          await verify();
          for (const c of changes) {
            const id = memberships[c.index];
            if (!id) continue;
            if (c.rename !== null) {
              // Only a searched text of the person changes, by plain SQL: member_list.search and the searches must follow.
              const { column } = c.rename;
              const value = column === 'name' ? (c.rename.value ?? '') : c.rename.value;
              await db.$client.query(`update users set ${column} = $1 where id = $2`, [value, users[c.index]!]);
              const updated = (await db.$client.query<{ u: Date }>('select updated_at as u from users where id = $1', [users[c.index]!])).rows[0]!.u;
              const field = { name: 'name', first_name: 'firstName', last_name: 'lastName' }[column];
              sqlite.update(lite.users).set({ [field]: value, updatedAt: updated }).where(eq(lite.users.id, users[c.index]!)).run();
              continue;
            }
            await db.$client.query('update user_organizations set status = $1 where id = $2', [c.status, id]);
            const updatedAt = (await db.$client.query<{ u: Date }>('select updated_at as u from user_organizations where id = $1', [id])).rows[0]!.u;
            sqlite.update(lite.userOrganizations).set({ status: c.status, updatedAt }).where(eq(lite.userOrganizations.id, id)).run();
            if (c.wallet) {
              // A primary wallet arrives later (plain SQL): has_wallet follows.
              const wallet = { id: crypto.randomUUID(), userId: users[c.index]!, address: `0x${crypto.randomUUID()}`, isPrimary: true };
              const { rowCount } = await db.$client.query(
                `insert into wallets (id, user_id, address, is_primary, created_at, updated_at) select $1, $2, $3, true, now(), now()
                 where not exists (select 1 from wallets where user_id = $2 and is_primary)`,
                [wallet.id, wallet.userId, wallet.address],
              );
              if (rowCount) sqlite.insert(lite.wallets).values(wallet).run();
            }
          }
          await verify();
        },
      ),
      { numRuns: 30 },
    );
    pgListTuning.memberWalk = 'auto';
    pgListTuning.searchIndex = 'auto';
    expect((await checkPostgres(db.$client)).problems).toEqual([]);
  }, 240_000);
});
