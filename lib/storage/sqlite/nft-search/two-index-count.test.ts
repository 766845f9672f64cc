import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, organizations, smartContracts } from '@/db/schema';
import { searchNfts } from '@/lib/nft-search/service';
import { clearCountCache } from '@/lib/storage/sqlite/search/count-cache';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/*
 * A one- or two-character keyword beside a `name contains` filter: the short-term index decides the
 * keyword, the trigram index the filter (its status leaves as facets), and the total is counted as
 * the rows both match (lib/storage/sqlite/lists/nft-search.ts twoIndexCount). ASCII text only, so
 * the trigram index decides (no character a fold turns into ASCII). The oracle: the page itself,
 * whose rows are tested one by one, holds every match (fewer than a page).
 */
let organizationId = '';
const words = ['harbor', 'amber', 'station', 'glacier', 'lantern'];
const statuses = ['CREATED', 'MINTED', 'FAILED'] as const;

beforeAll(() => {
  const db = getDb();
  organizationId = db.insert(organizations).values({ name: 'two indexes', tenant: `two-${crypto.randomUUID()}` }).returning().get().id;
  const contract = db.insert(smartContracts).values({ organizationId, name: 'Works', symbol: 'W' }).returning().get().id;
  for (let i = 0; i < 45; i++) {
    db.insert(nfts)
      .values({
        organizationId,
        smartContractId: contract,
        name: `${words[i % 5]} ${words[(i * 3) % 5]} ${i}`,
        description: i % 4 ? `note ${words[(i + 2) % 5]}` : null,
        status: statuses[i % 3],
        supply: 1 + (i % 7),
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
      })
      .run();
  }
});

describe('B1: a short keyword beside a contains filter', () => {
  it('totals every combination exactly, alone and with a status', async () => {
    let nonEmpty = 0;
    for (const keyword of ['a', 'r', 'no', 'gl', 'zq', '4', 'e ']) {
      for (const value of ['harbor', 'station', 'amber', 'ern']) {
        for (const status of [null, 'MINTED'] as const) {
          clearCountCache();
          const contains = { field: 'name', operator: 'contains', value };
          const page = await searchNfts(sqliteStore(getDb()), organizationId, {
            keyword,
            advancedFilter: status ? { logic: 'and', filters: [contains, { field: 'status', operator: 'eq', value: status }] } : contains,
            pageSize: 100,
          });
          const label = JSON.stringify({ keyword, value, status });
          expect(page.totalCount, label).toBe(page.data.length);
          for (const d of page.data) {
            expect(d.name.toLowerCase(), label).toContain(value);
            if (status) expect(d.status, label).toBe(status);
          }
          if (page.data.length) nonEmpty += 1;
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(20);
  });
});
