import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { copyrightShares, nfts, organizations, smartContracts, users } from '@/db/schema';
import { searchNfts } from '@/lib/nft-search/service';
import { searchTuning } from '@/lib/storage/sqlite/search/tuning';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import type { B1Plan } from '../lists/nft-search';

/*
 * A sparse `copyrighted eq` filter (lib/storage/sqlite/lists/nft-search.ts sparseFilter): its
 * rows all CREATED, so sorted by status descending they come after every other row — a walk of the
 * status index crosses the tenant first. Read off the copyrighted index instead (sorted, or walked
 * bounded and then from the first match), every page equals one sort of the matching rows, with
 * the path on and off.
 */
let organizationId = '';
const ROWS = 72;
const saved = { ...searchTuning };
type Row = { id: string; name: string; status: string; supply: number; tokenId: number | null; copyrighted: boolean };
const rows: Row[] = [];

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'sparse', tenant: `sparse-${crypto.randomUUID()}` }).returning().get().id;
  const contract = db.insert(smartContracts).values({ organizationId, name: 'Works', symbol: 'W' }).returning().get().id;
  const holder = db.insert(users).values({ email: `sparse-${crypto.randomUUID()}@example.test` }).returning().get().id;
  const statuses = ['PENDING', 'MINTED', 'FAILED'] as const;
  for (let i = 0; i < ROWS; i++) {
    const copyrighted = i % 9 === 4;
    const status = copyrighted ? 'CREATED' : statuses[i % 3]!;
    const row = db
      .insert(nfts)
      .values({
        organizationId,
        smartContractId: contract,
        name: `${i % 2 ? 'amber' : 'willow'} ${(i * 7) % 19}`,
        status,
        supply: 1 + (i % 4),
        tokenId: status === 'MINTED' ? i : null,
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
      })
      .returning()
      .get();
    if (copyrighted) db.insert(copyrightShares).values({ nftId: row.id, userId: holder, status: 'AUTHORIZED', percentage: 100 }).run();
    rows.push({ id: row.id, name: row.name, status, supply: row.supply, tokenId: row.tokenId, copyrighted });
  }
});

afterEach(() => {
  Object.assign(searchTuning, saved);
});

function model(copyrighted: boolean, keyword: string | null, field: 'status' | 'name' | 'supply' | 'tokenId', dir: 'asc' | 'desc') {
  const value = (r: Row) => (field === 'name' ? r.name.toLowerCase() : r[field]);
  return rows
    .filter((r) => r.copyrighted === copyrighted && (!keyword || r.name.includes(keyword)))
    .sort((a, b) => {
      const x = value(a);
      const y = value(b);
      // NULL sorts first ascending (SQLite), last descending.
      const c = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      if (c) return dir === 'asc' ? c : -c;
      return (a.id < b.id ? -1 : 1) * (dir === 'asc' ? 1 : -1);
    })
    .map((r) => r.id);
}

describe('B1 with a sparse copyrighted filter', () => {
  it('reads every page like one sort of the matching rows, off the copyrighted indexes or by a walk', async () => {
    const plans = new Set<string>();
    const db = getDb();
    for (const share of [0, 1]) {
      for (const walkBudget of [2, 2000]) {
        // Every term common: its hits never stand in for the filter's candidates.
        Object.assign(searchTuning, { sparseFilterShare: share, walkBudget, anchorInterval: 4, commonHits: 1 });
        for (const copyrighted of [true, false]) {
          for (const keyword of [null, 'amber', 'wi']) {
            for (const field of ['status', 'name', 'supply', 'tokenId'] as const) {
              for (const dir of ['asc', 'desc'] as const) {
                const expected = model(copyrighted, keyword, field, dir);
                expect(expected.length).toBeGreaterThan(2);
                // Every page of the few copyrighted rows; the first three and the last of the rest.
                const pages = Math.ceil(expected.length / 2);
                for (const pageNumber of [...new Set([1, 2, 3, pages].filter((p) => p <= pages))]) {
                  let seen: { plan: B1Plan; query: SQL } | undefined;
                  const got = await searchNfts(
                    sqliteStore(db),
                    organizationId,
                    {
                      ...(keyword ? { advancedSearch: { fields: ['name'], keyword } } : {}),
                      advancedFilter: { field: 'copyrighted', operator: 'eq', value: copyrighted },
                      orderBy: [`${field} ${dir}`],
                      pageNumber,
                      pageSize: 2,
                    },
                    (p) => (seen = p),
                  );
                  const label = JSON.stringify({ share, walkBudget, copyrighted, keyword, field, dir, pageNumber });
                  expect(got.totalCount, label).toBe(expected.length);
                  expect(
                    got.data.map((d) => d.id),
                    label,
                  ).toEqual(expected.slice((pageNumber - 1) * 2, pageNumber * 2));
                  plans.add(`${share}:${copyrighted}:${seen!.plan}${keyword === 'wi' && seen!.plan === 'walk' ? ':short' : ''}`);
                  if (share && copyrighted && seen!.plan === 'hits') {
                    // The copyrighted rows' own index, its entries sorted without reading a row.
                    const detail = db.all<{ detail: string }>(sql`explain query plan ${seen!.query}`).map((r) => r.detail);
                    expect(detail, label).toContain('SEARCH nfts USING COVERING INDEX nfts_b1_copyrighted_sorts_idx (organization_id=?)');
                  }
                }
              }
            }
          }
        }
      }
    }
    // On: `true` always sorted off its partial index; `false` sorted off the copyrighted index, or
    // walked first (near the start of a NOT NULL order). Off: walked (a term's bounded walk may still
    // give up to its sorted hits).
    expect([...plans]).toEqual(expect.arrayContaining(['0:false:walk', '0:true:walk', '1:false:hits', '1:false:walk', '1:true:hits']));
    // `true` is walked only beside a short term (its list of matches is long: sparseFilter).
    expect([...plans].filter((p) => p.startsWith('1:true:'))).toEqual(expect.arrayContaining(['1:true:hits', '1:true:walk:short']));
    expect(plans).not.toContain('1:true:walk');
  });

  it('tests the keyword on each candidate again while an NFT holds a character the index folds into ASCII', async () => {
    const db = getDb();
    const contract = db.select().from(smartContracts).where(eq(smartContracts.organizationId, organizationId)).get()!.id;
    const holder = db.insert(users).values({ email: `sparse-${crypto.randomUUID()}@example.test` }).returning().get().id;
    const add = (name: string, description: string) => {
      const row = db.insert(nfts).values({ organizationId, smartContractId: contract, name, description }).returning().get();
      db.insert(copyrightShares).values({ nftId: row.id, userId: holder, status: 'AUTHORIZED', percentage: 100 }).run();
      return row.id;
    };
    // The trigram index folds LONG S into `s`: it matches `station` in the second NFT; the search does not.
    const station = add('station alpha', 'plain');
    const longS = add('plain beta', '\u017Ftation');
    try {
      for (const plan of [{ walkBudget: 2, walkPerHit: 0, firstMatchPerHit: 0 }, { walkBudget: 2000 }]) {
        Object.assign(searchTuning, { sparseFilterShare: 1, anchorInterval: 4, commonHits: 1, ...plan });
        for (const orderBy of [['name asc'], ['status desc'], ['supply asc']]) {
          const got = await searchNfts(sqliteStore(db), organizationId, { keyword: 'station', advancedFilter: { field: 'copyrighted', operator: 'eq', value: true }, orderBy, pageSize: 10 });
          const label = JSON.stringify({ plan, orderBy });
          expect(got.totalCount, label).toBe(1);
          expect(got.data.map((d) => d.id), label).toEqual([station]);
        }
      }
    } finally {
      db.delete(copyrightShares).where(inArray(copyrightShares.nftId, [station, longS])).run();
      db.delete(nfts).where(inArray(nfts.id, [station, longS])).run();
    }
  });
});
