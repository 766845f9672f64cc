import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, organizations, smartContracts } from '@/db/schema';
import { clearAnchorCache } from '@/lib/storage/sqlite/search/anchors';
import { clearCountCache } from '@/lib/storage/sqlite/search/count-cache';
import { searchTuning } from '@/lib/storage/sqlite/search/tuning';
import { compileSearch } from '@/lib/nft-search/filter';
import { bindSearch } from './columns';
import { rangeCount } from './range-count';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { searchNfts } from '@/lib/nft-search/service';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/*
 * B1 totals of one range (alone or with `status eq`) — supply ranges summed over nft_supply_counts,
 * date ranges (and supply ranges over too many values) read off the paging anchors
 * (lib/storage/sqlite/nft-search/range-count.ts) — against a plain SQL count, under random inserts, updates and
 * deletes, with anchors every 3 rows so that a few dozen rows cross many of them.
 */
const statuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'] as const;
const columns = { supply: 'supply', createdAt: 'created_at', updatedAt: 'updated_at' } as const;
const operators = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
const BASE = Date.UTC(2026, 0, 1);

type Field = keyof typeof columns;
type Op = keyof typeof operators;
type Step =
  | { kind: 'insert'; status: (typeof statuses)[number]; supply: number; at: number }
  | { kind: 'update'; pick: number; status: (typeof statuses)[number]; supply: number; at: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'query'; status: (typeof statuses)[number] | null; field: Field; op: Op; bound: number };

const status = fc.constantFrom(...statuses);
const small = fc.integer({ min: 0, max: 12 });
const insert = fc.record({ kind: fc.constant('insert' as const), status, supply: small, at: small });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: insert },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), status, supply: small, at: small }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      status: fc.option(status, { nil: null }),
      field: fc.constantFrom(...(Object.keys(columns) as Field[])),
      op: fc.constantFrom(...(Object.keys(operators) as Op[])),
      bound: fc.integer({ min: -1, max: 13 }),
    }),
  },
);

const tuned = { ...searchTuning };
beforeAll(() => {
  searchTuning.anchorInterval = 3;
});
afterAll(() => {
  Object.assign(searchTuning, tuned);
});

function body(q: Extract<Step, { kind: 'query' }>): SearchNftsBody {
  const value = q.field === 'supply' ? q.bound : new Date(BASE + q.bound * 1000).toISOString();
  const range = { field: q.field, operator: q.op, value };
  return { pageSize: 5, advancedFilter: q.status ? { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: q.status }, range] } : range };
}

function bruteForce(organizationId: string, q: Extract<Step, { kind: 'query' }>): number {
  const bound = q.field === 'supply' ? q.bound : BASE + q.bound * 1000;
  const where = sql`organization_id = ${organizationId} and ${sql.raw(columns[q.field])} ${sql.raw(operators[q.op])} ${bound}`;
  const withStatus = q.status ? sql`${where} and status = ${q.status}` : where;
  return getDb().get<{ n: number }>(sql`select count(*) as n from nfts where ${withStatus}`).n;
}

describe('B1 range totals', () => {
  // 20,000: every supply range is summed over its per-value counts; 2: most hold more values than
  // that and fall back to the anchors, the rest are summed.
  it.each([20_000, 2])('equal a plain count after every random write, for every status, field, operator and bound (supply sums of ≤ %i rows)', async (maxRows) => {
    searchTuning.supplyCountRows = maxRows;
    const db = getDb();
    await fc.assert(
      fc.asyncProperty(fc.array(insert, { minLength: 8, maxLength: 40 }), fc.array(step, { minLength: 1, maxLength: 60 }), async (rows, more) => {
        const steps: Step[] = [...rows, ...more];
        clearAnchorCache();
        clearCountCache();
        const org = db.insert(organizations).values({ name: 'range', tenant: `range-${crypto.randomUUID()}` }).returning().get();
        const contract = db.insert(smartContracts).values({ organizationId: org.id, name: 'R', symbol: 'R' }).returning().get();
        const ids: string[] = [];
        for (const s of steps) {
          if (s.kind === 'insert') {
            const at = new Date(BASE + s.at * 1000);
            const row = { organizationId: org.id, smartContractId: contract.id, name: 'n', status: s.status, supply: s.supply, createdAt: at, updatedAt: at };
            ids.push(db.insert(nfts).values(row).returning({ id: nfts.id }).get().id);
          } else if (s.kind === 'update' && ids.length) {
            const at = new Date(BASE + s.at * 1000);
            db.update(nfts).set({ status: s.status, supply: s.supply, updatedAt: at }).where(eq(nfts.id, ids[s.pick % ids.length]!)).run();
          } else if (s.kind === 'delete' && ids.length) {
            db.delete(nfts).where(eq(nfts.id, ids.splice(s.pick % ids.length, 1)[0]!)).run();
          } else if (s.kind === 'query') {
            const want = bruteForce(org.id, s);
            const request = body(s);
            // The first date range over a group in a generation is left to the plain count; the next
            // is read off anchors. A supply range is summed at once, whatever the generation.
            const first = rangeCount(db, org.id, bindSearch(compileSearch(request)));
            if (first !== null) expect(first, JSON.stringify(s)).toBe(want);
            if (s.field === 'supply' && maxRows === 20_000) expect(first, JSON.stringify(s)).toBe(want);
            expect(rangeCount(db, org.id, bindSearch(compileSearch(request))), JSON.stringify(s)).toBe(want);
            const page = (await searchNfts(sqliteStore(db), org.id, request));
            expect(page.totalCount, JSON.stringify(s)).toBe(want);
            expect(page.data).toHaveLength(Math.min(want, 5));
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('answers only the searches it can answer exactly', () => {
    searchTuning.supplyCountRows = tuned.supplyCountRows;
    const twice = (b: SearchNftsBody) => [1, 2].map(() => rangeCount(getDb(), 'any', bindSearch(compileSearch(b))));
    const none = (b: SearchNftsBody) => expect(twice(b), JSON.stringify(b)).toEqual([null, null]);
    expect(twice({ advancedFilter: { field: 'supply', operator: 'gte', value: 3 } })).toEqual([0, 0]);
    expect(twice({ advancedFilter: { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: 'MINTED' }, { field: 'createdAt', operator: 'lt', value: '2026-01-01' }] } })).toEqual([null, 0]);
    none({});
    none({ advancedFilter: { field: 'supply', operator: 'eq', value: 3 } });
    none({ advancedFilter: { field: 'mintedAt', operator: 'gte', value: '2026-01-01' } });
    none({ keyword: 'x', advancedFilter: { field: 'supply', operator: 'gte', value: 3 } });
    none({ advancedFilter: { logic: 'or', filters: [{ field: 'status', operator: 'eq', value: 'MINTED' }, { field: 'supply', operator: 'gte', value: 3 }] } });
    none({ advancedFilter: { logic: 'and', filters: [{ field: 'supply', operator: 'gte', value: 1 }, { field: 'supply', operator: 'lte', value: 3 }] } });
    none({ smartContractId: crypto.randomUUID(), advancedFilter: { field: 'supply', operator: 'gte', value: 3 } });
  });

  it('sums a supply range through the (organization, status, supply) key, one seek per status', () => {
    const sqlite = getDb().$client;
    for (const where of ["status in ('CREATED', 'PENDING', 'MINTED', 'FAILED')", "status in ('MINTED')"]) {
      const plan = sqlite
        .prepare(`explain query plan select n from nft_supply_counts where organization_id = 'o' and ${where} and supply >= 3 limit 5`)
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join('\n'), where).toMatch(/SEARCH nft_supply_counts USING PRIMARY KEY \(organization_id=\? AND status=\? AND supply>\?\)/);
    }
  });
});
