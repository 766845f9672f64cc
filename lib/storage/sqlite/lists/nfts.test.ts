import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import type { Db } from '@/lib/storage/sqlite/client';
import { nfts, smartContracts } from '@/db/schema';
import { createTestOrg } from '@/test/helpers';
import { searchTuning } from '../search/tuning';
import { nftRows, pageIndex } from './nfts';

/*
 * A5's page query must be an index range for every sortBy, unfiltered and under each single
 * filter it offers: no "USE TEMP B-TREE FOR ORDER BY" over the organization's NFTs (that would
 * sort a million rows per request). Checked on the real migrated schema with EXPLAIN QUERY PLAN.
 */
const sorts = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name', status: 'status', mintedAt: 'minted_at', supply: 'supply' };

function plan(db: Db, filter: string, sort: string) {
  return db
    .all<{ detail: string }>(
      sql.raw(`explain query plan select id from nfts where organization_id = 'o'${filter} order by "${sort}" desc, id desc limit 20 offset 40`),
    )
    .map((r) => r.detail)
    .join(' | ');
}

describe('A5 page plans', () => {
  it('names an existing index for every filter × sort', () => {
    const names = new Set(getDb().all<{ name: string }>(sql`select name from sqlite_master where type = 'index' and tbl_name = 'nfts'`).map((r) => r.name));
    for (const sortBy of Object.keys(sorts) as (keyof typeof sorts)[]) {
      for (const f of [{}, { status: 'MINTED' as const }, { copyrightStatus: 'AWAITING' as const }, { contractId: 'c' }, { status: 'MINTED' as const, copyrightStatus: 'NONE' as const }]) {
        expect(names).toContain(pageIndex({ sortBy, ...f }));
      }
    }
  });

  const db = getDb();
  for (const [sortBy, column] of Object.entries(sorts)) {
    for (const [label, filter] of [
      ['no filter', ''],
      ['status', ` and status = 'MINTED'`],
      ['copyrightStatus', ` and copyright_status = 'PENDING'`],
    ] as const) {
      it(`sortBy=${sortBy}, ${label}: a covering index range, no sort`, () => {
        const p = plan(db, filter, column);
        expect(p).toMatch(/USING COVERING INDEX nfts_org_/);
        expect(p).not.toMatch(/TEMP B-TREE/);
      });
    }
  }

  it('an anchored read seeks into the index by row value (keyset), not by stepping', () => {
    const p = db
      .all<{ detail: string }>(
        sql.raw(`explain query plan select id from nfts where organization_id = 'o' and ("name", id) >= ('m', 'x') order by "name" asc, id asc limit 20 offset 7`),
      )
      .map((r) => r.detail)
      .join(' | ');
    expect(p).toMatch(/USING COVERING INDEX nfts_org_name_id_idx \(organization_id=\? AND \(name,id\)>\(\?,\?\)\)/);
  });

  it('a contract filter reads the (organization, contract, createdAt, id) index', () => {
    expect(plan(db, ` and smart_contract_id = 'c'`, 'created_at')).toMatch(/USING COVERING INDEX nfts_org_contract_id_idx/);
  });
});

describe('A5 count plans', () => {
  const saved = { ...searchTuning };
  afterEach(() => Object.assign(searchTuning, saved));

  it("counts a common term under a contract filter over the contract's rows, not over the term's hits", async () => {
    const db = getDb();
    const org = await createTestOrg();
    const organizationId = org.organization.id;
    const contractId = db.insert(smartContracts).values({ organizationId, name: 'Plans', symbol: 'PLN' }).returning().get().id;
    for (let i = 0; i < 5; i++) db.insert(nfts).values({ organizationId, smartContractId: contractId, name: `golden harbor ${i}`, supply: 1 }).run();
    searchTuning.commonHits = 2;
    const countPlan = (q: { contractId?: string; status?: 'MINTED' }) => {
      const rows = nftRows(db, organizationId, { search: 'golden', sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: 20, ...q });
      expect(rows.walksCommonTerm).toBe(true);
      return db
        .all<{ detail: string }>(sql`explain query plan select count(*) from ${rows.countFrom} where ${rows.counted}`)
        .map((r) => r.detail)
        .join(' | ');
    };
    // Its deep pages' anchors: one pass over the sort index, the term decided by its index's rowids
    // (no row looked up); not under a contract (its rows are read and sorted).
    const decided = nftRows(db, organizationId, { search: 'golden', sortBy: 'name', sortOrder: 'asc', page: 1, limit: 20, status: 'MINTED' }).decided;
    expect(decided).toBeDefined();
    const passPlan = db
      .all<{ detail: string }>(sql`explain query plan select id from ${nfts} indexed by nfts_org_status_name_id_idx where ${decided} order by name, id`)
      .map((r) => r.detail)
      .join(' | ');
    expect(passPlan).toMatch(/USING COVERING INDEX nfts_org_status_name_id_idx/);
    expect(passPlan).not.toMatch(/TEMP B-TREE/);
    expect(nftRows(db, organizationId, { search: 'golden', sortBy: 'name', sortOrder: 'asc', page: 1, limit: 20, contractId }).decided).toBeUndefined();
    const underContract = countPlan({ contractId });
    expect(underContract).toMatch(/nfts_org_contract_id_idx/);
    expect(underContract).not.toMatch(/search_nfts/);
    // Without a contract the hits bound the rows: the trigram index is read.
    expect(countPlan({ status: 'MINTED' })).toMatch(/search_nfts/);
  });
});
