import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, organizations, smartContracts } from '@/db/schema';
import { searchNfts } from '@/lib/nft-search/service';
import { clearAnchorCache } from '@/lib/storage/sqlite/search/anchors';
import { clearCountCache } from '@/lib/storage/sqlite/search/count-cache';
import { searchTuning } from '@/lib/storage/sqlite/search/tuning';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/*
 * A deep page of a keyword beside `status eq`, its anchors built in one pass over the search
 * index's matches (lib/storage/sqlite/search/anchors.ts onePass): the pass walks the (organization,
 * status, key, id) index under the status too, so the rows come in the order's own sequence. Without
 * the status in its condition the pass ranged over every status's rows and sorted them all (a
 * temporary B-tree: ~3 s at a million NFTs). Without keywords, a supply range beside the status is
 * decided the same way by its own index's range. Checked with EXPLAIN QUERY PLAN of the statement
 * the page ran, and the pages against a model.
 */
let organizationId = '';
const saved = { ...searchTuning };
const statuses = ['CREATED', 'MINTED', 'FAILED'] as const;
const rows: { id: string; name: string; status: string; updatedAt: number; supply: number }[] = [];

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'one pass', tenant: `pass-${crypto.randomUUID()}` }).returning().get().id;
  const contract = db.insert(smartContracts).values({ organizationId, name: 'Works', symbol: 'W' }).returning().get().id;
  for (let i = 0; i < 90; i++) {
    const updatedAt = new Date(Date.UTC(2025, 0, 1) + ((i * 37) % 90) * 1000);
    const supply = ((i * 11) % 7) + 1;
    const row = db.insert(nfts).values({ organizationId, smartContractId: contract, name: i % 5 ? `ember ${i}` : `stone ${i}`, status: statuses[i % 3], updatedAt, supply }).returning().get();
    rows.push({ id: row.id, name: row.name, status: row.status, updatedAt: updatedAt.getTime(), supply });
  }
});

afterEach(() => {
  Object.assign(searchTuning, saved);
});

/** Runs `work`, recording every one-pass anchor statement it runs (`row_number()`); returns each one's EXPLAIN QUERY PLAN. */
async function passPlans(work: () => Promise<void>): Promise<string[]> {
  const client = getDb().$client;
  const prepare = client.prepare.bind(client);
  const passes: { text: string; params: unknown[] }[] = [];
  client.prepare = ((text: string) => {
    const statement = prepare(text);
    if (!text.includes('row_number()')) return statement;
    const all = statement.all.bind(statement);
    statement.all = (...params: unknown[]) => (passes.push({ text, params }), all(...params));
    return statement;
  }) as typeof client.prepare;
  try {
    await work();
  } finally {
    client.prepare = prepare;
  }
  return passes.map(({ text, params }) => (client.prepare(`explain query plan ${text}`).all(...params) as { detail: string }[]).map((r) => r.detail).join(' | '));
}

describe('B1 one-pass anchors under a status', () => {
  it('range over the status index under the status: no sort of the organization’s rows, the page as the model says', async () => {
    Object.assign(searchTuning, { anchorInterval: 4, onePassRatio: 1e12, commonHits: 1 });
    clearAnchorCache();
    clearCountCache();
    const plans = await passPlans(async () => {
      for (const keyword of ['em', 'e']) {
        const page = await searchNfts(sqliteStore(getDb()), organizationId, {
          keyword,
          advancedFilter: { field: 'status', operator: 'eq', value: 'MINTED' },
          orderBy: ['updatedAt desc'],
          pageNumber: 3,
          pageSize: 4,
        });
        const expected = rows
          .filter((r) => r.status === 'MINTED' && r.name.includes(keyword))
          .sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : -1))
          .map((r) => r.id);
        expect(page.totalCount, keyword).toBe(expected.length);
        expect(page.data.map((d) => d.id), keyword).toEqual(expected.slice(8, 12));
      }
    });
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).toMatch(/nfts_org_status_updated_id_idx \(organization_id=\? AND status=\?/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('without keywords: a supply range beside the status probes its own index range, every page as the model says', async () => {
    Object.assign(searchTuning, { anchorInterval: 4, onePassRatio: 1e12 });
    clearAnchorCache();
    clearCountCache();
    const plans = await passPlans(async () => {
      for (const [direction, bound] of [
        ['desc', 3],
        ['asc', 5],
      ] as const) {
        const expected = rows
          .filter((r) => r.status === 'MINTED' && r.supply >= bound)
          .sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1) * (direction === 'asc' ? 1 : -1))
          .map((r) => r.id);
        expect(expected.length).toBeGreaterThan(8);
        for (let pageNumber = 1; pageNumber <= Math.ceil(expected.length / 4); pageNumber++) {
          const page = await searchNfts(sqliteStore(getDb()), organizationId, {
            advancedFilter: {
              logic: 'and',
              filters: [
                { field: 'status', operator: 'eq', value: 'MINTED' },
                { field: 'supply', operator: 'gte', value: bound },
              ],
            },
            orderBy: [`name ${direction}`],
            pageNumber,
            pageSize: 4,
          });
          expect(page.totalCount).toBe(expected.length);
          expect(page.data.map((d) => d.id), `${direction} ${bound} page ${pageNumber}`).toEqual(expected.slice((pageNumber - 1) * 4, pageNumber * 4));
        }
      }
    });
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).toMatch(/nfts_b1_status_name_fold_id_idx \(organization_id=\? AND status=\?/);
      expect(plan).toMatch(/nfts_org_status_supply_id_idx \(organization_id=\? AND status=\? AND supply>\?/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
