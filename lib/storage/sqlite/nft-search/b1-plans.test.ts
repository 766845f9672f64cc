import { sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { copyrightShares, nfts, organizations, smartContracts, users } from '@/db/schema';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { searchNfts } from '@/lib/nft-search/service';
import type { B1Plan } from '../lists/nft-search';
import { searchTuning } from '@/lib/storage/sqlite/search/tuning';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/*
 * EXPLAIN QUERY PLAN of the page query B1 actually runs: every indexed sort reads its
 * (organization[, filter], sort, id) index in order — no "USE TEMP B-TREE FOR ORDER BY" over the
 * tenant — for the first page and for a page read from the far end (past the middle).
 */

let organizationId = '';
let contractId = '';
const ROWS = 40;

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'plans', tenant: `plans-${crypto.randomUUID()}` }).returning().get().id;
  contractId = db.insert(smartContracts).values({ organizationId, name: 'Harbor Works', symbol: 'H' }).returning().get().id;
  const other = db.insert(smartContracts).values({ organizationId, name: 'Éclat', symbol: 'E' }).returning().get().id;
  // One NFT copyrighted: `copyrighted eq false` is then not every row (such a search is read as the plain list).
  const holder = db.insert(users).values({ email: `plans-${crypto.randomUUID()}@example.test` }).returning().get().id;
  for (let i = 0; i < ROWS; i++) {
    const row = db
      .insert(nfts)
      .values({
        organizationId,
        smartContractId: i % 2 ? contractId : other,
        name: `${i % 3 ? 'amber' : 'Harbor'} piece ${i}`,
        status: (['CREATED', 'MINTED'] as const)[i % 2]!,
        supply: 1 + (i % 4),
        tokenId: i % 5 ? i : null,
        mintedAt: i % 3 ? new Date(Date.UTC(2026, 0, 1 + i)) : null,
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
      })
      .returning()
      .get();
    if (i === 7) db.insert(copyrightShares).values({ nftId: row.id, userId: holder, status: 'AUTHORIZED', percentage: 100 }).run();
  }
});

const probeLimit = searchTuning.commonHits;
afterEach(() => {
  searchTuning.commonHits = probeLimit;
});

/** The plan and EXPLAIN QUERY PLAN lines of the page query `body` runs. */
async function explain(body: SearchNftsBody): Promise<{ plan: B1Plan; anchored: boolean; lines: string[]; count: number }> {
  const db = getDb();
  let seen: { plan: B1Plan; anchored: boolean; query: SQL } | undefined;
  const result = (await searchNfts(sqliteStore(db), organizationId, body, (page) => (seen = page)));
  expect(seen, 'a page query ran').toBeDefined();
  const lines = db.all<{ detail: string }>(sql`explain query plan ${seen!.query}`).map((r) => r.detail);
  return { plan: seen!.plan, anchored: seen!.anchored, lines, count: result.data.length };
}

const indexed: [string, SearchNftsBody, string][] = [
  ['default (createdAt desc, id desc)', {}, 'nfts_org_created_idx'],
  ['createdAt', { orderBy: ['createdAt'] }, 'nfts_org_created_idx'],
  ['updatedAt desc', { orderBy: ['updatedAt desc'] }, 'nfts_org_updated_id_idx'],
  ['mintedAt desc', { orderBy: ['mintedAt desc'] }, 'nfts_org_minted_id_idx'],
  ['supply', { orderBy: ['supply'] }, 'nfts_org_supply_id_idx'],
  ['supply desc', { orderBy: ['supply desc'] }, 'nfts_org_supply_id_idx'],
  ['tokenId', { orderBy: ['tokenId'] }, 'nfts_b1_token_id_idx'],
  ['name', { orderBy: ['name'] }, 'nfts_b1_name_fold_id_idx'],
  ['name desc', { orderBy: ['name desc'] }, 'nfts_b1_name_fold_id_idx'],
  ['smartContractName desc', { orderBy: ['smartContractName desc'] }, 'nfts_b1_contract_name_fold_id_idx'],
  ['status eq × createdAt', { advancedFilter: { field: 'status', operator: 'eq', value: 'MINTED' } }, 'nfts_org_status_id_idx'],
  ['status eq × name desc', { advancedFilter: { field: 'status', operator: 'eq', value: 'minted' }, orderBy: ['name desc'] }, 'nfts_b1_status_name_fold_id_idx'],
  [
    'status eq AND supply gte × name',
    { advancedFilter: { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: 'CREATED' }, { field: 'supply', operator: 'gte', value: 2 }] }, orderBy: ['name'] },
    'nfts_b1_status_name_fold_id_idx',
  ],
  ['status', { orderBy: ['status'] }, 'nfts_org_status_only_id_idx'],
  ['status eq × supply desc', { advancedFilter: { field: 'status', operator: 'eq', value: 'CREATED' }, orderBy: ['supply desc'] }, 'nfts_org_status_supply_id_idx'],
  ['status eq × mintedAt desc', { advancedFilter: { field: 'status', operator: 'eq', value: 'CREATED' }, orderBy: ['mintedAt desc'] }, 'nfts_org_status_minted_id_idx'],
  ['status eq × tokenId', { advancedFilter: { field: 'status', operator: 'eq', value: 'MINTED' }, orderBy: ['tokenId'] }, 'nfts_b1_status_token_id_idx'],
  ['status eq × smartContractName desc', { advancedFilter: { field: 'status', operator: 'eq', value: 'CREATED' }, orderBy: ['smartContractName desc'] }, 'nfts_b1_status_contract_name_fold_id_idx'],
  ['status eq × updatedAt', { advancedFilter: { field: 'status', operator: 'eq', value: 'MINTED' }, orderBy: ['updatedAt'] }, 'nfts_org_status_updated_id_idx'],
  [
    'status eq AND supply gte × supply desc (the bench case)',
    { advancedFilter: { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: 'MINTED' }, { field: 'supply', operator: 'gte', value: 2 }] }, orderBy: ['supply desc'] },
    'nfts_org_status_supply_id_idx',
  ],
  ['copyrighted eq × createdAt', { advancedFilter: { field: 'copyrighted', operator: 'eq', value: false } }, 'nfts_b1_copyrighted_created_idx'],
  // An order led by status: one search per status (lib/storage/nft-search-split.ts), each a status index.
  ['status desc, name (one search per status)', { orderBy: ['status desc', 'name'] }, 'nfts_b1_status_name_fold_id_idx'],
  ['status, supply desc (one search per status)', { orderBy: ['status', 'supply desc'] }, 'nfts_org_status_supply_id_idx'],
  ['smartContractId × createdAt desc', { smartContractId: '' }, 'nfts_org_contract_id_idx'],
  ['name eq (stored fold) × name', { advancedFilter: { field: 'name', operator: 'eq', value: 'HARBOR PIECE 3' }, orderBy: ['name'] }, 'nfts_b1_name_fold_id_idx'],
];

describe('B1 page queries read their sort index in order', () => {
  it.each(indexed)('%s: first and far-end pages use the index with no temp b-tree', async (_label, body, index) => {
    const withContract = body.smartContractId === '' ? { ...body, smartContractId: contractId } : body;
    const last = (await searchNfts(sqliteStore(getDb()), organizationId, { ...withContract, pageSize: 3 })).totalPages;
    for (const pageNumber of new Set([1, last])) {
      const { plan, anchored, lines, count } = (await explain({ ...withContract, pageSize: 3, pageNumber }));
      expect(plan).toBe('walk');
      expect(anchored).toBe(true);
      expect(count).toBeGreaterThan(0);
      expect(lines.join('\n')).toMatch(new RegExp(`USING (COVERING )?INDEX ${index} \\(organization_id=\\?`));
      expect(lines.join('\n')).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('a total under a contract filter counts the contract’s rows, not a status’s', async () => {
    const db = getDb();
    for (const advancedFilter of [
      { field: 'status', operator: 'eq', value: 'MINTED' },
      { field: 'copyrighted', operator: 'eq', value: false },
    ] as const) {
      let count: SQL | undefined;
      const result = await searchNfts(sqliteStore(db), organizationId, { smartContractId: contractId, advancedFilter, pageSize: 3 }, (p) => (count = p.count));
      expect(result.totalCount).toBeGreaterThan(0);
      const lines = db.all<{ detail: string }>(sql`explain query plan ${count!}`).map((r) => r.detail);
      expect(lines.join('\n')).toMatch(/USING (COVERING )?INDEX nfts_org_contract_id_idx \(organization_id=\? AND smart_contract_id=\?\)/);
    }
  });

  it('a name equality and a name prefix are ranges of the stored fold’s index', async () => {
    searchTuning.commonHits = 1;
    expect((await explain({ advancedFilter: { field: 'name', operator: 'eq', value: 'Harbor Piece 3' } })).lines.join('\n')).toMatch(
      /USING (COVERING )?INDEX nfts_b1_name_fold_id_idx \(organization_id=\? AND name_fold=\?\)/,
    );
    expect((await explain({ advancedFilter: { field: 'name', operator: 'startswith', value: 'HARB' }, orderBy: ['name'] })).lines.join('\n')).toMatch(
      /USING (COVERING )?INDEX nfts_b1_name_fold_id_idx \(organization_id=\? AND name_fold>\? AND name_fold<\?\)/,
    );
  });

  it('a common term walks the sort index (no trigram IN-list, no sort); a rare one sorts its few hits', async () => {
    searchTuning.commonHits = 3;
    const common = (await explain({ keyword: 'harbor', orderBy: ['name desc'], pageSize: 2 }));
    expect(common.plan).toBe('walk');
    expect(common.lines.join('\n')).toMatch(/USING (COVERING )?INDEX nfts_b1_name_fold_id_idx/);
    expect(common.lines.join('\n')).not.toMatch(/TEMP B-TREE|search_nfts/);
    searchTuning.commonHits = 10_000;
    const rare = (await explain({ keyword: 'harbor', orderBy: ['name desc'], pageSize: 2 }));
    expect(rare.plan).toBe('hits');
    expect(rare.lines.join('\n')).toMatch(/SCAN hits VIRTUAL TABLE|search_nfts VIRTUAL TABLE/);
    expect(rare.lines.join('\n')).toContain('SEARCH nfts USING INTEGER PRIMARY KEY (rowid=?)');
    expect(rare.count).toBe(common.count);
  });
});
