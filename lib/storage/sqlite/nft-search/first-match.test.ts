import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, organizations, smartContracts } from '@/db/schema';
import { searchNfts } from '@/lib/nft-search/service';
import { clearCountCache } from '@/lib/storage/sqlite/search/count-cache';
import { searchTuning } from '@/lib/storage/sqlite/search/tuning';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import type { B1Plan } from '../lists/nft-search';

/*
 * A common term whose matches sit together far along the order (lib/storage/sqlite/lists/nft-search.ts
 * boundedWalk): sorted by name, every `amber harbor …` comes after all `amber beacon …`. The
 * bounded walk gives up before reaching them; the first match is then read off the hits once and
 * the walk starts there — the page is walked, not sorted out of every hit, and it is exact.
 */
let organizationId = '';
const BEACONS = 60;
const HARBORS = 30;
const saved = { ...searchTuning };

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'first match', tenant: `first-${crypto.randomUUID()}` }).returning().get().id;
  const contract = db.insert(smartContracts).values({ organizationId, name: 'Works', symbol: 'W' }).returning().get().id;
  const names = [
    ...Array.from({ length: BEACONS }, (_, i) => `amber beacon #${String(i).padStart(3, '0')}`),
    ...Array.from({ length: HARBORS }, (_, i) => `amber harbor #${String(i).padStart(3, '0')}`),
    ...Array.from({ length: BEACONS }, (_, i) => `bright beacon #${String(i).padStart(3, '0')}`),
  ];
  for (const [i, name] of names.entries()) {
    db.insert(nfts).values({ organizationId, smartContractId: contract, name, createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000) }).run();
  }
});

afterEach(() => {
  Object.assign(searchTuning, saved);
});

async function page(pageNumber: number, direction: 'asc' | 'desc', search: 'name' | 'keyword' | 'name + supply' = 'name') {
  let plan: B1Plan | undefined;
  const criteria =
    search === 'keyword'
      ? { keyword: 'harbor' }
      : {
          advancedSearch: { fields: ['name'], keyword: 'harbor' },
          // A filter on a column outside the name index: every NFT's supply is 1.
          ...(search === 'name + supply' ? { advancedFilter: { field: 'supply', operator: 'gte', value: 1 } } : {}),
        };
  const result = await searchNfts(sqliteStore(getDb()), organizationId, { ...criteria, orderBy: [`name ${direction}`], pageNumber, pageSize: 4 }, (p) => (plan = p.plan));
  return { plan, names: result.data.map((d) => d.name), total: result.totalCount };
}

/** The SQL of every statement read while `run` runs (cached statements included). */
async function readsDuring(run: () => Promise<unknown>): Promise<string[]> {
  type Reads = { get: (...args: unknown[]) => unknown; all: (...args: unknown[]) => unknown };
  const statement = Object.getPrototypeOf(getDb().$client.prepare('select 1')) as Reads;
  const seen: string[] = [];
  const spies = (['get', 'all'] as const).map((method) => {
    const original = statement[method];
    return vi.spyOn(statement, method).mockImplementation(function (this: { source: string }, ...args: unknown[]) {
      seen.push(this.source);
      return original.apply(this, args);
    });
  });
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return seen;
}

/** The first match read off the term's hits, sorted (paging.ts walkFromFirstMatch's fallback). */
const firstMatchOffHits = (source: string) => /as "hits"[\s\S]* order by [\s\S]* limit 1$/.test(source.trim());

describe('B1: matches that sit together far along the order', () => {
  it('are walked from their first match once the bounded walk gives up, exactly', async () => {
    // Every term is "common" (walked), the walk is bounded to 16 rows and never grows: the 60 beacons
    // before the first harbor are out of its reach.
    searchTuning.commonHits = 1;
    searchTuning.walkBudget = 16;
    searchTuning.walkPerHit = 0;
    const harbors = Array.from({ length: HARBORS }, (_, i) => `amber harbor #${String(i).padStart(3, '0')}`);
    for (const n of [1, 2, 3]) {
      const asc = await page(n, 'asc');
      expect(asc.total).toBe(HARBORS);
      expect(asc.names).toEqual(harbors.slice((n - 1) * 4, n * 4));
      expect(asc.plan, `page ${n} ascending`).toBe('walk');
      const desc = await page(n, 'desc');
      expect(desc.names).toEqual([...harbors].reverse().slice((n - 1) * 4, n * 4));
      expect(desc.plan, `page ${n} descending`).toBe('walk');
    }
  });

  it('are found by a walk in segments that each start where the last ended, exactly', async () => {
    // The first harbor is 60 rows into the ascending order (and 60 from the descending end): walks
    // of 1 + 8 + 64 rows, 2 + 16 + 128, … cross it at different places in a segment.
    searchTuning.commonHits = 1;
    searchTuning.walkPerHit = 1000;
    searchTuning.firstMatchPerHit = 1000;
    const harbors = Array.from({ length: HARBORS }, (_, i) => `amber harbor #${String(i).padStart(3, '0')}`);
    for (const budget of [1, 2, 3, 5, 7, 59, 60, 61]) {
      searchTuning.walkBudget = budget;
      // Each budget finds the first match afresh (it is cached per write generation).
      clearCountCache();
      for (const n of [1, 3]) {
        const asc = await page(n, 'asc');
        expect(asc.names, `budget ${budget}, page ${n} ascending`).toEqual(harbors.slice((n - 1) * 4, n * 4));
        expect(asc.plan).toBe('walk');
        const desc = await page(n, 'desc');
        expect(desc.names, `budget ${budget}, page ${n} descending`).toEqual([...harbors].reverse().slice((n - 1) * 4, n * 4));
        expect(desc.plan).toBe('walk');
      }
    }
  });

  it('are walked to further where the index decides the search (a name searched in name order, a filter beside it or not)', async () => {
    // The walk for the first match may cross firstMatchPerHit × 30 matches = 30 rows: short of the 60
    // beacons before the first harbor, unless the walk reads the name index alone (× coveredWalkFactor).
    searchTuning.commonHits = 1;
    searchTuning.walkBudget = 16;
    searchTuning.walkPerHit = 0;
    searchTuning.firstMatchPerHit = 1;
    const harbors = Array.from({ length: HARBORS }, (_, i) => `amber harbor #${String(i).padStart(3, '0')}`);
    const read = async (search: 'name' | 'keyword' | 'name + supply') => {
      clearCountCache();
      let result: Awaited<ReturnType<typeof page>> | undefined;
      const reads = await readsDuring(async () => (result = await page(2, 'asc', search)));
      expect(result!.names, search).toEqual(harbors.slice(4, 8));
      expect(result!.plan, search).toBe('walk');
      return reads.some(firstMatchOffHits);
    };
    searchTuning.coveredWalkFactor = 20;
    // Its fold in the name index decides a name search: walked to the first harbor.
    expect(await read('name')).toBe(false);
    // Beside a filter on a column outside the index, the name is still decided on the index (a row
    // is looked up only for an entry whose name holds the term): walked in segments as far.
    expect(await read('name + supply')).toBe(false);
    // A keyword is tested on every field of the row (looked up in the table): read off the hits.
    expect(await read('keyword')).toBe(true);
    searchTuning.coveredWalkFactor = 1;
    expect(await read('name')).toBe(true);
    expect(await read('name + supply')).toBe(true);
  });

  it('fall back to the sorted hits when even the walk from the first match cannot fill the page', async () => {
    searchTuning.commonHits = 1;
    searchTuning.walkBudget = 1;
    searchTuning.walkPerHit = 0;
    const result = await page(2, 'asc');
    expect(result.names).toEqual(['amber harbor #004', 'amber harbor #005', 'amber harbor #006', 'amber harbor #007']);
    expect(result.plan).toBe('hits');
  });
});
