import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, organizations, smartContracts } from '@/db/schema';
import { searchNfts } from '@/lib/nft-search/service';
import { clearCountCache } from '@/lib/storage/sqlite/search/count-cache';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/*
 * A keyword beside a filter that the search index decides only in part: its `status eq` and
 * `contains` leaves with the keyword, its other leaves (a supply range, a date range, a name
 * equality) not. The total counts the index's matches among an index range of the other leaf
 * (one range on an indexed NOT NULL field) or tests only the other leaves on each match's row
 * (lib/storage/sqlite/lists/nft-search.ts residualCount). ASCII text only, so the trigram index
 * decides. The oracle: the page itself, whose rows are tested one by one, holds every match
 * (fewer than a page), and each row is checked here against the criteria.
 */
let organizationId = '';
const words = ['harbor', 'amber', 'station', 'glacier', 'lantern'];
const statuses = ['CREATED', 'MINTED', 'FAILED'] as const;
const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000);

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'residual', tenant: `residual-${crypto.randomUUID()}` }).returning().get().id;
  const contract = db.insert(smartContracts).values({ organizationId, name: 'Works', symbol: 'W' }).returning().get().id;
  for (let i = 0; i < 60; i++) {
    db.insert(nfts)
      .values({
        organizationId,
        smartContractId: contract,
        name: `${words[i % 5]} ${words[(i * 3) % 5]} ${i}`,
        description: i % 4 ? `note ${words[(i + 2) % 5]}` : null,
        status: statuses[i % 3],
        supply: 1 + (i % 7),
        createdAt: day(i),
      })
      .run();
  }
  // Another organization's NFTs hold the same words: never counted here.
  const other = db.insert(organizations).values({ name: 'other', tenant: `other-${crypto.randomUUID()}` }).returning().get().id;
  const otherContract = db.insert(smartContracts).values({ organizationId: other, name: 'Else', symbol: 'E' }).returning().get().id;
  for (let i = 0; i < 20; i++) {
    db.insert(nfts).values({ organizationId: other, smartContractId: otherContract, name: `${words[i % 5]} other ${i}`, status: statuses[i % 3], supply: 1 + (i % 7) }).run();
  }
});

type Leaf = { field: string; operator: string; value: string | number };
type Row = { name: string; description: string | null; status: string; supply: number; createdAt: Date };
const holds = (row: Row, leaf: Leaf): boolean => {
  const value = leaf.field === 'createdAt' ? row.createdAt.toISOString() : (row as unknown as Record<string, string | number>)[leaf.field]!;
  switch (leaf.operator) {
    case 'eq':
      return value === leaf.value;
    case 'contains':
      return String(value).toLowerCase().includes(String(leaf.value));
    case 'gte':
      return value >= leaf.value;
    case 'lt':
      return value < leaf.value;
    case 'lte':
      return value <= leaf.value;
    default:
      return (value as string) > (leaf.value as string);
  }
};

describe('B1: a keyword beside a filter the index decides in part', () => {
  it('totals every combination exactly: a supply range (with and without status and contains, in its complement where that is smaller), a date range, a name equality', async () => {
    const others: Leaf[][] = [
      [{ field: 'supply', operator: 'gte', value: 4 }],
      [{ field: 'supply', operator: 'lt', value: 3 }],
      [{ field: 'status', operator: 'eq', value: 'MINTED' }, { field: 'supply', operator: 'gte', value: 3 }],
      [{ field: 'status', operator: 'eq', value: 'FAILED' }, { field: 'supply', operator: 'lt', value: 5 }],
      // Ranges holding most of their group: counted as the keyword's matches less those outside (complementRange).
      [{ field: 'status', operator: 'eq', value: 'MINTED' }, { field: 'supply', operator: 'gt', value: 1 }],
      [{ field: 'supply', operator: 'lte', value: 6 }],
      [{ field: 'name', operator: 'contains', value: 'amber' }, { field: 'supply', operator: 'gte', value: 2 }],
      [{ field: 'status', operator: 'eq', value: 'CREATED' }, { field: 'createdAt', operator: 'gt', value: day(20).toISOString() }],
      [{ field: 'name', operator: 'eq', value: 'harbor harbor 0' }, { field: 'status', operator: 'eq', value: 'CREATED' }],
    ];
    let nonEmpty = 0;
    for (const keyword of ['harbor', 'sta', 'lantern', 'ern', 'note', 'a', 'no']) {
      for (const filters of others) {
        clearCountCache();
        const page = await searchNfts(sqliteStore(getDb()), organizationId, { keyword, advancedFilter: { logic: 'and', filters }, pageSize: 100 });
        const label = JSON.stringify({ keyword, filters });
        expect(page.totalCount, label).toBe(page.data.length);
        for (const d of page.data as unknown as Row[]) {
          expect(`${d.name} ${d.description ?? ''}`.toLowerCase(), label).toContain(keyword);
          for (const leaf of filters) expect(holds(d, leaf), `${label} ${JSON.stringify(d)}`).toBe(true);
        }
        if (page.data.length) nonEmpty += 1;
      }
    }
    expect(nonEmpty).toBeGreaterThan(25);
  });
});
