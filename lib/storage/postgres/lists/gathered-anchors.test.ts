import { afterAll, describe, expect, it } from 'vitest';
import { compileSearch } from '@/lib/nft-search/filter';
import { anchoredPagesEqualOffset } from '@/test/postgres/anchored-pages';
import { organizationWithContract, withPostgres } from '@/test/postgres/database';
import { nftSearchPagePg } from './nft-search';
import { nftPage } from './nfts';
import { pgListTuning } from './paging';

/*
 * A deep page of a one- or two-character term narrowed through its gram index builds its anchors off
 * the gathered hits, sorted (paging.ts OrderedQuery.gathered): walking the sort index instead, the
 * planner built every passed row's gram arrays (A5 `a` by mintedAt, page 11,100: ~9 s at a million
 * NFTs). Every page — anchors every 4 rows, NULL-able and text sorts, both directions — equals the
 * page read by OFFSET, and the statements show which terms gather: a short term's, not a longer one's.
 */
const pg = withPostgres();
const saved = { ...pgListTuning };
afterAll(() => {
  Object.assign(pgListTuning, saved);
});

const GATHERED = /with g as materialized/;

async function seeded() {
  const c = pg.db().$client;
  const { organizationId, contractId } = await organizationWithContract(c);
  await c.query(
    `insert into nfts (id, organization_id, smart_contract_id, name, name_fold, contract_name_fold, description, status, supply, minted_at, created_at, updated_at)
     select gen_random_uuid()::text, $1, $2, n, lower(n), 'c', case when i % 5 = 0 then 'Banner ' || i end,
       (array['CREATED', 'MINTED', 'FAILED'])[1 + i % 3], 1 + i % 6,
       case when i % 4 = 0 then null else timestamptz '2026-01-01' + (i % 9) * interval '1 hour' end, now(), now()
     from generate_series(1, 200) i, lateral (select (array['Amber', 'Harbor', 'Willow', 'stone'])[1 + i % 4] || ' ' || i as n) as names`,
    [organizationId, contractId],
  );
  return organizationId;
}

describe('gathered anchors of a short term', () => {
  it('A5: every page of a short term, by a NULL-able and a text sort, equals OFFSET; only the short term gathers', async () => {
    const o = await seeded();
    Object.assign(pgListTuning, { nftWalk: 'hits', searchIndex: 'index' });
    for (const [search, gathers] of [
      ['an', true],
      ['ber', false],
    ] as const) {
      for (const sortBy of ['mintedAt', 'name'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const label = `${search} by ${sortBy} ${sortOrder}`;
          const ran = (await anchoredPagesEqualOffset(pg.db().$client, (page) => nftPage(pg.db(), o, { search, sortBy, sortOrder, page, limit: 5 }), label)).flat();
          expect(ran.some((s) => GATHERED.test(s)), label).toBe(gathers);
        }
      }
    }
  });

  it('A5: a short term in most NFTs walks to its deep pages and from their anchors instead (filtered or not), each page equal to OFFSET; a costlier walk gathers', async () => {
    const o = await seeded();
    // `o`: Harbor, Willow and stone, three NFTs in four.
    for (const [walkedRowCost, walks] of [
      [1.5, true],
      [Infinity, false],
    ] as const) {
      Object.assign(pgListTuning, { nftWalk: 'hits', searchIndex: 'index', walkedRowCost });
      for (const [sortBy, status] of [
        ['name', undefined],
        ['supply', 'MINTED'],
        ['mintedAt', undefined],
        ['status', 'FAILED'],
      ] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const label = `o by ${sortBy} ${sortOrder}${status ? ` under ${status}` : ''}, cost ${walkedRowCost}`;
          const ran = (await anchoredPagesEqualOffset(pg.db().$client, (page) => nftPage(pg.db(), o, { search: 'o', status, sortBy, sortOrder, page, limit: 5 }), label)).flat();
          const anchorBuilds = ran.filter((s) => /row_number\(\) over/.test(s));
          expect(anchorBuilds.length, label).toBeGreaterThan(0);
          // Walked where the page is shallow enough for the walk to cost less (not the pages nearest the middle).
          expect(anchorBuilds.some((s) => !GATHERED.test(s)), label).toBe(walks);
          expect(anchorBuilds.every((s) => GATHERED.test(s) || / like /.test(s)), label).toBe(true);
          // A page read from its anchor walks the sort index with the term in row form (a LIKE) where
          // that costs less than gathering — never building a walked row's gram arrays.
          const fromAnchor = ran.filter((s) => /array\(select/.test(s));
          expect(fromAnchor.length, label).toBeGreaterThan(0);
          expect(fromAnchor.every((s) => (walks ? !s.includes('cl2c_grams') && / like /.test(s) : s.includes('cl2c_grams'))), label).toBe(true);
        }
      }
    }
  });

  it('B1: a short keyword beside a status, by supply, equals OFFSET and gathers', async () => {
    const o = await seeded();
    Object.assign(pgListTuning, { b1Walk: 'hits', searchIndex: 'index', walkedRowCost: Infinity });
    for (const direction of ['asc', 'desc']) {
      const body = { keyword: 'ER', advancedFilter: { field: 'status', operator: 'eq', value: 'MINTED' }, orderBy: [`supply ${direction}`] };
      const ran = (await anchoredPagesEqualOffset(pg.db().$client, (page) => nftSearchPagePg(pg.db(), o, compileSearch({ ...body, pageNumber: page, pageSize: 5 }), body), `B1 ER by supply ${direction}`)).flat();
      expect(ran.some((s) => GATHERED.test(s))).toBe(true);
    }
  });

  it('B1: a short keyword in most NFTs walks to its deep pages instead, each page equal to OFFSET', async () => {
    const o = await seeded();
    Object.assign(pgListTuning, { b1Walk: 'hits', searchIndex: 'index', walkedRowCost: 1.5 });
    for (const order of ['supply asc', 'name desc', 'mintedAt asc']) {
      const body = { keyword: 'O', orderBy: [order] };
      const ran = (await anchoredPagesEqualOffset(pg.db().$client, (page) => nftSearchPagePg(pg.db(), o, compileSearch({ ...body, pageNumber: page, pageSize: 5 }), body), `B1 O by ${order}`)).flat();
      const anchorBuilds = ran.filter((s) => /row_number\(\) over/.test(s));
      const walked = anchorBuilds.filter((s) => !GATHERED.test(s));
      expect(walked.length, `B1 O by ${order}`).toBeGreaterThan(0);
      // In row form: each field tested, no gram array built.
      expect(walked.every((s) => s.includes('strpos(') && !s.includes('cl2c_grams')), `B1 O by ${order}`).toBe(true);
    }
  });
});
