import { describe, expect, it } from 'vitest';
import { compileSearch } from '@/lib/nft-search/filter';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { everyRowBody, everyRowFilters, everyRowModel, everyRowOrders, everyRowSeed, type EveryRowNft } from '@/test/every-row-search';
import { organizationWithContract, recordingStatements, withPostgres } from '@/test/postgres/database';
import { nftSearchPagePg } from './nft-search';
import { clearPgListCaches } from './paging';

/*
 * B1 on PostgreSQL, a search whose rows are every NFT of its status (or of the organization): a
 * one- or two-character keyword every NFT holds (`q` in every name here; `r` over every field at a
 * million), known from its stored per-gram count, or a filter every row of the status passes
 * (`supply gte 1`). Such a search is read as the plain status list (nft-search.ts): no statement
 * tests the keyword or the supply, and a status filter alone is totalled by list_counts, not
 * counted. Every page is checked against a model, reduced or not (`zq`: most rows).
 */
const pg = withPostgres();

async function seed(): Promise<{ organizationId: string; rows: EveryRowNft[] }> {
  const c = pg.db().$client;
  const { organizationId, contractId } = await organizationWithContract(c);
  const rows: EveryRowNft[] = [];
  for (const nft of everyRowSeed) {
    const row = { id: crypto.randomUUID(), ...nft };
    await c.query(
      `insert into nfts (id, organization_id, smart_contract_id, name, status, supply, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, now(), now())`,
      [row.id, organizationId, contractId, row.name, row.status, row.supply],
    );
    rows.push(row);
  }
  return { organizationId, rows };
}

const model = everyRowModel;
const body = everyRowBody;

const recording = <T>(work: () => Promise<T>) => recordingStatements(pg.db().$client, work);
const page = (o: string, b: SearchNftsBody) => nftSearchPagePg(pg.db(), o, compileSearch(b), b);

describe('B1 on PostgreSQL: a search whose rows are every NFT of its status', () => {
  it('pages like the model, for a keyword every NFT holds and one most hold, beside status and supply filters', async () => {
    const { organizationId: o, rows } = await seed();
    for (const keyword of ['q', 'zq']) {
      for (const filter of everyRowFilters) {
        for (const order of everyRowOrders) {
          clearPgListCaches();
          const expected = model(rows, keyword, filter, order);
          for (let p = 1; p <= Math.ceil(expected.length / 4) + 1; p++) {
            const label = JSON.stringify({ keyword, filter, order, p });
            const got = await page(o, body(keyword, filter, order, p));
            expect(got.total, label).toBe(expected.length);
            expect(got.ids, label).toEqual(expected.slice((p - 1) * 4, p * 4));
          }
        }
      }
    }
  });

  it('reads such a search as the status list: no statement tests the keyword or the supply; a status alone is not counted', async () => {
    const { organizationId: o, rows } = await seed();
    clearPgListCaches();
    const everywhere = await recording(() => page(o, body('q', { status: 'MINTED', supplyGte: 1 }, { key: 'name', dir: 'asc' }, 2)));
    expect(everywhere.result.total).toBe(12);
    const onNfts = (s: string[]) => s.filter((t) => /from "?nfts"?\b/.test(t));
    expect(onNfts(everywhere.statements).length).toBeGreaterThan(0);
    for (const s of onNfts(everywhere.statements)) expect(s).not.toMatch(/strpos|like|"supply" >=|supply >=/i);

    // A keyword every NFT holds beside a filter some rows of the status fail: the keyword dropped, the filter tested.
    clearPgListCaches();
    const filter = { status: 'FAILED', supplyGte: 3 };
    const filtered = await recording(() => page(o, body('q', filter, { key: 'name', dir: 'asc' }, 1)));
    expect(filtered.result.total).toBe(model(rows, 'q', filter, { key: 'name', dir: 'asc' }).length);
    expect(onNfts(filtered.statements).some((s) => /supply/.test(s))).toBe(true);
    for (const s of onNfts(filtered.statements)) expect(s).not.toMatch(/strpos|like/i);

    // A keyword most NFTs hold is still tested (the checks above can fail).
    clearPgListCaches();
    const most = await recording(() => page(o, body('zq', { status: 'MINTED' }, { key: 'name', dir: 'asc' }, 1)));
    expect(onNfts(most.statements).some((s) => /strpos|like|grams/i.test(s))).toBe(true);

    clearPgListCaches();
    const statusOnly = await recording(() => page(o, { advancedFilter: { field: 'status', operator: 'eq', value: 'FAILED' }, pageSize: 4 }));
    expect(statusOnly.result.total).toBe(12);
    expect(onNfts(statusOnly.statements).filter((s) => /count\(\*\)/.test(s))).toEqual([]);
  });

  it('a write between the reading that decided the reduction and the page: the search is answered as it is', async () => {
    const { organizationId: o, rows } = await seed();
    const { rows: contract } = await pg.db().$client.query<{ id: string }>(`select id from smart_contracts where organization_id = $1`, [o]);
    const db = pg.db();
    const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
    // The second reading of the write generation is the reduced search's first statement: an NFT
    // without the keyword commits right after it, so the status list the reduction would read has a
    // row the search does not select.
    let generations = 0;
    const handle = Object.create(db) as typeof db;
    handle.execute = (async (query: Parameters<typeof db.execute>[0]) => {
      const result = await db.execute(query);
      if (/list_generations/.test(dialect.sqlToQuery(query).sql) && ++generations === 2) {
        await db.$client.query(
          `insert into nfts (id, organization_id, smart_contract_id, name, status, supply, created_at, updated_at) values ($1, $2, $3, 'plain', 'MINTED', 1, now(), now())`,
          [crypto.randomUUID(), o, contract[0]!.id],
        );
      }
      return result;
    }) as typeof db.execute;
    clearPgListCaches();
    const b = { ...body('q', { status: 'MINTED' }, { key: 'name', dir: 'asc' }, 1), pageSize: 50 };
    const got = await nftSearchPagePg(handle, o, compileSearch(b), b);
    expect(generations).toBeGreaterThanOrEqual(2);
    const expected = model(rows, 'q', { status: 'MINTED' }, { key: 'name', dir: 'asc' });
    expect(got.ids).toEqual(expected);
    expect(got.total).toBe(expected.length);
  });
});
