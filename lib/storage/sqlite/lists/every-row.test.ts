import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, organizations, smartContracts } from '@/db/schema';
import { searchNfts } from '@/lib/nft-search/service';
import { clearAnchorCache } from '@/lib/storage/sqlite/search/anchors';
import { clearCountCache } from '@/lib/storage/sqlite/search/count-cache';
import { searchTuning } from '@/lib/storage/sqlite/search/tuning';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import { everyRowBody, everyRowFilters, everyRowModel, everyRowOrders, everyRowSeed, type EveryRowFilter, type EveryRowNft, type EveryRowOrder } from '@/test/every-row-search';

/*
 * B1 on SQLite, a search whose rows are every NFT of its status (or of the organization): a keyword
 * every NFT holds (`q` in every name here; `r` over every field at a million), or a filter every row
 * of the status passes (`supply gte 1`). Such a search is read as the plain status list
 * (lib/storage/sqlite/lists/nft-search.ts keywordsHoldEverywhere, selectsEveryRowOfItsStatus): no
 * statement tests the keyword or the supply on each row, and a status filter alone is totalled by
 * its counter, not counted. Every page is checked against a model, reduced or not (`zq`: most rows).
 */
let organizationId = '';
const saved = { ...searchTuning };
const rows: EveryRowNft[] = [];

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'every row', tenant: `every-${crypto.randomUUID()}` }).returning().get().id;
  const contract = db.insert(smartContracts).values({ organizationId, name: 'Works', symbol: 'W' }).returning().get().id;
  for (const nft of everyRowSeed) {
    const row = db.insert(nfts).values({ organizationId, smartContractId: contract, ...nft }).returning().get();
    rows.push({ id: row.id, name: row.name, status: row.status, supply: row.supply });
  }
});

afterEach(() => {
  Object.assign(searchTuning, saved);
});

const model = (keyword: string, filter: EveryRowFilter, order: EveryRowOrder) => everyRowModel(rows, keyword, filter, order);
const body = everyRowBody;

/** The statements the search ran, as SQL text: on the connection and on Drizzle's statement-caching view of it. */
function recording<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const db = getDb();
  const view = (db as unknown as { session: { client: typeof db.$client } }).session.client;
  const statements: string[] = [];
  const restore = [db.$client, view].map((client) => {
    const own = Object.getOwnPropertyDescriptor(client, 'prepare');
    const prepare = client.prepare.bind(client);
    client.prepare = ((text: string) => (statements.push(text), prepare(text)));
    return () => {
      if (own) Object.defineProperty(client, 'prepare', own);
      else delete (client as { prepare?: unknown }).prepare;
    };
  });
  return work()
    .then((result) => ({ result, statements }))
    .finally(() => restore.forEach((r) => r()));
}

describe('B1: a search whose rows are every NFT of its status', () => {
  it('pages like the model, for a keyword every NFT holds and one most hold, beside status and supply filters', async () => {
    // Every term "common", short walks and anchors: the small set takes the large paths.
    Object.assign(searchTuning, { commonHits: 1, walkBudget: 4, anchorInterval: 4 });
    for (const keyword of ['q', 'zq']) {
      for (const filter of everyRowFilters) {
        for (const order of everyRowOrders) {
          clearCountCache();
          clearAnchorCache();
          const expected = model(keyword, filter, order);
          for (let page = 1; page <= Math.ceil(expected.length / 4) + 1; page++) {
            const got = await searchNfts(sqliteStore(getDb()), organizationId, body(keyword, filter, order, page));
            const label = JSON.stringify({ keyword, filter, order, page });
            expect(got.totalCount, label).toBe(expected.length);
            expect(
              got.data.map((d) => d.id),
              label,
            ).toEqual(expected.slice((page - 1) * 4, page * 4));
          }
        }
      }
    }
  });

  it('reads such a search as the status list: no statement tests the keyword or the supply; a status alone is not counted', async () => {
    Object.assign(searchTuning, { commonHits: 1, walkBudget: 4, anchorInterval: 4 });
    clearCountCache();
    clearAnchorCache();
    const everywhere = await recording(() =>
      searchNfts(sqliteStore(getDb()), organizationId, body('q', { status: 'MINTED', supplyGte: 1 }, { key: 'status,name', dir: 'asc' }, 2)),
    );
    expect(everywhere.result.totalCount).toBe(12);
    const pageStatements = everywhere.statements.filter((s) => /from "nfts"/.test(s) && !/count\(\*\)/.test(s));
    expect(pageStatements.length).toBeGreaterThan(0);
    for (const s of pageStatements) {
      expect(s).not.toMatch(/instr\(|"supply" >=/);
    }

    // A keyword every NFT holds beside a filter some rows of the status fail: the keyword is dropped, the filter tested.
    clearCountCache();
    const filtered = await recording(() =>
      searchNfts(sqliteStore(getDb()), organizationId, body('q', { status: 'FAILED', supplyGte: 3 }, { key: 'name', dir: 'asc' }, 1)),
    );
    expect(filtered.result.totalCount).toBe(model('q', { status: 'FAILED', supplyGte: 3 }, { key: 'name', dir: 'asc' }).length);
    const filteredStatements = filtered.statements.filter((s) => /from "nfts"/.test(s) && !/search_nfts/.test(s));
    expect(filteredStatements.some((s) => /"supply" >=/.test(s))).toBe(true);
    for (const s of filteredStatements) expect(s).not.toMatch(/instr\(/);

    // A keyword most NFTs hold is still tested (the check above can fail).
    clearCountCache();
    const most = await recording(() =>
      searchNfts(sqliteStore(getDb()), organizationId, body('zq', { status: 'MINTED' }, { key: 'name', dir: 'asc' }, 2)),
    );
    expect(most.statements.some((s) => /instr\(|match/.test(s))).toBe(true);

    clearCountCache();
    const statusOnly = await recording(() => searchNfts(sqliteStore(getDb()), organizationId, { advancedFilter: { field: 'status', operator: 'eq', value: 'FAILED' }, pageSize: 4 }));
    expect(statusOnly.result.totalCount).toBe(12);
    expect(statusOnly.statements.filter((s) => /count\(\*\)/.test(s) && /from "nfts"/.test(s))).toEqual([]);
  });
});
