import { describe, expect, it } from 'vitest';
import { nfts, organizations, smartContracts } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { nftPage } from './nft-list';

/*
 * A5 on the engine of the run, a search sorted by status: read as one search per status
 * (lib/storage/nft-list.ts, segments.ts). Every page, those spanning two
 * statuses included, equals one sort of the matching rows by (status, id), in both directions;
 * another organization's rows never count.
 */
describe('A5 sorted by status, on the engine of the run', () => {
  it('pages a search like one sort of its matches by (status, id)', async () => {
    const store = await getStore();
    const seed = async (n: number) => {
      const [org] = await store.insert(organizations).values({ name: 'status', tenant: `status-${crypto.randomUUID()}` }).returning();
      const [contract] = await store.insert(smartContracts).values({ organizationId: org!.id, name: 'Works', symbol: 'W' }).returning();
      const statuses = ['PENDING', 'MINTED', 'FAILED', 'CREATED'] as const;
      const rows: { id: string; name: string; status: string }[] = [];
      for (let i = 0; i < n; i++) {
        const [row] = await store
          .insert(nfts)
          .values({ organizationId: org!.id, smartContractId: contract!.id, name: `${i % 3 ? 'amber' : 'willow'} ${i}`, status: statuses[i % 7 < 4 ? 0 : i % 7 < 6 ? 1 : 2] })
          .returning();
        rows.push({ id: row!.id, name: row!.name, status: row!.status });
      }
      return { organizationId: org!.id, rows };
    };
    const { organizationId, rows } = await seed(40);
    await seed(10);
    let spanning = 0;
    for (const search of ['amber', 'am', 'willow']) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const d = sortOrder === 'asc' ? 1 : -1;
        const expected = rows
          .filter((r) => r.name.includes(search))
          .sort((a, b) => (a.status !== b.status ? (a.status < b.status ? -1 : 1) * d : (a.id < b.id ? -1 : 1) * d));
        for (let page = 1; page <= Math.ceil(expected.length / 3) + 1; page++) {
          const want = expected.slice((page - 1) * 3, page * 3);
          const got = await nftPage(store, organizationId, { search, sortBy: 'status', sortOrder, page, limit: 3 });
          const label = JSON.stringify({ search, sortOrder, page });
          expect(got.total, label).toBe(expected.length);
          expect(got.ids, label).toEqual(want.map((r) => r.id));
          if (new Set(want.map((r) => r.status)).size > 1) spanning += 1;
        }
      }
    }
    expect(spanning).toBeGreaterThan(4);
  });
});
