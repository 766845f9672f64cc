import { sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { searchNfts } from '@/lib/nft-search/service';
import { nfts, organizations, smartContracts } from '@/db/schema';
import { listNfts } from '@/lib/nfts/service';
import { clearCountCache } from '../search/count-cache';
import { searchTuning } from '../search/tuning';
import { sqliteStore } from '../store';

/*
 * A5 and B1 sorted by name, a term the names begin with (`willow t` in `willow teal 7`): its matches are
 * one range of the name index, far along the order, and are read as such (lib/storage/sqlite/lists/
 * nfts.ts leadingNameRange; B1: nft-search.ts leadingTermRange, also one status's range, as an order
 * led by status reads each status) — unless a description or a name holding the term elsewhere adds
 * matches outside the range, when the walk answers. Every page, both directions, with and without
 * a filter, equals one sort of the rows a model selects.
 */
let organizationId = '';
const saved = { ...searchTuning };
type Row = { id: string; name: string; description: string | null; status: string };
const rows: Row[] = [];
const firsts = ['amber', 'beacon', 'copper', 'willow'];
const seconds = ['teal', 'tan', 'violet', 'stone'];

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'leading', tenant: `leading-${crypto.randomUUID()}` }).returning().get().id;
  const contract = db.insert(smartContracts).values({ organizationId, name: 'Works', symbol: 'W' }).returning().get().id;
  const statuses = ['CREATED', 'MINTED'] as const;
  for (let i = 0; i < 96; i++) {
    const name = `${firsts[i % 4]} ${seconds[(i >> 2) % 4]} ${i}`;
    // One description holds `copper v`: that term's matches are no longer one name range.
    const description = i === 5 ? 'sold with copper vase' : i % 3 ? 'a note' : null;
    const row = db.insert(nfts).values({ organizationId, smartContractId: contract, name, description, status: statuses[i % 2] }).returning().get();
    rows.push({ id: row.id, name, description, status: row.status });
  }
});

afterEach(() => {
  Object.assign(searchTuning, saved);
});

function model(term: string, status: string | undefined, dir: 'asc' | 'desc') {
  const t = term.toLowerCase();
  return rows
    .filter((r) => (r.name.toLowerCase().includes(t) || (r.description ?? '').toLowerCase().includes(t)) && (!status || r.status === status))
    .sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1) * (dir === 'asc' ? 1 : -1))
    .map((r) => r.id);
}

describe('A5: a term the names begin with, sorted by name', () => {
  it('reads every page like one sort of the matching rows, range or not', async () => {
    // Every term "common" (walked), short walks and anchors: the small set exercises the large paths.
    Object.assign(searchTuning, { commonHits: 1, walkBudget: 4, anchorInterval: 4 });
    for (const term of ['willow t', 'willow', 'copper v', 'beacon s', 'amber']) {
      for (const status of [undefined, 'MINTED', 'CREATED']) {
        for (const dir of ['asc', 'desc'] as const) {
          clearCountCache();
          const expected = model(term, status, dir);
          if (!status) expect(expected.length, term).toBeGreaterThan(2);
          for (let page = 1; page <= Math.max(1, Math.ceil(expected.length / 3)); page++) {
            const got = await listNfts(sqliteStore(getDb()), organizationId, { search: term, status: status as 'MINTED' | 'CREATED' | undefined, sortBy: 'name', sortOrder: dir, page, limit: 3 });
            const label = JSON.stringify({ term, status, dir, page });
            expect(got.pagination.total, label).toBe(expected.length);
            expect(got.data.map((d) => d.id), label).toEqual(expected.slice((page - 1) * 3, page * 3));
          }
        }
      }
    }
  });
});

describe('B1: a term (or a name contains) the names begin with, sorted by name (or by status, then name)', () => {
  it('reads every page like one sort of the matching rows, off one range of the name index where the range is every match', async () => {
    Object.assign(searchTuning, { commonHits: 1, walkBudget: 4, anchorInterval: 4 });
    const db = getDb();
    for (const term of ['willow t', 'copper v', 'amber']) {
      for (const search of [{ advancedSearch: { fields: ['name'], keyword: term } }, { keyword: term }, { contains: term }]) {
        for (const [orderBy, filter] of [
          [['name asc'], undefined],
          [['name desc'], 'MINTED'],
          [['status asc', 'name desc'], undefined],
          [['status desc', 'name asc'], undefined],
        ] as const) {
          clearCountCache();
          const dir = orderBy.at(-1)!.endsWith('asc') ? 1 : -1;
          const statusDir = orderBy[0].startsWith('status') ? (orderBy[0].endsWith('asc') ? 1 : -1) : 0;
          const t = term.toLowerCase();
          const expected = rows
            .filter((r) => (r.name.includes(t) || ('keyword' in search && (r.description ?? '').includes(t))) && (!filter || r.status === filter))
            .sort((a, b) => (a.status === b.status || !statusDir ? (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1) * dir : (a.status < b.status ? -1 : 1) * statusDir))
            .map((r) => r.id);
          const leaves = [
            ...('contains' in search ? [{ field: 'name', operator: 'contains', value: term }] : []),
            ...(filter ? [{ field: 'status', operator: 'eq', value: filter }] : []),
          ];
          const advancedFilter = leaves.length > 1 ? { logic: 'and', filters: leaves } : leaves[0];
          const criteria = 'contains' in search ? {} : search;
          const plans: string[] = [];
          for (let pageNumber = 1; pageNumber <= Math.max(1, Math.ceil(expected.length / 3)); pageNumber++) {
            const queries: SQL[] = [];
            const got = await searchNfts(sqliteStore(db), organizationId, { ...criteria, orderBy: [...orderBy], advancedFilter, pageNumber, pageSize: 3 }, (p) => queries.push(p.query));
            const label = JSON.stringify({ search, orderBy, filter, pageNumber });
            expect(got.totalCount, label).toBe(expected.length);
            expect(got.data.map((d) => d.id), label).toEqual(expected.slice((pageNumber - 1) * 3, pageNumber * 3));
            for (const q of queries) plans.push(db.all<{ detail: string }>(sql`explain query plan ${q}`).map((r) => r.detail).join(' | '));
          }
          // Where every match is a name beginning with the term, each page (or status's page) is one
          // range of the name fold under its status; where a description adds matches (a MINTED
          // NFT's, for `copper v` over every field), that status's pages are not.
          const ranged = plans.filter((p) => /name_fold>\? AND name_fold<\?/.test(p)).length;
          const everyMatchLeads = term !== 'copper v' || !('keyword' in search);
          if (everyMatchLeads) expect(ranged, JSON.stringify({ term, search, orderBy, plans })).toBe(plans.length);
          else if (!statusDir) expect(ranged, JSON.stringify({ term, search, orderBy, plans })).toBe(0);
          else {
            expect(ranged, JSON.stringify({ term, search, orderBy, plans })).toBeGreaterThan(0);
            expect(ranged, JSON.stringify({ term, search, orderBy, plans })).toBeLessThan(plans.length);
          }
        }
      }
    }
  });
});
