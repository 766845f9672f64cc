import { afterAll, describe, expect, it } from 'vitest';
import { compileSearch } from '@/lib/nft-search/filter';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { organizationWithContract, withPostgres } from '@/test/postgres/database';
import { nftSearchPagePg } from './nft-search';
import { clearPgListCaches, pgListTuning } from './paging';

/*
 * B1 without a keyword, at most `status eq`, in an indexed NOT NULL order builds its anchors by
 * stepping from one to the next along the index (paging.ts steppedAnchorsSql). Every page of every
 * such order, both directions, with and without the status filter, must equal the same slice of
 * one plain sort — anchors every 3 rows so that pages cross several, over values with many ties
 * (a wrong step, a missing tie or the id compared the wrong way shifts a page).
 */
const pg = withPostgres();
afterAll(() => {
  pgListTuning.anchorInterval = 1000;
});

describe('B1 anchors stepped along the sort index', () => {
  it('every page of createdAt, updatedAt, supply, name, smartContractName and status orders, with and without status eq', async () => {
    const c = pg.db().$client;
    const o = crypto.randomUUID();
    await c.query(`insert into organizations (id, name, tenant, created_at, updated_at) values ($1, 'o', $1, now(), now())`, [o]);
    for (const name of ['Beta', 'alpha', 'Beta']) {
      await c.query(`insert into smart_contracts (id, organization_id, name, symbol, created_at, updated_at) values (gen_random_uuid()::text, $1, $2, 'C', now(), now())`, [o, name]);
    }
    // 41 NFTs over three contracts: four statuses, supplies 1–5, names folding alike ('Ab' / 'ab'),
    // created and updated at a handful of instants — ties everywhere, broken by the id.
    await c.query(
      `insert into nfts (id, organization_id, smart_contract_id, contract_name_fold, name, name_fold, status, supply, created_at, updated_at)
       select gen_random_uuid()::text, $1, sc.id, lower(sc.name), nm, lower(nm), (array['CREATED','PENDING','MINTED','FAILED'])[1 + i % 4], 1 + i % 5,
              timestamptz '2026-01-01' + (i % 6) * interval '1 minute', timestamptz '2026-02-01' + (i % 4) * interval '1 minute'
       from generate_series(1, 41) i
       cross join lateral (select case when i % 3 = 0 then 'Ab' when i % 3 = 1 then 'ab' else 'b' || (i % 7) end as nm) as n
       cross join lateral (select id, name from smart_contracts where organization_id = $1 order by id offset i % 3 limit 1) as sc`,
      [o],
    );
    pgListTuning.anchorInterval = 3;
    const columns = { createdAt: 'created_at', updatedAt: 'updated_at', supply: 'supply', name: 'name_fold collate "C"', smartContractName: 'contract_name_fold collate "C"', status: 'status' };
    for (const [field, column] of Object.entries(columns)) {
      for (const status of [null, 'PENDING']) {
        for (const dir of ['asc', 'desc'] as const) {
          const { rows } = await c.query<{ id: string }>(
            `select id from nfts where organization_id = $1 ${status ? `and status = '${status}'` : ''} order by ${column} ${dir}, id ${dir}`,
            [o],
          );
          const expected = rows.map((r) => r.id);
          for (const pageSize of [2, 5]) {
            clearPgListCaches();
            for (let pageNumber = 1; (pageNumber - 1) * pageSize < expected.length; pageNumber++) {
              const body: SearchNftsBody = {
                pageNumber,
                pageSize,
                orderBy: [`${field} ${dir}`],
                ...(status ? { advancedFilter: { field: 'status', operator: 'eq', value: status } } : {}),
              };
              const got = await nftSearchPagePg(pg.db(), o, compileSearch(body), body);
              const where = `${field} ${dir} ${status ?? 'all'} size ${pageSize} page ${pageNumber}`;
              expect(got.ids, where).toEqual(expected.slice((pageNumber - 1) * pageSize, pageNumber * pageSize));
              expect(got.total, where).toBe(expected.length);
            }
          }
        }
      }
    }
  });
});

describe('B1 sparse filters read shallow pages from the first row of the set', () => {
  it('every page of a filter holding 1/10 of the NFTs, in orders where its rows sit last, equals one plain sort', async () => {
    const c = pg.db().$client;
    const { organizationId: o, contractId: contract } = await organizationWithContract(c);
    // 60 NFTs; the 6 with supply 9 are the oldest and CREATED: last in status and createdAt descending orders.
    await c.query(
      `insert into nfts (id, organization_id, smart_contract_id, name, name_fold, status, supply, created_at, updated_at)
       select gen_random_uuid()::text, $1, $2, 'n' || (i % 5), 'n' || (i % 5), case when i <= 6 then 'CREATED' else 'PENDING' end,
              case when i <= 6 then 9 else 1 + i % 4 end, timestamptz '2026-01-01' + i * interval '1 minute', now()
       from generate_series(1, 60) i`,
      [o, contract],
    );
    const columns = { status: 'status', createdAt: 'created_at', name: 'name_fold collate "C"', supply: 'supply' };
    for (const [field, column] of Object.entries(columns)) {
      for (const dir of ['asc', 'desc'] as const) {
        const { rows } = await c.query<{ id: string }>(`select id from nfts where organization_id = $1 and supply = 9 order by ${column} ${dir}, id ${dir}`, [o]);
        const expected = rows.map((r) => r.id);
        clearPgListCaches();
        for (const pageSize of [1, 4]) {
          for (let pageNumber = 1; (pageNumber - 1) * pageSize < expected.length; pageNumber++) {
            const body: SearchNftsBody = { pageNumber, pageSize, orderBy: [`${field} ${dir}`], advancedFilter: { field: 'supply', operator: 'eq', value: '9' } };
            const got = await nftSearchPagePg(pg.db(), o, compileSearch(body), body);
            expect(got.ids, `${field} ${dir} size ${pageSize} page ${pageNumber}`).toEqual(expected.slice((pageNumber - 1) * pageSize, pageNumber * pageSize));
            expect(got.total).toBe(expected.length);
          }
        }
      }
    }
  });
});
