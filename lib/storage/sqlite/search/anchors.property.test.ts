import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, smartContracts } from '@/db/schema';
import { listContracts } from '@/lib/contracts/service';
import { listNfts } from '@/lib/nfts/service';
import { createTestOrg } from '@/test/helpers';
import { clearAnchorCache, idsAt, type OrderedSet } from './anchors';
import { searchTuning } from './tuning';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/*
 * Anchored deep pages and common-term walks must give exactly what a plain ORDER BY … LIMIT …
 * OFFSET over the base table gives, for every sort (nullable ones included), direction, filter,
 * page and page size — and stay exact while rows are inserted, updated and deleted between reads.
 * The anchor interval and the common-term threshold are shrunk so ~100 rows cross many anchors.
 */

const statuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'] as const;
const sorts = ['createdAt', 'updatedAt', 'name', 'status', 'mintedAt', 'supply'] as const;
const sortSql = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name', status: 'status', mintedAt: 'minted_at', supply: 'supply' };
// Few distinct values, so ties (and NULL runs) cross anchor boundaries.
const names = ['harbor', 'Harbor', 'meadow', 'amber harbor', 'amber', 'zeta', 'Émile', 'a_b'];
const stamps = [0, 1, 2, 3].map((d) => new Date(Date.UTC(2026, 0, 1 + d)));

type Read = { sortBy: (typeof sorts)[number]; sortOrder: 'asc' | 'desc'; status?: (typeof statuses)[number]; contract?: number; search: string | null; page: number; limit: number; walkBudget: number };
type Step = { kind: 'read'; read: Read } | { kind: 'insert'; name: number; minted: number | null; supply: number; status: number } | { kind: 'update'; i: number; name: number; minted: number | null } | { kind: 'delete'; i: number };

const saved = { ...searchTuning };
const readArb: fc.Arbitrary<Read> = fc.record({
  sortBy: fc.constantFrom(...sorts),
  sortOrder: fc.constantFrom('asc' as const, 'desc' as const),
  status: fc.option(fc.constantFrom(...statuses), { nil: undefined }),
  // A contract filter: a common term is then counted over the contract's rows.
  contract: fc.option(fc.constantFrom(0, 1), { nil: undefined }),
  search: fc.constantFrom(null, null, 'harbor', 'amber', 'zzz'),
  page: fc.integer({ min: 1, max: 40 }),
  limit: fc.constantFrom(1, 3, 7, 20),
  // A common term's walk bounded to a few rows: pages it does not fill are read off the hits.
  walkBudget: fc.constantFrom(saved.walkBudget, 0, 2, 6),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: readArb.map((read) => ({ kind: 'read' as const, read })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('insert' as const), name: fc.nat(names.length - 1), minted: fc.option(fc.nat(3), { nil: null }), supply: fc.integer({ min: 1, max: 3 }), status: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('update' as const), i: fc.nat(200), name: fc.nat(names.length - 1), minted: fc.option(fc.nat(3), { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), i: fc.nat(200) }) },
);

let organizationId = '';
let contractIds: string[] = [];

function insert(name: string, minted: Date | null, supply: number, status: (typeof statuses)[number]) {
  getDb()
    .insert(nfts)
    .values({ organizationId, smartContractId: contractIds[supply % 2]!, name, description: null, supply, status, mintedAt: minted, createdAt: stamps[supply % stamps.length]!, updatedAt: stamps[0]! })
    .run();
}

const contractOf = (r: { contract?: number }) => (r.contract === undefined ? null : contractIds[r.contract]!);

/** The reference: a plain OFFSET over the table, no index tricks, no caches. */
function reference(r: Omit<Read, 'walkBudget'>): { ids: string[]; total: number } {
  const col = sql.raw(`"${sortSql[r.sortBy]}"`);
  const dir = sql.raw(r.sortOrder);
  const where = sql`organization_id = ${organizationId}
    and (${r.status ?? null} is null or status = ${r.status ?? null})
    and (${contractOf(r)} is null or smart_contract_id = ${contractOf(r)})
    and (${r.search} is null or name like ${`%${r.search ?? ''}%`} or description like ${`%${r.search ?? ''}%`})`;
  const db = getDb();
  const ids = db.all<{ id: string }>(sql`select id from nfts where ${where} order by ${col} ${dir}, id ${dir} limit ${r.limit} offset ${(r.page - 1) * r.limit}`).map((x) => x.id);
  const total = db.get<{ n: number }>(sql`select count(*) as n from nfts where ${where}`).n;
  return { ids, total };
}

describe('anchored paging', () => {
  beforeAll(async () => {
    searchTuning.anchorInterval = 5;
    searchTuning.commonHits = 10;
    clearAnchorCache();
    const org = await createTestOrg();
    organizationId = org.organization.id;
    contractIds = [0, 1].map((i) => getDb().insert(smartContracts).values({ organizationId, name: `Anchors ${i}`, symbol: 'ANC' }).returning().get().id);
    for (let i = 0; i < 120; i++) insert(names[i % names.length]!, i % 3 === 0 ? stamps[i % 4]! : null, 1 + (i % 3), statuses[i % 4]!);
  });
  afterAll(() => {
    Object.assign(searchTuning, saved);
    clearAnchorCache();
  });

  it('every page of every sort, filter and search equals a plain OFFSET read, under writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: 25 }), async (steps) => {
        const db = getDb();
        for (const step of steps) {
          const ids = () => db.all<{ id: string }>(sql`select id from nfts where organization_id = ${organizationId} order by rowid`).map((x) => x.id);
          if (step.kind === 'insert') insert(names[step.name]!, step.minted === null ? null : stamps[step.minted]!, step.supply, statuses[step.status]!);
          else if (step.kind === 'update') {
            const list = ids();
            const id = list[step.i % list.length];
            if (id) db.update(nfts).set({ name: names[step.name]!, mintedAt: step.minted === null ? null : stamps[step.minted]! }).where(eq(nfts.id, id)).run();
          } else if (step.kind === 'delete') {
            const list = ids();
            const id = list[step.i % list.length];
            if (id && list.length > 60) db.delete(nfts).where(eq(nfts.id, id)).run();
          } else {
            const { walkBudget, ...r } = step.read;
            searchTuning.walkBudget = walkBudget;
            searchTuning.walkPerHit = walkBudget === saved.walkBudget ? saved.walkPerHit : 0;
            searchTuning.firstMatchPerHit = walkBudget === saved.walkBudget ? saved.firstMatchPerHit : 0;
            const want = reference(step.read);
            const got = (await listNfts(sqliteStore(db), organizationId, { ...r, contractId: contractOf(r) ?? undefined, copyrightStatus: undefined }));
            expect(got.pagination.total).toBe(want.total);
            expect(got.data.map((d) => d.id)).toEqual(want.ids);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("a deeper page extends the anchors an earlier one built (no write between): every page exact", async () => {
    const db = getDb();
    // mintedAt is NULL-able: its one-pass builds number the set from the start each time.
    for (const sortBy of ['name', 'supply', 'createdAt', 'mintedAt'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        for (const status of [undefined, 'MINTED'] as const) {
          clearAnchorCache();
          for (const page of [2, 3, 5, 8, 9, 13]) {
            const r = { sortBy, sortOrder, status, search: 'harbor', page, limit: 2 };
            const got = await listNfts(sqliteStore(db), organizationId, { ...r, contractId: undefined, copyrightStatus: undefined });
            expect(got.data.map((d) => d.id), JSON.stringify(r)).toEqual(reference(r).ids);
          }
        }
      }
    }
  });

  it('walks every page of a nullable sort in both directions without gaps or repeats', async () => {
    const db = getDb();
    const total = db.get<{ n: number }>(sql`select count(*) as n from nfts where organization_id = ${organizationId}`).n;
    for (const sortOrder of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(total / 3); page++) {
        seen.push(...(await listNfts(sqliteStore(db), organizationId, { sortBy: 'mintedAt', sortOrder, page, limit: 3, search: null })).data.map((d) => d.id));
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect(seen).toEqual(reference({ sortBy: 'mintedAt', sortOrder, search: null, page: 1, limit: total }).ids);
    }
  });

  it('a set with a start reads from it: every offset, anchors stepped or built in one pass', () => {
    // Rows before the start match the set's condition here, so a read that ignored it would show.
    const db = getDb();
    const all = db.all<{ v: number; id: string }>(sql`select supply as v, id from nfts where organization_id = ${organizationId} order by supply asc, id asc`);
    const from = 17;
    const start = all[from]!;
    for (const onePass of [undefined, { where: undefined }]) {
      clearAnchorCache();
      const set: OrderedSet = {
        from: sql`"nfts"`,
        where: sql`"nfts"."organization_id" = ${organizationId}`,
        sort: sql`"nfts"."supply"`,
        id: sql`"nfts"."id"`,
        direction: 'asc',
        onePass,
        start: { v: start.v, id: start.id },
      };
      for (const offset of [0, 3, 4, 5, 9, 12, 31, 60, all.length - from - 2]) {
        expect(idsAt(db, organizationId, 'start', set, offset, 3), `offset ${offset}, one pass ${!!onePass}`).toEqual(all.slice(from + offset, from + offset + 3).map((r) => r.id));
      }
    }
  });

  it('pages contracts past the anchor interval exactly', async () => {
    const db = getDb();
    for (let i = 0; i < 30; i++) db.insert(smartContracts).values({ organizationId, name: names[i % names.length]!, symbol: `S${i % 4}` }).run();
    for (const sortBy of ['name', 'symbol', 'deployedAt'] as const) {
      const col = sql.raw(`"${sortBy === 'deployedAt' ? 'deployed_at' : sortBy}"`);
      const want = db.all<{ id: string }>(sql`select id from smart_contracts where organization_id = ${organizationId} order by ${col} desc, id desc`).map((x) => x.id);
      const got: string[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 4); page++) {
        got.push(...(await listContracts(sqliteStore(db), organizationId, { sortBy, sortOrder: 'desc', page, limit: 4, search: null })).data.map((d) => d.id));
      }
      expect(got).toEqual(want);
    }
  });
});
