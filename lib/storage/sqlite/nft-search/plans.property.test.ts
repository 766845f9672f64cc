import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, organizations, smartContracts } from '@/db/schema';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { searchNfts } from '@/lib/nft-search/service';
import type { B1Plan } from '../lists/nft-search';
import { searchTuning } from '@/lib/storage/sqlite/search/tuning';
import { clearAnchorCache } from '@/lib/storage/sqlite/search/anchors';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/*
 * The two ways B1 reads a page — joining and sorting the trigram index's hits, or walking the
 * sort index and testing the predicate row by row — must give identical answers (same ids in the
 * same order, same totals), and both must equal an in-memory model: JavaScript toLowerCase for
 * strings, SQLite's order (code points, NULL first ascending), and the id tie-breaker in the last
 * key's direction (default createdAt desc, id desc). A probe limit of 1 forces the walk whenever
 * the index has a hit; a huge one forces the hits path; a walk budget of a few rows makes the
 * walk give up on pages it does not fill within them and read the hits instead. Paging anchors
 * every 2 rows, so deep pages of a single-key walk seek to an anchor. Unicode terms included (é, ß, İ, emoji).
 */

const words = ['amber', 'Amber', 'ÉCLAT', 'éclat', 'straße', 'STRASSE', 'İzmir', 'izmir', '🚀🚀🚀', 'rocket', '\u212aelvin', 'kelvin', 'ΟΔΟΣ'];
const terms = ['amb', 'AMBER', 'éclat', 'ÉCL', 'straß', 'strasse', 'İzm', 'i̇zm', 'izm', '🚀🚀', 'ock', 'kel', 'zzz', 'ber a', 'οδος', 'ß', 'é'];
const statuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'] as const;
const contractNames = ['Harbor ÉTÉ', 'harbor été', 'Zeta 🚀', 'İris'];

type RowSpec = { name: string; contract: number; status: (typeof statuses)[number]; supply: number; tokenId: number | null; minted: number | null; created: number };

const rowSpec: fc.Arbitrary<RowSpec> = fc.record({
  name: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  contract: fc.nat({ max: contractNames.length - 1 }),
  status: fc.constantFrom(...statuses),
  supply: fc.integer({ min: 1, max: 3 }),
  tokenId: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  minted: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  // Few distinct values, so ties (and the id tie-breaker) are common.
  created: fc.integer({ min: 0, max: 3 }),
});

const sortable = ['name', 'smartContractName', 'supply', 'tokenId', 'mintedAt', 'createdAt', 'status'] as const;
type Sortable = (typeof sortable)[number];
const orderArb = fc.array(fc.record({ field: fc.constantFrom(...sortable), dir: fc.constantFrom('asc', 'desc') }), { maxLength: 2 }).map((keys) => {
  const seen = new Set<string>();
  return keys.filter((k) => !seen.has(k.field) && seen.add(k.field));
});

type Criteria =
  | { kind: 'none' }
  | { kind: 'keyword'; term: string }
  | { kind: 'fields'; term: string; fields: ('name' | 'smartContractName')[] }
  | { kind: 'contains'; field: 'name' | 'smartContractName'; term: string }
  | { kind: 'startswith'; term: string }
  | { kind: 'eq'; term: string };
const criteriaArb: fc.Arbitrary<Criteria> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('keyword' as const), term: fc.constantFrom(...terms) }),
  fc.record({ kind: fc.constant('fields' as const), term: fc.constantFrom(...terms), fields: fc.subarray(['name', 'smartContractName'] as ('name' | 'smartContractName')[], { minLength: 1 }) }),
  fc.record({ kind: fc.constant('contains' as const), field: fc.constantFrom('name' as const, 'smartContractName' as const), term: fc.constantFrom(...terms) }),
  fc.record({ kind: fc.constant('startswith' as const), term: fc.constantFrom(...terms, ...words) }),
  fc.record({ kind: fc.constant('eq' as const), term: fc.constantFrom(...words) }),
);

type Row = { id: string; name: string; contractName: string; status: string; supply: number; tokenId: number | null; mintedAt: number | null; createdAt: number };

/** Code-point order, as SQLite compares UTF-8 text (JavaScript's < compares UTF-16 units). */
function cmpText(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

function cmpValue(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return typeof a === 'string' ? cmpText(a, b as string) : a - (b as number);
}

function sortValue(r: Row, field: Sortable): string | number | null {
  switch (field) {
    case 'name':
      return r.name.toLowerCase();
    case 'smartContractName':
      return r.contractName.toLowerCase();
    case 'mintedAt':
      return r.mintedAt;
    default:
      return r[field];
  }
}

function modelOrder(rows: Row[], keys: { field: Sortable; dir: string }[]): Row[] {
  const order = keys.length ? keys : [{ field: 'createdAt' as const, dir: 'desc' }];
  const idDir = order[order.length - 1]!.dir;
  return [...rows].sort((a, b) => {
    for (const k of order) {
      const c = cmpValue(sortValue(a, k.field), sortValue(b, k.field));
      if (c) return k.dir === 'asc' ? c : -c;
    }
    const c = cmpText(a.id, b.id);
    return idDir === 'asc' ? c : -c;
  });
}

/** Whether the model selects `r`; null for the plain keyword (not modelled here). */
function modelMatch(r: Row, c: Criteria): boolean | null {
  if (c.kind === 'none') return true;
  const t = c.term.toLowerCase();
  const name = r.name.toLowerCase();
  const contract = r.contractName.toLowerCase();
  switch (c.kind) {
    case 'keyword':
      return null;
    case 'fields':
      return c.fields.some((f) => (f === 'name' ? name : contract).includes(t));
    case 'contains':
      return (c.field === 'name' ? name : contract).includes(t);
    case 'startswith':
      return name.startsWith(t);
    case 'eq':
      return name === t;
  }
}

function bodyOf(c: Criteria): SearchNftsBody {
  switch (c.kind) {
    case 'none':
      return {};
    case 'keyword':
      return { keyword: c.term };
    case 'fields':
      return { advancedSearch: { fields: c.fields, keyword: c.term } };
    case 'contains':
      return { advancedFilter: { field: c.field, operator: 'contains', value: c.term } };
    case 'startswith':
      return { advancedFilter: { field: 'name', operator: 'startswith', value: c.term } };
    case 'eq':
      return { advancedFilter: { logic: 'and', filters: [{ field: 'name', operator: 'eq', value: c.term }] } };
  }
}

function seed(rows: RowSpec[]) {
  const db = getDb();
  const org = db.insert(organizations).values({ name: 'plans', tenant: `plans-${crypto.randomUUID()}` }).returning().get();
  const contracts = contractNames.map((name) => db.insert(smartContracts).values({ organizationId: org.id, name, symbol: 'P' }).returning().get());
  const day = 86_400_000;
  const out: Row[] = rows.map((r) => {
    const row = db
      .insert(nfts)
      .values({
        organizationId: org.id,
        smartContractId: contracts[r.contract]!.id,
        name: r.name,
        status: r.status,
        supply: r.supply,
        tokenId: r.tokenId,
        mintedAt: r.minted === null ? null : new Date(Date.UTC(2026, 0, 1) + r.minted * day),
        createdAt: new Date(Date.UTC(2025, 0, 1) + r.created * day),
      })
      .returning()
      .get();
    return {
      id: row.id,
      name: r.name,
      contractName: contractNames[r.contract]!,
      status: r.status,
      supply: r.supply,
      tokenId: r.tokenId,
      mintedAt: row.mintedAt?.getTime() ?? null,
      createdAt: row.createdAt.getTime(),
    };
  });
  return { organizationId: org.id, rows: out };
}

const saved = { ...searchTuning };
beforeAll(() => {
  // Anchors every 2 rows: deep pages of these small sets seek to anchors as at a million rows.
  searchTuning.anchorInterval = 2;
});
afterAll(() => {
  Object.assign(searchTuning, saved);
});

describe('B1: the hits path and the sort-index walk give identical, exact answers', () => {
  it('for random rows, criteria, orders and pages (both paths taken)', async () => {
    const db = getDb();
    const taken: Record<B1Plan | 'anchored' | 'bounded', number> = { hits: 0, walk: 0, anchored: 0, bounded: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowSpec, { minLength: 4, maxLength: 20 }),
        criteriaArb,
        fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.constantFrom(...statuses), weight: 1 }),
        orderArb,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(0, 1, 3, 8),
        async (specs, criteria, status, keys, pageSize, pageNumber, walkBudget) => {
          const { organizationId, rows } = seed(specs);
          const base = bodyOf(criteria);
          const filter = base.advancedFilter;
          const body: SearchNftsBody = {
            ...base,
            // A status alone is a bare leaf: with a keyword its index decides it (a facet), exactly.
            advancedFilter: status
              ? filter
                ? { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: status }, filter] }
                : { field: 'status', operator: 'eq', value: status }
              : filter,
            orderBy: keys.map((k) => `${k.field} ${k.dir}`),
            pageSize,
            pageNumber,
          };
          const run = async (limit: number, budget = saved.walkBudget, onePassRatio = saved.onePassRatio) => {
            searchTuning.commonHits = limit;
            searchTuning.walkBudget = budget;
            searchTuning.onePassRatio = onePassRatio;
            // Tiny budgets also stop growing: the walk gives up and the hits are read.
            searchTuning.walkPerHit = budget === saved.walkBudget ? saved.walkPerHit : 0;
            searchTuning.firstMatchPerHit = budget === saved.walkBudget ? saved.firstMatchPerHit : 0;
            let plan: B1Plan | undefined;
            const r = (await searchNfts(sqliteStore(db), organizationId, body, (p) => {
              plan = p.plan;
              if (p.anchored && (pageNumber - 1) * pageSize >= searchTuning.anchorInterval) taken.anchored += 1;
            }));
            if (plan) taken[plan] += 1;
            return { ids: r.data.map((d) => d.id), totalCount: r.totalCount, totalPages: r.totalPages };
          };
          const walk = await run(1);
          const hits = await run(1e9);
          expect(hits, JSON.stringify(body)).toEqual(walk);
          // Deep pages' anchors: never / always built in one pass over the index's matches.
          clearAnchorCache();
          expect(await run(1, saved.walkBudget, 0), `${JSON.stringify(body)} stepped anchors`).toEqual(walk);
          clearAnchorCache();
          expect(await run(1, saved.walkBudget, 1e12), `${JSON.stringify(body)} one-pass anchors`).toEqual(walk);
          // A walk bounded to a few rows: a page it does not fill is read off the hits instead.
          const before = taken.hits;
          const bounded = await run(1, walkBudget);
          if (taken.hits > before) taken.bounded += 1;
          expect(bounded, `${JSON.stringify(body)} walkBudget ${walkBudget}`).toEqual(walk);
          // The plain keyword reads ~20 fields (dates, numbers…): the two paths are compared above;
          // the model covers the name / contract-name criteria.
          const matches = criteria.kind === 'keyword' ? null : rows.filter((r) => modelMatch(r, criteria) && (!status || r.status === status));
          if (matches) {
            const ordered = modelOrder(matches, keys).map((r) => r.id);
            expect(walk.totalCount, JSON.stringify(body)).toBe(matches.length);
            expect(walk.ids, JSON.stringify(body)).toEqual(ordered.slice((pageNumber - 1) * pageSize, pageNumber * pageSize));
          }
        },
      ),
      { numRuns: 600 },
    );
    expect(taken.hits).toBeGreaterThan(20);
    expect(taken.walk).toBeGreaterThan(50);
    expect(taken.anchored).toBeGreaterThan(20);
    // Only pages within the first anchor interval (2 rows here) walk bounded: ~8–12 of 600 cases
    // (a bound of 5 failed about one run in ten).
    expect(taken.bounded).toBeGreaterThan(2);
    // Three plans per case on a shared 2-core machine.
  }, 120_000);

  it("a common term's deep pages: anchors built in one pass over the index's matches equal a stepped build and the model", async () => {
    const db = getDb();
    const names = ['amber one', 'Amber two', 'plain', 'AMBER three', 'other', 'amber four', 'x amber', 'none'];
    const specs = Array.from({ length: 48 }, (_, i) => ({ name: `${names[i % names.length]!} ${i}`, contract: i % 2, status: statuses[i % 4]!, supply: 1 + (i % 5), tokenId: null, minted: null, created: i % 7 }));
    const { organizationId, rows } = seed(specs);
    searchTuning.commonHits = 1;
    const orders = [[], [{ field: 'name', dir: 'asc' }], [{ field: 'supply', dir: 'desc' }], [{ field: 'status', dir: 'asc' }], [{ field: 'createdAt', dir: 'asc' }]] as { field: Sortable; dir: string }[][];
    for (const status of [null, 'MINTED'] as const) {
      const want = rows.filter((r) => r.name.toLowerCase().includes('amber') && (!status || r.status === status));
      for (const keys of orders) {
        const ordered = modelOrder(want, keys).map((r) => r.id);
        for (const onePassRatio of [0, 1e12]) {
          searchTuning.onePassRatio = onePassRatio;
          clearAnchorCache();
          for (let pageNumber = 1; pageNumber <= Math.ceil(want.length / 2); pageNumber++) {
            const body: SearchNftsBody = {
              advancedSearch: { fields: ['name'], keyword: 'amber' },
              ...(status ? { advancedFilter: { field: 'status', operator: 'eq', value: status } } : {}),
              orderBy: keys.map((k) => `${k.field} ${k.dir}`),
              pageSize: 2,
              pageNumber,
            };
            const got = await searchNfts(sqliteStore(db), organizationId, body);
            expect(got.totalCount).toBe(want.length);
            expect(got.data.map((d) => d.id), `${JSON.stringify(body)} onePassRatio ${onePassRatio}`).toEqual(ordered.slice((pageNumber - 1) * 2, pageNumber * 2));
          }
        }
      }
    }
    Object.assign(searchTuning, saved);
  });

  it('orders by name with JavaScript folding: é, ß, İ, Kelvin sign, emoji; eq/startswith on non-ASCII', async () => {
    const db = getDb();
    const names = ['Zebra', 'éclair', 'Éclat', 'eclipse', 'İzmir', 'izmir', '\u212aelvin', 'kelvin', 'straße', 'STRASSE', '🚀 rocket', 'apple'];
    const { organizationId, rows } = seed(names.map((name, i) => ({ name, contract: 0, status: 'CREATED', supply: 1, tokenId: null, minted: null, created: i % 4 })));
    for (const dir of ['asc', 'desc'] as const) {
      const got = (await searchNfts(sqliteStore(db), organizationId, { orderBy: [`name ${dir}`], pageSize: 50 })).data.map((d) => d.name);
      expect(got).toEqual(modelOrder(rows, [{ field: 'name', dir }]).map((r) => r.name));
    }
    const eq = async (value: string) => (await searchNfts(sqliteStore(db), organizationId, { advancedFilter: { field: 'name', operator: 'eq', value }, pageSize: 50 })).data.map((d) => d.name).sort();
    expect((await eq('KELVIN'))).toEqual(['kelvin', '\u212aelvin'].sort());
    expect((await eq('i̇zmir'))).toEqual(['İzmir']);
    expect((await eq('İZMIR'))).toEqual(['İzmir']);
    expect((await eq('ÉCLAT'))).toEqual(['Éclat']);
    expect((await eq('strasse'))).toEqual(['STRASSE']);
    const starts = async (value: string) =>
      (await searchNfts(sqliteStore(db), organizationId, { advancedFilter: { field: 'name', operator: 'startswith', value }, orderBy: ['name'], pageSize: 50 })).data.map((d) => d.name);
    expect(await starts('ÉC')).toEqual(['éclair', 'Éclat']);
    expect(await starts('🚀')).toEqual(['🚀 rocket']);
    expect(await starts('stras')).toEqual(['STRASSE']);
    expect(await starts('straß')).toEqual(['straße']);
    const keyword = async (value: string) => (await searchNfts(sqliteStore(db), organizationId, { keyword: value, pageSize: 50 })).data.map((d) => d.name).sort();
    expect((await keyword('ß'))).toEqual(['straße']);
    expect((await keyword('🚀'))).toEqual(['🚀 rocket']);
    expect((await keyword('i̇z'))).toEqual(['İzmir']);
  });

  it('advancedSearch over an enum or id field is not narrowed to the indexed text fields', async () => {
    const db = getDb();
    const { organizationId, rows } = seed([
      { name: 'plain', contract: 0, status: 'MINTED', supply: 1, tokenId: null, minted: null, created: 0 },
      { name: 'minted look', contract: 0, status: 'CREATED', supply: 1, tokenId: null, minted: null, created: 1 },
      { name: 'other', contract: 0, status: 'FAILED', supply: 1, tokenId: null, minted: null, created: 2 },
    ]);
    const names = async (fields: string[], keyword: string) =>
      (await searchNfts(sqliteStore(db), organizationId, { advancedSearch: { fields, keyword }, pageSize: 10 })).data.map((d) => d.name).sort();
    expect(await names(['name', 'status'], 'MINTED')).toEqual(['minted look', 'plain']);
    expect(await names(['status'], 'minted')).toEqual(['plain']);
    const id = rows[2]!.id;
    expect(await names(['name', 'id'], id.slice(4, 16).toUpperCase())).toEqual(['other']);
  });
});
