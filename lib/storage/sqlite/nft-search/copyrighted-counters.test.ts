import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { copyrightShares, nfts, organizations, smartContracts, users } from '@/db/schema';
import { searchNfts } from '@/lib/nft-search/service';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import { clearCountCache } from '../search/count-cache';
import { check, reindex } from '../search/maintenance';

/*
 * B1's `copyrighted eq` totals off trigger-kept counters (db/migrations/0031_b1_copyrighted_counters.sql,
 * lib/storage/sqlite/lists/nft-search.ts copyrightedRows): alone and per status (an order led by
 * status totals each status apart), against a count of the rows, through every write that moves
 * an NFT in or out of them — a share authorized or withdrawn, a status change, a delete,
 * a row written with plain SQL — and `db check` / `db reindex` on the counters.
 */
const STATUSES = ['CREATED', 'FAILED', 'MINTED', 'PENDING'] as const;
let organizationId = '';
let contractId = '';
let holder = '';
const ids: string[] = [];

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'copyrighted counters', tenant: `cc-${crypto.randomUUID()}` }).returning().get().id;
  contractId = db.insert(smartContracts).values({ organizationId, name: 'Works', symbol: 'W' }).returning().get().id;
  holder = db.insert(users).values({ email: `cc-${crypto.randomUUID()}@example.test` }).returning().get().id;
  for (let i = 0; i < 24; i++) {
    const id = db.insert(nfts).values({ organizationId, smartContractId: contractId, name: `work ${String(i).padStart(2, '0')}`, status: STATUSES[i % 4] }).returning().get().id;
    ids.push(id);
    // Every third NFT copyrighted: all of its holders authorized.
    if (i % 3 === 0) db.insert(copyrightShares).values({ nftId: id, userId: holder, status: 'AUTHORIZED', percentage: 100 }).run();
  }
});

/** The rows the counters stand for. */
function scanned(copyrighted: boolean, status?: string) {
  return getDb().get<{ n: number }>(
    sql`select count(*) as "n" from "nfts" where "organization_id" = ${organizationId} and "copyrighted" = ${copyrighted ? 1 : 0} and (${status ?? null} is null or "status" = ${status ?? null})`,
  ).n;
}

async function search(copyrighted: boolean, orderBy: string[], pageNumber = 1) {
  return searchNfts(sqliteStore(getDb()), organizationId, { advancedFilter: { field: 'copyrighted', operator: 'eq', value: copyrighted }, orderBy, pageNumber, pageSize: 5 });
}

async function expectExact(label: string) {
  clearCountCache();
  for (const copyrighted of [true, false]) {
    expect((await search(copyrighted, ['name asc'])).totalCount, `${label}: copyrighted ${copyrighted}`).toBe(scanned(copyrighted));
    // Led by status: one total per status, then the pages; every page is the scan's order.
    const expected = getDb()
      .all<{ name: string }>(
        sql`select "name" from "nfts" where "organization_id" = ${organizationId} and "copyrighted" = ${copyrighted ? 1 : 0} order by "status" desc, "name" asc, "id" asc`,
      )
      .map((r) => r.name);
    const names: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 5); page++) {
      const result = await search(copyrighted, ['status desc', 'name asc'], page);
      expect(result.totalCount, `${label}: copyrighted ${copyrighted} by status`).toBe(expected.length);
      names.push(...result.data.map((d) => d.name));
    }
    expect(names, `${label}: copyrighted ${copyrighted} by status, every page`).toEqual(expected);
    for (const status of STATUSES) {
      const body = { advancedFilter: { logic: 'and', filters: [{ field: 'copyrighted', operator: 'eq', value: copyrighted }, { field: 'status', operator: 'eq', value: status }] }, pageNumber: 1, pageSize: 5 };
      expect((await searchNfts(sqliteStore(getDb()), organizationId, body)).totalCount, `${label}: copyrighted ${copyrighted}, ${status}`).toBe(scanned(copyrighted, status));
    }
  }
  expect(check(getDb().$client).problems, label).toEqual([]);
}

describe('B1: copyrighted totals off their counters', () => {
  it('stay the scan’s through every write that moves an NFT in or out', async () => {
    const db = getDb();
    expect(scanned(true)).toBe(8);
    await expectExact('seeded');
    // A share withdrawn from authorization: no longer copyrighted; authorized again: back.
    db.update(copyrightShares).set({ status: 'PENDING' }).where(eq(copyrightShares.nftId, ids[0]!)).run();
    await expectExact('share pending');
    db.update(copyrightShares).set({ status: 'AUTHORIZED' }).where(eq(copyrightShares.nftId, ids[0]!)).run();
    // A copyrighted NFT changes status; another gains a second, unauthorized holder.
    db.update(nfts).set({ status: 'MINTED' }).where(eq(nfts.id, ids[3]!)).run();
    const second = db.insert(users).values({ email: `cc-${crypto.randomUUID()}@example.test` }).returning().get().id;
    db.insert(copyrightShares).values({ nftId: ids[6]!, userId: second, status: 'PENDING', percentage: 10 }).run();
    await expectExact('status change, unauthorized holder');
    // A copyrighted NFT deleted, an uncopyrighted one too.
    db.delete(nfts).where(eq(nfts.id, ids[9]!)).run();
    db.delete(nfts).where(eq(nfts.id, ids[10]!)).run();
    await expectExact('deletes');
    // Rows written with plain SQL (no app function registered), one copyrighted by its share: the
    // counters follow at once; the rest of their derived data waits for db reindex.
    for (const status of ['FAILED', 'CREATED']) {
      const id = crypto.randomUUID();
      db.$client
        .prepare(`insert into nfts (id, organization_id, smart_contract_id, name, status, created_at, updated_at) values (?, ?, ?, 'plain sql', ?, 0, 0)`)
        .run(id, organizationId, contractId, status);
      if (status === 'FAILED') db.$client.prepare(`insert into copyright_shares (id, nft_id, user_id, status, percentage, created_at, updated_at) values (?, ?, ?, 'AUTHORIZED', 100, 0, 0)`).run(crypto.randomUUID(), id, holder);
    }
    clearCountCache();
    for (const copyrighted of [true, false]) {
      expect((await search(copyrighted, ['name asc'])).totalCount, `plain SQL: copyrighted ${copyrighted}`).toBe(scanned(copyrighted));
      const byStatus = await search(copyrighted, ['status desc', 'name asc']);
      expect(byStatus.totalCount, `plain SQL: copyrighted ${copyrighted} by status`).toBe(scanned(copyrighted));
    }
    reindex(db.$client);
    await expectExact('plain SQL, reindexed');
  });

  it('are reported by db check when tampered with, and rebuilt by db reindex', async () => {
    const client = getDb().$client;
    client.prepare(`update search_counters set n = n + 3 where organization_id = ? and name = 'nfts:copyrighted:status:CREATED'`).run(organizationId);
    expect(check(client).problems.join('\n')).toMatch(/nfts:copyrighted:status:CREATED: \d+ \(actual \d+\)/);
    reindex(client);
    await expectExact('reindexed');
  });
});
