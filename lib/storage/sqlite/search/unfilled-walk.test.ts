import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, organizations, smartContracts } from '@/db/schema';
import { searchNfts } from '@/lib/nft-search/service';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import type { B1Plan } from '../lists/nft-search';
import { clearCountCache } from './count-cache';
import { searchTuning } from './tuning';

/*
 * A bounded walk that did not fill its page (lib/storage/sqlite/search/paging.ts boundedPageIds):
 * its page is read off the sorted hits, and so is every deeper page of the same walk in the same
 * write generation — without walking again, since a deeper page needs more matches within the
 * same bound. Every answer stays the scan's.
 */
let organizationId = '';
let contractId = '';
const ROWS = 200;
const saved = { ...searchTuning };

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'unfilled walk', tenant: `unfilled-${crypto.randomUUID()}` }).returning().get().id;
  contractId = db.insert(smartContracts).values({ organizationId, name: 'Works', symbol: 'W' }).returning().get().id;
  // One NFT in ten is a harbor, spread evenly through the order.
  for (let i = 0; i < ROWS; i++) {
    const name = i % 10 === 3 ? `harbor #${String(i).padStart(3, '0')}` : `plain #${String(i).padStart(3, '0')}`;
    db.insert(nfts).values({ organizationId, smartContractId: contractId, name, supply: i, createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000) }).run();
  }
});

afterEach(() => {
  Object.assign(searchTuning, saved);
});

/** Every statement the page ran (prepared statements are reused: their runs are counted), and its plan. */
async function page(pageNumber: number) {
  const proto = Object.getPrototypeOf(getDb().$client.prepare('select 1')) as Record<'all' | 'get', (...args: unknown[]) => unknown>;
  const original = { all: proto.all, get: proto.get };
  const statements: string[] = [];
  for (const m of ['all', 'get'] as const)
    proto[m] = function (this: { source: string }, ...args: unknown[]) {
      statements.push(this.source);
      return original[m].apply(this, args);
    };
  let plan: B1Plan | undefined;
  try {
    const result = await searchNfts(
      sqliteStore(getDb()),
      organizationId,
      { advancedSearch: { fields: ['name'], keyword: 'harbor' }, orderBy: ['supply asc'], pageNumber, pageSize: 4 },
      (p) => (plan = p.plan),
    );
    return { plan, names: result.data.map((d) => d.name), statements };
  } finally {
    Object.assign(proto, original);
  }
}

const harbors = Array.from({ length: ROWS / 10 }, (_, i) => `harbor #${String(i * 10 + 3).padStart(3, '0')}`);
/** A bounded walk's bound: the row `budget` rows along the order (paging.ts walkBound). */
const walks = (statements: string[]) => statements.filter((s) => /limit 1 offset \?/.test(s) && !/row_number/.test(s)).length;

describe('B1: a bounded walk that did not fill its page', () => {
  it('sends that page and every deeper one of the same generation to the sorted hits without walking again, exactly', async () => {
    // Every term is "common" (walked); the walk covers at most 16 rows (1.6 harbors): page 1 (rows
    // up to 4 harbors in) is not filled within it.
    searchTuning.commonHits = 1;
    searchTuning.walkBudget = 16;
    searchTuning.walkPerHit = 0;
    searchTuning.firstMatchPerHit = 0;
    clearCountCache();
    const first = await page(2);
    expect(first.names).toEqual(harbors.slice(4, 8));
    expect(first.plan).toBe('hits');
    expect(walks(first.statements)).toBeGreaterThan(0);
    // (Pages past the middle are read from the other end: another walk, in the other direction.)
    for (const n of [2, 3]) {
      const again = await page(n);
      expect(again.names, `page ${n}`).toEqual(harbors.slice((n - 1) * 4, n * 4));
      expect(again.plan).toBe('hits');
      expect(walks(again.statements), `page ${n} walked again`).toBe(0);
    }
    // A shallower page is walked as before (it may fill), and its answer is exact.
    const shallow = await page(1);
    expect(shallow.names).toEqual(harbors.slice(0, 4));
    expect(walks(shallow.statements)).toBeGreaterThan(0);
    // A write starts a new generation: the walk is tried again.
    getDb().insert(nfts).values({ organizationId, smartContractId: contractId, name: 'plain #new', supply: 1000 }).run();
    const after = await page(2);
    expect(after.names).toEqual(harbors.slice(4, 8));
    expect(walks(after.statements)).toBeGreaterThan(0);
  });
});
