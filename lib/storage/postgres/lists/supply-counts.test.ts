import { afterEach, describe, expect, it } from 'vitest';
import { compileSearch } from '@/lib/nft-search/filter';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { copyIn, organizationWithContract, withPostgres } from '@/test/postgres/database';
import { checkPostgres, reindexPostgres } from '../maintenance';
import { nftSearchPagePg } from './nft-search';
import { clearPgListCaches } from './paging';
import { supplyCountTuning, supplyRangeTotal } from './range-count';

/*
 * B1 supply-range totals on PostgreSQL are sums over list_counts' 'nft_supply' keys
 * (db/migrations-pg/0016_supply_counts.sql). Through writes that bypass the application — INSERT …
 * SELECT, COPY, bulk UPDATEs of supply and status, DELETE — every range (each operator, bounds
 * inside, between and outside the values, with and without `status eq`) must equal a count of the
 * rows; a tampered key is reported by `db check` and repaired by `db reindex`.
 */
const pg = withPostgres();
const statuses = [null, 'CREATED', 'MINTED', 'FAILED'] as const;
const operators = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

afterEach(() => {
  supplyCountTuning.maxRows = 20_000;
});

async function seed(): Promise<string> {
  const c = pg.db().$client;
  const { organizationId: o, contractId: contract } = await organizationWithContract(c);
  await c.query(
    `insert into nfts (id, organization_id, smart_contract_id, name, status, supply, created_at, updated_at)
     select gen_random_uuid()::text, $1, $2, 'n' || i, case when i % 3 = 0 then 'MINTED' else 'CREATED' end, 1 + i % 7, now(), now() from generate_series(1, 200) i`,
    [o, contract],
  );
  await copyIn(c, 'nfts (id, organization_id, smart_contract_id, name, status, supply, created_at, updated_at)', Array.from({ length: 40 }, (_, i) => `${crypto.randomUUID()}\t${o}\t${contract}\tcopied ${i}\tFAILED\t${1 + (i % 4)}\t2026-01-01\t2026-01-01`));
  return o;
}

function body(status: string | null, operator: keyof typeof operators, bound: number): SearchNftsBody {
  const range = { field: 'supply', operator, value: String(bound) };
  return { pageSize: 5, advancedFilter: status ? { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: status }, range] } : range };
}

/** Every range's stored-count total against a count of the rows (and B1's total, which reads it). */
async function expectExact(o: string) {
  const c = pg.db().$client;
  for (const status of statuses) {
    for (const [operator, op] of Object.entries(operators) as [keyof typeof operators, string][]) {
      for (const bound of [0, 1, 3, 4, 7, 8]) {
        const { rows } = await c.query<{ n: string }>(
          `select count(*) as n from nfts where organization_id = $1 and ($2::text is null or status = $2) and supply ${op} $3::numeric`,
          [o, status, bound],
        );
        const b = body(status, operator, bound);
        const where = `${status ?? 'any'} supply ${operator} ${bound}`;
        expect(await supplyRangeTotal(pg.db(), o, compileSearch(b)), where).toBe(Number(rows[0]!.n));
        clearPgListCaches();
        expect((await nftSearchPagePg(pg.db(), o, compileSearch(b), b)).total, where).toBe(Number(rows[0]!.n));
      }
    }
  }
}

describe('B1 supply-range totals from list_counts', () => {
  it('stay exact through plain-SQL inserts, COPY, updates of supply and status, and deletes', async () => {
    const c = pg.db().$client;
    const o = await seed();
    await expectExact(o);
    await c.query(`update nfts set supply = supply + 2 where organization_id = $1 and name like 'n1%'`, [o]);
    await c.query(`update nfts set status = 'MINTED' where organization_id = $1 and status = 'FAILED' and supply = 2`, [o]);
    await c.query(`delete from nfts where organization_id = $1 and name like 'n2%'`, [o]);
    await expectExact(o);
    expect((await checkPostgres(c)).problems).toEqual([]);
  });

  it('answer only a supply range, alone or with status eq', async () => {
    const o = await seed();
    const other = (b: SearchNftsBody) => supplyRangeTotal(pg.db(), o, compileSearch(b));
    expect(await other({ advancedFilter: { field: 'tokenId', operator: 'gte', value: '1' } })).toBeNull();
    expect(await other({ keyword: 'n1', advancedFilter: { field: 'supply', operator: 'gte', value: '1' } })).toBeNull();
    expect(await other({ advancedFilter: { logic: 'or', filters: [{ field: 'status', operator: 'eq', value: 'MINTED' }, { field: 'supply', operator: 'gte', value: '2' }] } })).toBeNull();
    // Past the row budget the caller counts the rows: still exact.
    supplyCountTuning.maxRows = 1;
    const b = body(null, 'gte', 3);
    expect(await supplyRangeTotal(pg.db(), o, compileSearch(b))).toBeNull();
    const { rows } = await pg.db().$client.query<{ n: string }>(`select count(*) as n from nfts where organization_id = $1 and supply >= 3`, [o]);
    clearPgListCaches();
    expect((await nftSearchPagePg(pg.db(), o, compileSearch(b), b)).total).toBe(Number(rows[0]!.n));
  });

  it('db check reports a tampered supply key; db reindex repairs it', async () => {
    const c = pg.db().$client;
    const o = await seed();
    await c.query(`update list_counts set n = n + 3 where organization_id = $1 and list = 'nft_supply' and k1 = 'FAILED' and k2 = '2'`, [o]);
    expect((await checkPostgres(c)).problems).toContainEqual(`list_counts nft_supply[FAILED,2] of organization ${o}: stored 13, actual 10`);
    await reindexPostgres(c);
    expect((await checkPostgres(c)).problems).toEqual([]);
    await expectExact(o);
  });
});
