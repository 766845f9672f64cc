import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, organizations, smartContracts } from '@/db/schema';
import type { NftPageRequest } from '../../list-requests';
import { nftPage } from '../../nft-list';
import { clearCountCache } from '../search/count-cache';
import { clearAnchorCache } from '../search/anchors';
import { searchTuning } from '../search/tuning';
import { sqliteStore } from '../store';

/*
 * A5 on SQLite, a search sorted by status: read as one search per status, in the order's sequence
 * (lib/storage/nft-list.ts, lib/storage/segments.ts). Every page — those spanning two
 * statuses, the deep ones read through anchors (shrunk here), the last — equals one sort of the
 * matching rows by (status, id), for a trigram term and a short one, alone and beside a copyright
 * filter; another organization's rows never count.
 */
let organizationId = '';
type Row = { id: string; name: string; description: string | null; status: string; copyrightStatus: string };
const rows: Row[] = [];
const saved = { ...searchTuning };
const statuses = ['PENDING', 'MINTED', 'FAILED', 'CREATED'] as const;

beforeAll(() => {
  const db = getDb();
  const seed = (org: string, n: number, into?: Row[]) => {
    const contract = db.insert(smartContracts).values({ organizationId: org, name: 'Works', symbol: 'W' }).returning().get().id;
    for (let i = 0; i < n; i++) {
      const row = db
        .insert(nfts)
        .values({
          organizationId: org,
          smartContractId: contract,
          name: `${i % 3 ? 'amber' : 'willow'} ${i}`,
          description: i % 5 === 0 ? 'an amber note' : null,
          // Uneven statuses: one holds most rows, one none of the term's.
          status: statuses[i % 7 < 4 ? 0 : i % 7 < 6 ? 1 : 2],
          copyrightStatus: i % 4 === 0 ? 'AWAITING' : 'NONE',
        })
        .returning()
        .get();
      into?.push({ id: row.id, name: row.name, description: row.description, status: row.status, copyrightStatus: row.copyrightStatus });
    }
  };
  organizationId = db.insert(organizations).values({ name: 'split', tenant: `split-${crypto.randomUUID()}` }).returning().get().id;
  seed(organizationId, 70, rows);
  const other = db.insert(organizations).values({ name: 'other', tenant: `other-${crypto.randomUUID()}` }).returning().get().id;
  seed(other, 20);
});

afterEach(() => {
  Object.assign(searchTuning, saved);
});

describe('A5 on SQLite: a search sorted by status', () => {
  it('pages like one sort of the matches by (status, id), in both directions, across statuses and through anchors', async () => {
    Object.assign(searchTuning, { anchorInterval: 4, commonHits: 1, walkBudget: 2 });
    let spanning = 0;
    for (const search of ['amber', 'am', 'willow']) {
      for (const copyrightStatus of [undefined, 'AWAITING'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          clearCountCache();
          clearAnchorCache();
          const d = sortOrder === 'asc' ? 1 : -1;
          const expected = rows
            .filter((r) => (r.name.includes(search) || (r.description ?? '').includes(search)) && (!copyrightStatus || r.copyrightStatus === copyrightStatus))
            .sort((a, b) => (a.status !== b.status ? (a.status < b.status ? -1 : 1) * d : (a.id < b.id ? -1 : 1) * d));
          expect(expected.length).toBeGreaterThan(3);
          const limit = 3;
          for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page++) {
            const q: NftPageRequest = { search, copyrightStatus, sortBy: 'status', sortOrder, page, limit };
            const got = await nftPage(sqliteStore(getDb()), organizationId, q);
            const want = expected.slice((page - 1) * limit, page * limit);
            const label = JSON.stringify(q);
            expect(got.total, label).toBe(expected.length);
            expect(got.ids, label).toEqual(want.map((r) => r.id));
            if (new Set(want.map((r) => r.status)).size > 1) spanning += 1;
          }
        }
      }
    }
    expect(spanning).toBeGreaterThan(6);
  });
});
