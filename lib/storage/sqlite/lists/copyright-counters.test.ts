import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { copyrightStatuses } from '@/db/enums';
import { nfts, organizations, smartContracts } from '@/db/schema';
import { listNfts } from '@/lib/nfts/service';
import { listNftsQuery } from '@/lib/nfts/schemas';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import { clearCountCache } from '../search/count-cache';
import { check, reindex } from '../search/maintenance';

/*
 * A5's `copyrightStatus` totals without a search off trigger-kept counters
 * (db/migrations/0032_a5_copyright_counters.sql, lib/storage/sqlite/lists/nfts.ts copyrightTotal):
 * alone and beside a status, against a count of the rows, through every write that moves an NFT
 * between them — a copyright status or status change, a delete, a row written with plain SQL — and
 * `db check` / `db reindex` on the counters. Every page of each filter, sorted both ways, is the
 * scan's: a wrong total would page from the wrong end.
 */
const STATUSES = ['CREATED', 'FAILED', 'MINTED', 'PENDING'] as const;
let organizationId = '';
let contractId = '';
const ids: string[] = [];

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'copyright counters', tenant: `crc-${crypto.randomUUID()}` }).returning().get().id;
  contractId = db.insert(smartContracts).values({ organizationId, name: 'Works', symbol: 'W' }).returning().get().id;
  for (let i = 0; i < 30; i++) {
    const copyrightStatus = copyrightStatuses[[0, 0, 1, 2, 3][i % 5]!]!;
    const id = db
      .insert(nfts)
      .values({ organizationId, smartContractId: contractId, name: `work ${String(i).padStart(2, '0')}`, status: STATUSES[i % 4], copyrightStatus, createdAt: new Date(1_700_000_000_000 + i * 1000) })
      .returning()
      .get().id;
    ids.push(id);
  }
});

function scanned(copyright: string, status?: string): string[] {
  return getDb()
    .all<{ id: string }>(
      sql`select "id" from "nfts" where "organization_id" = ${organizationId} and "copyright_status" = ${copyright} and (${status ?? null} is null or "status" = ${status ?? null})
        order by "created_at" desc, "id" desc`,
    )
    .map((r) => r.id);
}

async function list(query: Record<string, string>) {
  return listNfts(sqliteStore(getDb()), organizationId, listNftsQuery.parse({ limit: '4', ...query }));
}

async function expectExact(label: string) {
  clearCountCache();
  for (const copyright of copyrightStatuses) {
    for (const status of [undefined, ...STATUSES]) {
      const expected = scanned(copyright, status);
      const filter = { copyrightStatus: copyright, ...(status ? { status } : {}) };
      const got: string[] = [];
      for (let page = 1; page <= Math.max(1, Math.ceil(expected.length / 4)); page++) {
        const result = await list({ ...filter, sortBy: 'createdAt', sortOrder: 'desc', page: String(page) });
        expect(result.pagination.total, `${label}: ${copyright} ${status ?? ''}`).toBe(expected.length);
        got.push(...result.data.map((d) => d.id));
      }
      expect(got, `${label}: ${copyright} ${status ?? ''}, every page`).toEqual(expected);
      // The last page sorted the other way reads from the far end: the total places it.
      const last = await list({ ...filter, sortBy: 'createdAt', sortOrder: 'asc', page: String(Math.max(1, Math.ceil(expected.length / 4))) });
      expect(last.data.map((d) => d.id), `${label}: ${copyright} ${status ?? ''}, last page ascending`).toEqual(
        [...expected].reverse().slice(Math.max(0, Math.ceil(expected.length / 4) - 1) * 4),
      );
    }
  }
  expect(check(getDb().$client).problems, label).toEqual([]);
}

describe('A5: copyrightStatus totals off their counters', () => {
  it('stay the scan’s through every write that moves an NFT between them', async () => {
    const db = getDb();
    expect(scanned('NONE')).toHaveLength(12);
    expect(scanned('AWAITING')).toHaveLength(6);
    await expectExact('seeded');
    // NONE → AWAITING → COPYRIGHTED, and back to NONE; a status change of a counted NFT.
    db.update(nfts).set({ copyrightStatus: 'AWAITING' }).where(eq(nfts.id, ids[0]!)).run();
    db.update(nfts).set({ copyrightStatus: 'COPYRIGHTED' }).where(eq(nfts.id, ids[2]!)).run();
    db.update(nfts).set({ copyrightStatus: 'NONE' }).where(eq(nfts.id, ids[3]!)).run();
    db.update(nfts).set({ status: 'MINTED' }).where(eq(nfts.id, ids[4]!)).run();
    await expectExact('copyright and status changes');
    // Both at once, then deletes of a counted and an uncounted NFT.
    db.update(nfts).set({ status: 'FAILED', copyrightStatus: 'REJECTED' }).where(eq(nfts.id, ids[7]!)).run();
    db.delete(nfts).where(eq(nfts.id, ids[8]!)).run();
    db.delete(nfts).where(eq(nfts.id, ids[10]!)).run();
    await expectExact('both at once, deletes');
    // Rows written with plain SQL (no app function registered): the counters follow at once.
    for (const [status, copyright] of [
      ['FAILED', 'AWAITING'],
      ['CREATED', 'NONE'],
      ['PENDING', 'COPYRIGHTED'],
    ]) {
      db.$client
        .prepare(
          `insert into nfts (id, organization_id, smart_contract_id, name, status, copyright_status, created_at, updated_at) values (?, ?, ?, 'plain sql', ?, ?, 1800000000000, 0)`,
        )
        .run(crypto.randomUUID(), organizationId, contractId, status, copyright);
    }
    clearCountCache();
    for (const copyright of copyrightStatuses) {
      expect((await list({ copyrightStatus: copyright })).pagination.total, `plain SQL: ${copyright}`).toBe(scanned(copyright).length);
    }
    reindex(db.$client);
    await expectExact('plain SQL, reindexed');
  });

  it('are reported by db check when tampered with, and rebuilt by db reindex', async () => {
    const client = getDb().$client;
    client.prepare(`update search_counters set n = n + 2 where organization_id = ? and name = 'nfts:copyright:AWAITING:status:CREATED'`).run(organizationId);
    expect(check(client).problems.join('\n')).toMatch(/nfts:copyright:AWAITING:status:CREATED: \d+ \(actual \d+\)/);
    // Until then the totals are the counters' (what db check is for): this one, and NONE's difference.
    clearCountCache();
    expect((await list({ copyrightStatus: 'AWAITING', status: 'CREATED' })).pagination.total).toBe(scanned('AWAITING', 'CREATED').length + 2);
    expect((await list({ copyrightStatus: 'NONE' })).pagination.total).toBe(scanned('NONE').length - 2);
    reindex(client);
    await expectExact('reindexed');
  });
});
