import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invitationStatuses } from '@/db/enums';
import * as s from '@/db/schema-pg';
import { withPostgres } from '@/test/postgres/database';
import { searchContractIds, searchMemberIds, searchNftIds } from './queries';
import type { IdsPage } from '@/lib/storage/lists';
import { asciiLower } from '../../like';
import type { Semantics } from './terms';
import { knownFoldDifference } from '@/test/postgres/fold-differences';

/*
 * The PostgreSQL searches against brute force: fast-check writes rows in random order — half
 * through Drizzle (the application's path), half as plain SQL that sets nothing derived (a psql or
 * COPY load), some renamed afterwards by plain SQL — then every term's ids, order, paging and total
 * must equal a recomputation in JavaScript over the rows read back: Family A's LIKE semantics (ASCII
 * letters folded only) and Family B's toLowerCase, for terms of one, two and more characters.
 */
const pg = withPostgres();

// A line break: A9's member_list.search joins a person's texts with one.
const alphabet = ['a', 'b', 'A', 'B', 'é', 'É', 'İ', 'i', '\u0307', 'ß', 's', 'S', 'Σ', 'ς', 'σ', '\u212a', 'k', '%', '_', '\\', ' ', '\n', '🚀', 'x', 'ab'];
// Names and contract names stay clear of the fold's known differences (fold.test.ts): their stored
// folds are compared with JavaScript's below.
const text = fc
  .array(fc.constantFrom(...alphabet), { maxLength: 8 })
  .map((a) => a.join(''))
  .filter((t) => !knownFoldDifference(t));
const term = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 4 }).map((a) => a.join(''));

const containsA = (value: string | null, t: string) => value !== null && asciiLower(value).includes(asciiLower(t));
const containsB = (value: string | null, t: string) => value !== null && value.toLowerCase().includes(t.toLowerCase());

type Row = { id: string; createdAt: number };
const byCreated = (order: 'asc' | 'desc') => (x: Row, y: Row) => {
  const c = x.createdAt - y.createdAt || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
  return order === 'asc' ? c : -c;
};

/** Every page of `search` (pages of `limit`) must be the matching slice of the brute-force order. */
async function expectSame(search: (p: { limit: number; offset: number; order: 'asc' | 'desc' }) => Promise<IdsPage>, expected: Row[], limit: number) {
  for (const order of ['asc', 'desc'] as const) {
    const sorted = [...expected].sort(byCreated(order)).map((r) => r.id);
    const all = await search({ limit: 1000, offset: 0, order });
    expect(all).toEqual({ ids: sorted, total: sorted.length });
    const second = await search({ limit, offset: limit, order });
    expect(second).toEqual({ ids: sorted.slice(limit, 2 * limit), total: sorted.length });
  }
}

const base = Date.UTC(2026, 0, 1);

describe('PostgreSQL search equals brute force', () => {
  it('NFTs (A: name/description LIKE; B: name and contract name folded like JavaScript)', async () => {
    const db = pg.db();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: text, description: fc.option(text), contract: fc.nat(2), plain: fc.boolean(), at: fc.nat(5) }), { maxLength: 14 }),
        fc.array(text, { minLength: 3, maxLength: 3 }),
        fc.option(fc.record({ contract: fc.nat(2), name: text })),
        fc.array(term, { minLength: 1, maxLength: 6 }),
        async (rows, contractNames, rename, terms) => {
          const [org, other] = await db.insert(s.organizations).values([{ name: 'o', tenant: crypto.randomUUID() }, { name: 'p', tenant: crypto.randomUUID() }]).returning();
          const contracts = await db
            .insert(s.smartContracts)
            .values(contractNames.map((name, i) => ({ organizationId: org!.id, name, symbol: `S${i}` })))
            .returning();
          // A row of another organization that matches everything must never show.
          const [foreign] = await db.insert(s.smartContracts).values({ organizationId: other!.id, name: 'ab', symbol: 'F' }).returning();
          await db.insert(s.nfts).values({ organizationId: other!.id, smartContractId: foreign!.id, name: alphabet.join('') });
          for (const r of rows) {
            const values = { organizationId: org!.id, smartContractId: contracts[r.contract]!.id, name: r.name, description: r.description, createdAt: new Date(base + r.at) };
            if (r.plain) {
              // As psql would: no fold columns (or wrong ones), no id default from the app.
              await db.$client.query(
                `insert into nfts (id, organization_id, smart_contract_id, name, description, name_fold, created_at, updated_at)
                 values ($1, $2, $3, $4, $5, 'stale', $6, now())`,
                [crypto.randomUUID(), values.organizationId, values.smartContractId, values.name, values.description, values.createdAt],
              );
            } else {
              await db.insert(s.nfts).values(values);
            }
          }
          if (rename) await db.$client.query('update smart_contracts set name = $1 where id = $2', [rename.name, contracts[rename.contract]!.id]);

          const current = await db.$client.query<{ id: string; name: string; description: string | null; contract: string; created_at: Date; name_fold: string; contract_name_fold: string }>(
            `select n.id, n.name, n.description, c.name as contract, n.created_at, n.name_fold, n.contract_name_fold
             from nfts n join smart_contracts c on c.id = n.smart_contract_id where n.organization_id = $1`,
            [org!.id],
          );
          for (const r of current.rows) {
            expect(r.name_fold).toBe(r.name.toLowerCase());
            expect(r.contract_name_fold).toBe(r.contract.toLowerCase());
          }
          const rowsOf = (keep: (r: (typeof current.rows)[number]) => boolean) =>
            current.rows.filter(keep).map((r) => ({ id: r.id, createdAt: r.created_at.getTime() }));
          for (const t of [...terms, ...rows.slice(0, 2).map((r) => Array.from(r.name).slice(1, 4).join('')).filter(Boolean)]) {
            for (const semantics of ['A', 'B'] as Semantics[]) {
              const expected =
                semantics === 'A'
                  ? rowsOf((r) => containsA(r.name, t) || containsA(r.description, t))
                  : rowsOf((r) => containsB(r.name, t) || containsB(r.contract, t));
              await expectSame((p) => searchNftIds(db, org!.id, t, semantics, p), expected, 2);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);

  it('contracts (A1: name, symbol, description LIKE)', async () => {
    const db = pg.db();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: text, symbol: text, description: fc.option(text), plain: fc.boolean(), at: fc.nat(5) }), { maxLength: 12 }),
        fc.array(term, { minLength: 1, maxLength: 6 }),
        async (rows, terms) => {
          const [org] = await db.insert(s.organizations).values({ name: 'o', tenant: crypto.randomUUID() }).returning();
          for (const r of rows) {
            if (r.plain) {
              await db.$client.query(
                `insert into smart_contracts (id, organization_id, name, symbol, description, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, now())`,
                [crypto.randomUUID(), org!.id, r.name, r.symbol, r.description, new Date(base + r.at)],
              );
            } else {
              await db.insert(s.smartContracts).values({ organizationId: org!.id, name: r.name, symbol: r.symbol, description: r.description, createdAt: new Date(base + r.at) });
            }
          }
          const current = await db.$client.query<{ id: string; name: string; symbol: string; description: string | null; created_at: Date }>(
            'select id, name, symbol, description, created_at from smart_contracts where organization_id = $1',
            [org!.id],
          );
          for (const t of terms) {
            const expected = current.rows
              .filter((r) => containsA(r.name, t) || containsA(r.symbol, t) || containsA(r.description, t))
              .map((r) => ({ id: r.id, createdAt: r.created_at.getTime() }));
            await expectSame((p) => searchContractIds(db, org!.id, t, p), expected, 2);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);

  it('members and pending invitations (A9: e-mail, name, user name, "first last" LIKE)', async () => {
    const db = pg.db();
    const person = fc.record({ email: text, name: text, userName: fc.option(text), first: fc.option(text), last: fc.option(text), plain: fc.boolean(), at: fc.nat(5) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(person, { maxLength: 8 }),
        fc.array(fc.record({ email: text, status: fc.constantFrom(...invitationStatuses), at: fc.nat(5) }), { maxLength: 6 }),
        fc.array(term, { minLength: 1, maxLength: 6 }),
        async (people, invites, terms) => {
          const [org] = await db.insert(s.organizations).values({ name: 'o', tenant: crypto.randomUUID() }).returning();
          for (const p of people) {
            const email = `${p.email}#${crypto.randomUUID()}`;
            const userName = p.userName === null ? null : `${p.userName}#${crypto.randomUUID().slice(0, 8)}`;
            if (p.plain) {
              const id = crypto.randomUUID();
              await db.$client.query(
                `insert into users (id, email, name, user_name, first_name, last_name, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, now(), now())`,
                [id, email, p.name, userName, p.first, p.last],
              );
              await db.$client.query(
                `insert into user_organizations (id, organization_id, user_id, created_at, updated_at) values ($1, $2, $3, $4, now())`,
                [crypto.randomUUID(), org!.id, id, new Date(base + p.at)],
              );
            } else {
              const [u] = await db.insert(s.users).values({ email, name: p.name, userName, firstName: p.first, lastName: p.last }).returning();
              await db.insert(s.userOrganizations).values({ organizationId: org!.id, userId: u!.id, createdAt: new Date(base + p.at) });
            }
          }
          for (const i of invites) {
            await db.insert(s.invitations).values({
              organizationId: org!.id,
              email: i.email,
              status: i.status,
              tokenHash: crypto.randomUUID(),
              expiresAt: new Date(base),
              createdAt: new Date(base + i.at),
            });
          }
          const members = await db.$client.query<{ id: string; created_at: Date; email: string; name: string; user_name: string | null; first_name: string | null; last_name: string | null }>(
            `select m.id, m.created_at, u.email, u.name, u.user_name, u.first_name, u.last_name
             from user_organizations m join users u on u.id = m.user_id where m.organization_id = $1`,
            [org!.id],
          );
          const invitations = await db.$client.query<{ id: string; created_at: Date; email: string; status: string }>(
            'select id, created_at, email, status from invitations where organization_id = $1',
            [org!.id],
          );
          for (const t of terms) {
            const full = (r: (typeof members.rows)[number]) => (r.first_name === null || r.last_name === null ? null : `${r.first_name} ${r.last_name}`);
            const expected = [
              ...members.rows.filter((r) => [r.email, r.name, r.user_name, full(r)].some((v) => containsA(v, t))),
              ...invitations.rows.filter((r) => r.status === 'PENDING' && containsA(r.email, t)),
            ].map((r) => ({ id: r.id, createdAt: r.created_at.getTime() }));
            await expectSame((p) => searchMemberIds(db, org!.id, t, p), expected, 2);
          }
        },
      ),
      { numRuns: 20 },
    );
  }, 240_000);
});
